import { describe, expect, it } from 'vitest';
import { fakeEnv, memoryStorage } from '../testing/fake-env.js';
import { transactionStore } from './failover-store.js';

describe('transactionStore', () => {
  it('expires localStorage entries like cookies, after their lifetime', () => {
    const env = fakeEnv();
    env.storage = memoryStorage();
    const store = transactionStore(env, { __tryLocalStorageFirst: true });
    store.set('com.auth0.auth.S', { state: 'S' }, 30 / 1440);
    expect(env.storage.data.get('com.auth0.auth.S')).toBe('{"state":"S"}'); // the value auth0-js 10 reads
    env.clock += 29 * 60_000;
    expect(store.get('com.auth0.auth.S')).toEqual({ state: 'S' });
    env.clock += 2 * 60_000;
    expect(store.get('com.auth0.auth.S')).toBeUndefined();
    expect([...env.storage.data.keys()]).toEqual([]); // removed with its expiry
  });

  it('still reads an entry auth0-js 10 wrote without an expiry', () => {
    const env = fakeEnv();
    env.storage = memoryStorage();
    env.storage.setItem('com.auth0.auth.V', '{"state":"V"}');
    expect(transactionStore(env, { __tryLocalStorageFirst: true }).get('com.auth0.auth.V')).toEqual({ state: 'V' });
  });

  it('fails over per operation: a transient localStorage failure does not give up localStorage for good', () => {
    const env = fakeEnv();
    const storage = memoryStorage();
    env.storage = storage;
    const store = transactionStore(env, { __tryLocalStorageFirst: true });
    const setItem = storage.setItem;
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    store.set('com.auth0.auth.A', { state: 'A' }, 1 / 48); // lands in a cookie
    storage.setItem = setItem;
    store.set('com.auth0.auth.B', { state: 'B' }, 1 / 48); // back in localStorage
    expect(storage.data.get('com.auth0.auth.B')).toBe('{"state":"B"}');
    expect(env.cookieWrites.filter((c) => c.includes('com.auth0.auth.B'))).toEqual([]);
    // Both are found, wherever they landed, and removal clears both places.
    expect(store.get('com.auth0.auth.A')).toEqual({ state: 'A' });
    expect(store.get('com.auth0.auth.B')).toEqual({ state: 'B' });
    store.remove('com.auth0.auth.A');
    store.remove('com.auth0.auth.B');
    expect(store.get('com.auth0.auth.A')).toBeUndefined();
    expect(store.get('com.auth0.auth.B')).toBeUndefined();
  });

  it('keeps working after every store failed once (no permanent dummy store)', () => {
    const env = fakeEnv();
    const store = transactionStore(env, {});
    const write = env.writeCookie;
    env.writeCookie = () => {
      throw new Error('cookies disabled');
    };
    store.set('k', 'lost');
    env.writeCookie = write;
    store.set('k', 'kept');
    expect(store.get('k')).toBe('kept');
  });
});
