/**
 * v10's storage chain: `localStorage` (with `__tryLocalStorageFirst`) or cookies, failing over on
 * an exception to cookies (without options) and then to a store that keeps nothing, with v10's
 * console warnings at each step. Unlike v10, failover is per operation: the next operation starts
 * from the first store again, so one transient failure (a full quota) does not downgrade the
 * instance for good; reads look in every store, since a write may have landed in a later one.
 */
import type { RedirectEnv } from '../browser/env.js';
import { cookieStore, type CookieStoreOptions } from './cookie-store.js';
import type { KeyValueStore } from '../types.js';

const DAY_MS = 864e5;
/** Prefix of the item holding an entry's expiry time (epoch ms), beside the v10-format value. */
export const EXPIRY_PREFIX = 'webauth-js.expires.';

/**
 * localStorage with JSON values under v10's keys (so either library reads the other's), and an
 * expiry kept in a separate item: entries expire like cookies (v10 kept them for ever there).
 */
function localStore(env: RedirectEnv, storage: Storage): KeyValueStore {
  const remove = (key: string) => {
    storage.removeItem(key);
    storage.removeItem(EXPIRY_PREFIX + key);
  };
  return {
    get(key) {
      const expires = storage.getItem(EXPIRY_PREFIX + key);
      if (expires !== null && !(env.now() < Number(expires))) {
        remove(key);
        return undefined;
      }
      const raw = storage.getItem(key);
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    },
    set(key, value, expiresDays = 1) {
      storage.setItem(key, JSON.stringify(value));
      storage.setItem(EXPIRY_PREFIX + key, String(env.now() + expiresDays * DAY_MS));
    },
    remove,
  };
}

const dummyStore: KeyValueStore = { get: () => undefined, set: () => undefined, remove: () => undefined };

interface Link {
  name: string;
  store: KeyValueStore;
}

/** Creates the transaction store for an instance. */
export function transactionStore(
  env: RedirectEnv,
  options: CookieStoreOptions & { __tryLocalStorageFirst?: unknown },
): KeyValueStore {
  const chain: Link[] = [];
  if (options.__tryLocalStorageFirst === true) {
    try {
      const storage = env.localStorage(); // some browsers throw here when storage is disabled
      if (storage) chain.push({ name: 'LocalStorage', store: localStore(env, storage) });
    } catch (err) {
      env.warn(err);
      env.warn("Can't use localStorage. Using CookieStorage instead.");
    }
  }
  // Only the first cookie store gets the instance's cookie options; a failover one does not (v10).
  chain.push({ name: 'CookieStorage', store: chain.length ? cookieStore(env) : cookieStore(env, options) });
  chain.push({ name: 'DummyStorage', store: dummyStore });

  /** Runs `op` on each store in turn until `done` accepts a result; a throwing store fails over. */
  const run = <T>(op: (store: KeyValueStore) => T, done: (result: T) => boolean): T | undefined => {
    for (let i = 0; i < chain.length; i++) {
      const current = chain[i]!;
      try {
        const result = op(current.store);
        if (done(result)) return result;
        continue;
      } catch (err) {
        env.warn(err);
      }
      const next = chain[i + 1];
      env.warn(next ? `${current.name}: failing over ${next.name}` : 'DummyStorage: ignore failover');
    }
    return undefined;
  };
  return {
    get: (key) =>
      run(
        (s) => s.get(key),
        (value) => value !== undefined,
      ),
    // Serialised once before the chain: a value JSON cannot hold (a cycle, a BigInt) throws to the
    // caller, as in v10, instead of being taken for a storage failure that fails the chain over.
    set: (key, value, days) => (
      JSON.stringify(value),
      run(
        (s) => s.set(key, value, days),
        () => true,
      )
    ),
    // Every store: the entry may have landed in any of them.
    remove: (key) =>
      void run(
        (s) => s.remove(key),
        () => false,
      ),
  };
}
