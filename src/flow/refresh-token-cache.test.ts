import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, memoryStorage, type FakeEnv } from '../testing/fake-env.js';
import { fakeIndexedDB } from '../testing/fake-indexeddb.js';
import type { RedirectContext } from './context.js';

const KEY = '@@webauth@@::refresh::CID';

// A new module instance is a new page: empty memory, localStorage and IndexedDB kept.
const page = async () => {
  vi.resetModules();
  return import('./refresh-token-cache.js');
};

describe('refresh-token cache with localStorage and IndexedDB (issue 53, finding 5)', () => {
  const idb = fakeIndexedDB();
  let env: FakeEnv;
  let storage: ReturnType<typeof memoryStorage>;
  let ctx: RedirectContext;
  const local = () => JSON.parse(storage.getItem(KEY)!);

  beforeEach(() => {
    idb.data.clear();
    idb.fail.writes = false;
    vi.stubGlobal('indexedDB', idb.indexedDB);
    env = fakeEnv();
    env.storage = storage = memoryStorage();
    ctx = {
      baseOptions: { clientID: 'CID', useRefreshTokens: true, cacheLocation: 'localstorage' },
      env,
    } as unknown as RedirectContext;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a rotation IndexedDB refuses deletes its entry there: the next renewal gets the new token, not the spent one', async () => {
    const cache = await page();
    await cache.writeRefreshToken(ctx, { token: 'RT1', sub: 'alice' });
    expect(idb.data.get(KEY)).toMatchObject({ token: 'RT1' });
    idb.fail.writes = true; // the next put throws, as for a full or broken database
    await cache.writeRefreshToken(ctx, { token: 'RT2', sub: 'alice' });
    expect(idb.data.has(KEY)).toBe(false);
    expect(local()).toMatchObject({ token: 'RT2' });
    expect(await (await page()).readRefreshToken(ctx)).toMatchObject({ token: 'RT2', sub: 'alice' });
  });

  it('the newer copy wins, whichever holds it (a stale entry left in IndexedDB loses)', async () => {
    const cache = await page();
    await cache.writeRefreshToken(ctx, { token: 'RT1', sub: 'alice' });
    const stale = idb.data.get(KEY) as { version: number };
    await cache.writeRefreshToken(ctx, { token: 'RT2', sub: 'alice' });
    expect(local().version).toBeGreaterThan(stale.version);
    // Its delete failed too: the older IndexedDB entry is still there.
    idb.data.set(KEY, stale);
    expect(await (await page()).readRefreshToken(ctx)).toMatchObject({ token: 'RT2' });
    // Another tab's newer write reached IndexedDB, but not yet this tab's localStorage.
    idb.data.set(KEY, { token: 'RT3', sub: 'alice', version: local().version + 1 });
    expect(await (await page()).readRefreshToken(ctx)).toMatchObject({ token: 'RT3' });
  });

  it('writes above every version it has seen, even with a clock set back', async () => {
    const cache = await page();
    idb.data.set(KEY, { token: 'RT-other-tab', sub: 'alice', version: env.clock + 60_000 });
    storage.setItem(KEY, JSON.stringify({ token: 'RT-other-tab', sub: 'alice', version: env.clock + 60_000 }));
    expect(await cache.readRefreshToken(ctx)).toMatchObject({ token: 'RT-other-tab' });
    await cache.writeRefreshToken(ctx, { token: 'RT-next', sub: 'alice' });
    expect(local().version).toBe(env.clock + 60_001);
    expect(idb.data.get(KEY)).toEqual(local());
  });

  it('reads a token stored by the previous release (no version), from either copy', async () => {
    storage.setItem(KEY, JSON.stringify({ token: 'RT-old', sub: 'alice' }));
    expect(await (await page()).readRefreshToken(ctx)).toEqual({ token: 'RT-old', sub: 'alice' });
    // Both copies unversioned: IndexedDB's, as before (another tab's localStorage write may lag).
    idb.data.set(KEY, { token: 'RT-old-2', sub: 'alice' });
    expect(await (await page()).readRefreshToken(ctx)).toEqual({ token: 'RT-old-2', sub: 'alice' });
    // The first write of this release supersedes both.
    const cache = await page();
    await cache.writeRefreshToken(ctx, { token: 'RT-new', sub: 'alice' });
    idb.data.set(KEY, { token: 'RT-old-2', sub: 'alice' });
    expect(await (await page()).readRefreshToken(ctx)).toMatchObject({ token: 'RT-new' });
  });
});
