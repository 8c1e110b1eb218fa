import { webcrypto } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DebugEvent } from '../types/debug.js';
import { fakeEnv } from '../testing/fake-env.js';
import { fakeIndexedDB } from '../testing/fake-indexeddb.js';
import type { DpopKeyPair } from './key-pair.js';

const ID = JSON.stringify(['tenant.example.com', 'abc123']);

// A new module instance is a new page: empty memory, IndexedDB kept.
const page = async () => {
  vi.resetModules();
  return import('./key-store.js');
};

/** Resolves after IndexedDB's fake callbacks (a few real timer turns) have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('DPoP key store, with IndexedDB', () => {
  // idb-keyval keeps its connection per module instance; one fake database serves the file.
  const idb = fakeIndexedDB();
  beforeEach(() => {
    idb.data.clear();
    idb.log.length = 0;
    idb.stall.open = false;
    idb.fail.writes = false;
    vi.stubGlobal('indexedDB', idb.indexedDB);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates a non-extractable ES256 pair and stores it as CryptoKey objects', async () => {
    const events: DebugEvent[] = [];
    const { dpopKeyPair } = await page();
    const pair = await dpopKeyPair(ID, fakeEnv(), (e) => events.push(e));
    expect(pair.privateKey).toBeInstanceOf(CryptoKey);
    expect(pair.privateKey.extractable).toBe(false);
    expect(pair.privateKey.usages).toEqual(['sign']);
    expect(pair.privateKey.algorithm).toEqual({ name: 'ECDSA', namedCurve: 'P-256' });
    await expect(webcrypto.subtle.exportKey('jwk', pair.privateKey as never)).rejects.toThrow(/not extractable/);
    const stored = idb.data.get(ID) as DpopKeyPair;
    expect(stored.privateKey).toBeInstanceOf(CryptoKey);
    expect(stored.privateKey.extractable).toBe(false);
    expect(stored.jwk).toEqual(pair.jwk);
    expect(Object.keys(stored.jwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(events).toEqual([]); // kept in IndexedDB: nothing to report
  });

  it('gives the same pair on every call of a page and on the next page (from IndexedDB)', async () => {
    const first = await page();
    const env = fakeEnv();
    const [a, b] = await Promise.all([first.dpopKeyPair(ID, env), first.dpopKeyPair(ID, env)]);
    expect(b).toBe(a);
    expect(idb.log.filter((entry) => entry === 'put')).toHaveLength(1); // one generation for both callers
    expect(await first.dpopKeyPair(ID, env)).toBe(a);
    const next = await page();
    const again = await next.dpopKeyPair(ID, env);
    expect(again.jwk).toEqual(a.jwk);
    // The clone from the database signs, and its signature verifies with the first page's public key.
    const data = new TextEncoder().encode('proof input');
    const signature = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, again.privateKey as never, data);
    const publicKey = await webcrypto.subtle.importKey('jwk', a.jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    expect(await webcrypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, data)).toBe(true);
  });

  it('keeps one pair per domain and client id', async () => {
    const { dpopKeyPair, dpopKeyId } = await page();
    const env = fakeEnv();
    const a = await dpopKeyPair(dpopKeyId('tenant.example.com', 'abc123'), env);
    const b = await dpopKeyPair(dpopKeyId('tenant.example.com', 'other'), env);
    const c = await dpopKeyPair(dpopKeyId('other.example.com', 'abc123'), env);
    expect(new Set([a.jwk.x, b.jwk.x, c.jwk.x]).size).toBe(3);
    expect(idb.data.size).toBe(3);
  });

  it('replaces a stored value that is not a non-extractable signing pair', async () => {
    const extractable = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' };
    for (const planted of ['text', null, { jwk }, { privateKey: extractable.privateKey, jwk }]) {
      idb.data.set(ID, planted);
      const pair = await (await page()).dpopKeyPair(ID, fakeEnv());
      expect(pair.privateKey.extractable).toBe(false);
      expect(pair.jwk).not.toEqual(jwk);
      expect((idb.data.get(ID) as DpopKeyPair).jwk).toEqual(pair.jwk);
    }
  });

  it('clear removes the pair from the page and IndexedDB; the next call makes a new one', async () => {
    const { dpopKeyPair, clearDpopKeyPair } = await page();
    const env = fakeEnv();
    const before = await dpopKeyPair(ID, env);
    await clearDpopKeyPair(ID, env);
    expect(idb.data.has(ID)).toBe(false);
    expect(idb.log).toContain('delete');
    const after = await dpopKeyPair(ID, env);
    expect(after.jwk).not.toEqual(before.jwk);
    expect((await (await page()).dpopKeyPair(ID, env)).jwk).toEqual(after.jwk);
  });

  it('clear during a generation deletes after the write, so the pair does not come back', async () => {
    const { dpopKeyPair, clearDpopKeyPair } = await page();
    const env = fakeEnv();
    const pending = dpopKeyPair(ID, env);
    await clearDpopKeyPair(ID, env);
    await pending;
    await settle();
    expect(idb.data.has(ID)).toBe(false);
  });

  it('renew makes a new pair whatever is stored or held, and stores it for the next page (issue 53)', async () => {
    const planted = await (await page()).dpopKeyPair(ID, fakeEnv()); // a valid-looking stored pair
    const { dpopKeyPair, renewDpopKeyPair } = await page();
    const env = fakeEnv();
    const held = dpopKeyPair(ID, env); // this page's, loaded from storage
    expect((await held).jwk).toEqual(planted.jwk);
    const renewed = await renewDpopKeyPair(ID, env);
    expect(renewed.jwk).not.toEqual(planted.jwk);
    expect(renewed.privateKey.extractable).toBe(false);
    expect(await dpopKeyPair(ID, env)).toBe(renewed);
    expect((idb.data.get(ID) as DpopKeyPair).jwk).toEqual(renewed.jwk);
    expect((await (await page()).dpopKeyPair(ID, env)).jwk).toEqual(renewed.jwk);
  });

  it("uses the pair another document's login stored since, over its own (the tokens are bound to that one)", async () => {
    const env = fakeEnv();
    const opener = await page();
    const own = await opener.dpopKeyPair(ID, env);
    const popup = await page(); // a login in another document: the popup, another tab
    const renewed = await popup.renewDpopKeyPair(ID, env);
    expect((await opener.dpopKeyPair(ID, env)).jwk).toEqual(renewed.jwk);
    expect(renewed.jwk).not.toEqual(own.jwk);
    // A pair IndexedDB refused stays this page's, whatever IndexedDB holds.
    idb.fail.writes = true;
    const unstored = await opener.renewDpopKeyPair(ID, env);
    expect(await opener.dpopKeyPair(ID, env)).toBe(unstored);
  });

  it('keeps the pair in memory when IndexedDB cannot store it, and says so', async () => {
    idb.fail.writes = true;
    const events: DebugEvent[] = [];
    const { dpopKeyPair } = await page();
    const env = fakeEnv();
    const pair = await dpopKeyPair(ID, env, (e) => events.push(e));
    expect(await dpopKeyPair(ID, env)).toBe(pair);
    expect(events).toEqual([{ flow: 'dpop', step: 'key-in-memory', detail: { reason: 'indexedDB write failed' } }]);
    expect(idb.data.size).toBe(0);
  });

  it('keeps the pair in memory when IndexedDB never answers, after the deadline, and says so', async () => {
    idb.stall.open = true;
    const events: DebugEvent[] = [];
    const { dpopKeyPair, DPOP_IDB_TIMEOUT_MS } = await page();
    const env = fakeEnv();
    const pending = dpopKeyPair(ID, env, (e) => events.push(e));
    await settle();
    env.advance(DPOP_IDB_TIMEOUT_MS);
    const pair = await pending;
    expect(pair.privateKey.extractable).toBe(false);
    expect(await dpopKeyPair(ID, env)).toBe(pair);
    expect(events).toEqual([{ flow: 'dpop', step: 'key-in-memory', detail: { reason: 'indexedDB unavailable' } }]);
    expect(idb.data.size).toBe(0);
  });
});

describe('DPoP key store, without IndexedDB', () => {
  it('keeps the pair in memory for the page, says so in a debug event, and a new page gets a new pair', async () => {
    expect(globalThis.indexedDB).toBeUndefined();
    const events: DebugEvent[] = [];
    const { dpopKeyPair, clearDpopKeyPair } = await page();
    const env = fakeEnv();
    const pair = await dpopKeyPair(ID, env, (e) => events.push(e));
    expect(await dpopKeyPair(ID, env)).toBe(pair);
    expect(events).toEqual([{ flow: 'dpop', step: 'key-in-memory', detail: { reason: 'indexedDB unavailable' } }]);
    expect(JSON.stringify(events)).not.toContain(pair.jwk.x);
    await clearDpopKeyPair(ID, env); // no database: still no error
    expect((await dpopKeyPair(ID, env)).jwk).not.toEqual(pair.jwk);
    expect((await (await page()).dpopKeyPair(ID, env)).jwk).not.toEqual(pair.jwk);
  });

  it('rejects with a WebAuthError where WebCrypto is missing, and tries again on the next call', async () => {
    const { dpopKeyPair } = await page();
    const env = fakeEnv();
    const real = env.subtle;
    env.subtle = () => undefined as never;
    await expect(dpopKeyPair(ID, env)).rejects.toMatchObject({
      name: 'WebAuthError',
      message: 'DPoP needs WebCrypto ECDSA P-256 (a secure context)',
    });
    env.subtle = real;
    expect((await dpopKeyPair(ID, env)).privateKey.extractable).toBe(false);
  });
});
