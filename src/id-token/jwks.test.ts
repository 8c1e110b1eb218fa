import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIndexedDB } from '../testing/fake-indexeddb.js';
import type { JwksSource } from './jwks.js';

function memoryHints() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

/** localStorage with no room for a key set (it still takes the short IndexedDB marker). */
function fullHints() {
  const hints = memoryHints();
  const setItem = hints.setItem;
  hints.setItem = (k: string, v: string) => {
    if (v.length > 40) throw new DOMException('quota', 'QuotaExceededError');
    setItem(k, v);
  };
  return hints;
}

const URL = 'https://tenant.example.com/.well-known/jwks.json';
/** A 2048-bit modulus (256 bytes, top bit set); the value does not matter for the cache. */
const N_2048 = 'x' + 'A'.repeat(341);
const KEY = { kty: 'RSA', kid: 'k1', n: N_2048, e: 'AQAB' };

describe('JWKS cache', () => {
  // idb-keyval keeps its connection for the whole file (node_modules are not reset between tests),
  // so one fake database serves every test and is emptied before each.
  const idb = fakeIndexedDB();
  let now: number;
  let fetches: number;
  let served: Record<string, unknown>[];
  let cacheControl: string | undefined;
  const source = (hints?: JwksSource['hints']): JwksSource => ({
    fetchJson: async () => (idb.log.push('fetch'), fetches++, { body: { keys: [...served] }, cacheControl }),
    now: () => now,
    hints,
    // No deadline fires unless a test asks for one: a loaded machine must not turn a slow fake read into a miss.
    timer: () => () => {},
  });
  const realTimer: JwksSource['timer'] = (fn, ms) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  };
  // A new module instance is a new page: empty memory cache, IndexedDB and localStorage kept.
  const page = async () => {
    vi.resetModules();
    return import('./jwks.js');
  };
  // Until every IndexedDB write has completed and its marker has been written: no write pending for
  // ten timer turns in a row (a write starts only after the open, so one quiet turn is not enough).
  // The fake database answers in zero-delay timers, which run in the order they were set, so a turn
  // is counted in timers, not milliseconds: a 5 ms turn made the 100-load test take 5.5 s.
  const settle = async () => {
    for (let quiet = 0, i = 0; quiet < 10 && i < 400; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      quiet = idb.pending.writes > 0 ? 0 : quiet + 1;
    }
  };

  beforeEach(() => {
    idb.data.clear();
    idb.log.length = 0;
    idb.stall.open = false;
    vi.stubGlobal('indexedDB', idb.indexedDB);
    now = 1_000_000;
    fetches = 0;
    served = [KEY];
    cacheControl = undefined;
  });
  afterEach(async () => {
    await settle(); // a test's background write lands before the next test clears the log
    vi.unstubAllGlobals();
  });

  it('goes to the network first on a first visit, then keeps the set in localStorage, not IndexedDB', async () => {
    const hints = memoryHints();
    const { getSigningKey } = await page();
    expect(await getSigningKey(URL, 'k1', source(hints))).toEqual(KEY);
    expect(idb.log[0]).toBe('fetch'); // IndexedDB was not opened before the request
    await settle();
    expect(idb.log).not.toContain('put');
    expect(JSON.parse(hints.items.get('webauth-js.jwks.' + URL)!)).toEqual({
      keys: [KEY],
      fetchedAt: now,
      ttl: 10 * 60 * 1000,
    });
  });

  it('answers a later page from localStorage at once, without opening IndexedDB', async () => {
    const hints = memoryHints();
    await (await page()).getSigningKey(URL, 'k1', source(hints));
    const { getSigningKey } = await page();
    const origins: string[] = [];
    idb.log.length = 0;
    expect(await getSigningKey(URL, 'k1', { ...source(hints), trace: (_kid, from) => origins.push(from) })).toEqual(
      KEY,
    );
    expect(origins).toEqual(['localStorage']);
    expect(idb.log).toEqual([]);
    expect(fetches).toBe(1);
  });

  it('keeps the set in IndexedDB with a short marker where localStorage has no room for it', async () => {
    const hints = fullHints();
    await (await page()).getSigningKey(URL, 'k1', source(hints));
    await settle();
    expect(idb.log).toContain('put');
    expect(hints.items.get('webauth-js.jwks.' + URL)).toBe(`${now} ${10 * 60 * 1000}`);
    const origins: string[] = [];
    await (await page()).getSigningKey(URL, 'k1', { ...source(hints), trace: (_kid, from) => origins.push(from) });
    expect(origins).toEqual(['indexedDB']);
    expect(fetches).toBe(1);
  });

  it.each([
    [
      'a set with a key that is not a signing key',
      JSON.stringify({ keys: [{ kty: 'oct', k: 'AAAA' }], fetchedAt: 0, ttl: 600_000 }),
    ],
    ['text that is not JSON', '{not json'],
  ])('does not use a localStorage item holding %s, and fetches instead', async (_name, item) => {
    const hints = memoryHints();
    hints.items.set('webauth-js.jwks.' + URL, item.replace('"fetchedAt":0', `"fetchedAt":${now}`));
    expect(await (await page()).getSigningKey(URL, 'k1', source(hints))).toEqual(KEY);
    expect(fetches).toBe(1);
  });

  it('answers a later page from IndexedDB without a request, and memory after that', async () => {
    const hints = memoryHints();
    await (await page()).getSigningKey(URL, 'k1', source(hints));
    await settle();
    const { getSigningKey } = await page();
    now += 60_000;
    expect(await getSigningKey(URL, 'k1', source(hints))).toEqual(KEY);
    expect(await getSigningKey(URL, 'k1', source(hints))).toEqual(KEY);
    expect(fetches).toBe(1);
  });

  it('refetches once the set is older than ten minutes, without reading IndexedDB', async () => {
    const hints = memoryHints();
    await (await page()).getSigningKey(URL, 'k1', source(hints));
    await settle();
    const { getSigningKey, JWKS_TTL_MS } = await page();
    now += JWKS_TTL_MS;
    idb.log.length = 0;
    await getSigningKey(URL, 'k1', source(hints));
    expect(idb.log[0]).toBe('fetch');
    expect(fetches).toBe(2);
  });

  it('asks IndexedDB first when there is no synchronous storage for markers', async () => {
    await (await page()).getSigningKey(URL, 'k1', source());
    expect(idb.log.filter((entry) => !entry.startsWith('open')).slice(0, 2)).toEqual(['get', 'fetch']);
    await settle();
    await (await page()).getSigningKey(URL, 'k1', source());
    expect(fetches).toBe(1);
  });

  it('does not trust a set stamped in the future once the clock is corrected', async () => {
    const { getSigningKey } = await page();
    now = Date.parse('2027-11-23T12:00:00Z'); // the clock ran a year ahead when the set was fetched
    await getSigningKey(URL, 'k1', source(memoryHints()));
    now = Date.parse('2026-11-23T13:00:00Z');
    await getSigningKey(URL, 'k1', source(memoryHints()));
    expect(fetches).toBe(2);
  });

  it('refetches once for an unknown key id, then fails with v10 message', async () => {
    const { getSigningKey, UNKNOWN_KID_COOLDOWN_MS } = await page();
    await getSigningKey(URL, 'k1', source(memoryHints()));
    now += UNKNOWN_KID_COOLDOWN_MS;
    await expect(getSigningKey(URL, 'rotated', source(memoryHints()))).rejects.toThrow(
      'Could not find a public key for Key ID (kid) "rotated"',
    );
    expect(fetches).toBe(2);
  });

  it('shares one request between parallel cold checks of the same key set', async () => {
    const { getSigningKey } = await page();
    const hints = memoryHints();
    const keys = await Promise.all([1, 2, 3].map(() => getSigningKey(URL, 'k1', source(hints))));
    expect(keys).toEqual([KEY, KEY, KEY]);
    expect(fetches).toBe(1);
  });

  it('refetches for unknown key ids at most once per 30 s per key-set URL', async () => {
    const { getSigningKey } = await page();
    await getSigningKey(URL, 'k1', source(memoryHints()));
    const forged = (kid: string) => expect(getSigningKey(URL, kid, source(memoryHints()))).rejects.toThrow(kid);
    await forged('forged-1'); // the set is seconds old: no request
    await Promise.all([forged('forged-2'), forged('forged-3')]);
    expect(fetches).toBe(1);
    now += 30_000;
    await Promise.all([forged('forged-4'), forged('forged-5')]); // one refetch, shared
    await forged('forged-6');
    expect(fetches).toBe(2);
    now += 30_000;
    await forged('forged-7');
    expect(fetches).toBe(3);
  });

  it('ignores keys that are not RS256 signing keys of at least 2048 bits, or that carry private members', async () => {
    const { getSigningKey } = await page();
    const bad = {
      enc: { ...KEY, kid: 'enc', use: 'enc' },
      ps256: { ...KEY, kid: 'ps256', alg: 'PS256' },
      ec: { kty: 'EC', kid: 'ec', crv: 'P-256', x: 'x', y: 'y' },
      short: { ...KEY, kid: 'short', n: 'x' + 'A'.repeat(169) }, // 1016 bits
      padded: { ...KEY, kid: 'padded', n: 'AAAA' + 'A'.repeat(338) }, // leading zero bytes do not count
      private: { ...KEY, kid: 'private', d: 'secret' },
      primes: { ...KEY, kid: 'primes', p: 'p', q: 'q' },
      noModulus: { kty: 'RSA', kid: 'noModulus', e: 'AQAB' },
    };
    served = [KEY, ...Object.values(bad), { ...KEY, kid: 'ok', use: 'sig', alg: 'RS256' }];
    expect(await getSigningKey(URL, 'ok', source(memoryHints()))).toMatchObject({ kid: 'ok' });
    for (const kid of Object.keys(bad)) {
      await expect(getSigningKey(URL, kid, source(memoryHints()))).rejects.toThrow(
        `Could not find a public key for Key ID (kid) "${kid}"`,
      );
    }
  });

  it("keeps its key sets in a database of its own, not idb-keyval's shared default", async () => {
    await (await page()).getSigningKey(URL, 'k1', source());
    const opened = idb.log.filter((entry) => entry.startsWith('open '));
    expect(opened).toEqual(['open webauth-js']);
  });

  it.each([
    ['keys that are not a list', { keys: 'nope', fetchedAt: 0 }],
    ['no fetch time', { keys: [KEY] }],
    ['a fetch time that is not a number', { keys: [KEY], fetchedAt: 'now' }],
    ['a private key', { keys: [{ ...KEY, d: 'secret' }], fetchedAt: 0 }],
    ['a list of strings', { keys: ['k1'], fetchedAt: 0 }],
  ])('does not use a stored set with %s, and fetches instead', async (_name, stored) => {
    await (await page()).getSigningKey(URL, 'k1', source());
    await settle();
    for (const key of idb.data.keys())
      idb.data.set(key, { ...stored, ...('fetchedAt' in stored && stored.fetchedAt === 0 ? { fetchedAt: now } : {}) });
    const key = await (await page()).getSigningKey(URL, 'k1', source());
    expect(key).toEqual(KEY);
    expect(fetches).toBe(2);
  });

  it('keeps a set for its max-age, and that lifetime survives a reload through IndexedDB', async () => {
    const hints = memoryHints();
    cacheControl = 'public, max-age=3600';
    await (await page()).getSigningKey(URL, 'k1', source(hints));
    await settle();
    const { getSigningKey } = await page();
    now += 3_599_000;
    await getSigningKey(URL, 'k1', source(hints));
    expect(fetches).toBe(1); // older than the 10-minute default, younger than max-age: no request
    now += 1_000;
    await getSigningKey(URL, 'k1', source(hints));
    expect(fetches).toBe(2);
  });

  it('holds max-age within the floor and cap, and uses the floor for no-store, no-cache, max-age=0', async () => {
    const { keySetTtl, JWKS_TTL_MS, JWKS_TTL_FLOOR_MS, JWKS_TTL_CAP_MS } = await page();
    expect(keySetTtl(undefined)).toBe(JWKS_TTL_MS);
    expect(keySetTtl('max-age=abc')).toBe(JWKS_TTL_MS);
    expect(keySetTtl('Max-Age=120')).toBe(120_000);
    expect(keySetTtl('max-age=0')).toBe(JWKS_TTL_FLOOR_MS);
    expect(keySetTtl('max-age=86400000')).toBe(JWKS_TTL_CAP_MS);
    expect(keySetTtl('no-store')).toBe(JWKS_TTL_FLOOR_MS);
    expect(keySetTtl('max-age=3600, no-cache')).toBe(JWKS_TTL_FLOOR_MS);
  });

  it('refetches a no-store set after the floor of one minute', async () => {
    cacheControl = 'no-store';
    const { getSigningKey } = await page();
    await getSigningKey(URL, 'k1', source());
    now += 59_000;
    await getSigningKey(URL, 'k1', source());
    expect(fetches).toBe(1);
    now += 1_000;
    await getSigningKey(URL, 'k1', source());
    expect(fetches).toBe(2);
  });

  it('a preload started before the answer is what the verification uses: one request, none after it', async () => {
    const { preloadKeySet, getSigningKey } = await page();
    const hints = memoryHints();
    preloadKeySet(URL, source(hints));
    expect(fetches).toBe(1); // no marker (a first visit): the request starts before preloadKeySet returns
    preloadKeySet(URL, source(hints)); // a second flow while it loads: no second request
    expect(await getSigningKey(URL, 'k1', source(hints))).toEqual(KEY);
    expect(fetches).toBe(1);
    preloadKeySet(URL, source(hints)); // fresh in memory: nothing read, nothing requested
    expect(idb.log.filter((entry) => entry === 'get' || entry === 'fetch')).toEqual(['fetch']);
  });

  it('100 anonymous page loads that only preload (no token comes back) make one key-set request', async () => {
    const hints = memoryHints();
    for (let load = 0; load < 100; load++) {
      const { preloadKeySet } = await page();
      preloadKeySet(URL, source(hints));
      await settle();
      now += 5_000; // 100 loads over 500 s, within the 10-minute lifetime
    }
    expect(fetches).toBe(1);
  }, 60_000);

  it('reports a failed preload through the verification that awaits it, without a second request', async () => {
    const { preloadKeySet, getSigningKey } = await page();
    let fail: (err: Error) => void = () => {};
    const failing: JwksSource = {
      ...source(memoryHints()),
      fetchJson: () => (fetches++, new Promise((_resolve, reject) => (fail = reject))),
    };
    preloadKeySet(URL, failing);
    const verification = getSigningKey(URL, 'k1', failing);
    await vi.waitFor(() => expect(fetches).toBe(1));
    fail(new Error('Service Unavailable'));
    await expect(verification).rejects.toThrow('Service Unavailable');
    expect(fetches).toBe(1);
  });

  it('keeps the unknown-kid cooldown after a preload: a forged kid costs no second request', async () => {
    const { preloadKeySet, getSigningKey } = await page();
    preloadKeySet(URL, source(memoryHints()));
    await expect(getSigningKey(URL, 'forged', source(memoryHints()))).rejects.toThrow(
      'Could not find a public key for Key ID (kid) "forged"',
    );
    expect(fetches).toBe(1);
  });

  // Last: before the fix a stalled open would have wedged idb-keyval's shared connection for the file.
  it('gives up on an IndexedDB read that does not answer within 300 ms and asks the network', async () => {
    const { getSigningKey } = await page();
    idb.stall.open = true;
    const started = Date.now();
    const key = await Promise.race([
      getSigningKey(URL, 'k1', { ...source(), timer: realTimer }),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for IndexedDB'), 2000)),
    ]);
    expect(key).toEqual(KEY);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fetches).toBe(1);
  });
  it('a preload gives up on a stalled IndexedDB read after 300 ms as the verification does', async () => {
    const hints = fullHints();
    await (await page()).getSigningKey(URL, 'k1', source(hints));
    await settle();
    const { preloadKeySet, getSigningKey } = await page();
    idb.stall.open = true;
    const started = Date.now();
    preloadKeySet(URL, { ...source(hints), timer: realTimer });
    const key = await Promise.race([
      getSigningKey(URL, 'k1', source(hints)),
      new Promise((resolve) => setTimeout(() => resolve('still waiting for IndexedDB'), 2000)),
    ]);
    expect(key).toEqual(KEY);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fetches).toBe(2);
  });
});
