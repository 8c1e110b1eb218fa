/**
 * v10's storage chain: `localStorage` (with `__tryLocalStorageFirst`) or cookies, failing over on
 * any exception to cookies (without options) and then to a store that keeps nothing, with v10's
 * console warnings at each step.
 */
import type { BrowserEnv } from '../browser/env.js';
import { cookieStore, type CookieStoreOptions } from './cookie-store.js';
import type { KeyValueStore } from './key-value-store.js';

/** localStorage with JSON values and no expiry (v10 ignores lifetimes there). */
function localStore(storage: Storage): KeyValueStore {
  return {
    get(key) {
      const raw = storage.getItem(key);
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    },
    set: (key, value) => storage.setItem(key, JSON.stringify(value)),
    remove: (key) => storage.removeItem(key),
  };
}

const dummyStore: KeyValueStore = { get: () => undefined, set: () => undefined, remove: () => undefined };

interface Link {
  name: string;
  store: KeyValueStore;
}

/** Creates the transaction store for an instance. */
export function transactionStore(env: BrowserEnv, options: CookieStoreOptions & { __tryLocalStorageFirst?: unknown }): KeyValueStore {
  const chain: Link[] = [];
  if (options.__tryLocalStorageFirst === true) {
    try {
      const storage = env.localStorage(); // some browsers throw here when storage is disabled
      if (storage) chain.push({ name: 'LocalStorage', store: localStore(storage) });
    } catch (err) {
      env.warn(err);
      env.warn("Can't use localStorage. Using CookieStorage instead.");
    }
  }
  // Only the first cookie store gets the instance's cookie options; a failover one does not (v10).
  chain.push({ name: 'CookieStorage', store: chain.length ? cookieStore(env) : cookieStore(env, options) });
  chain.push({ name: 'DummyStorage', store: dummyStore });

  const run = <T>(op: (store: KeyValueStore) => T): T => {
    for (;;) {
      const current = chain[0]!;
      try {
        return op(current.store);
      } catch (err) {
        env.warn(err);
        const next = chain[1];
        if (!next) {
          env.warn('DummyStorage: ignore failover');
          return undefined as T;
        }
        env.warn(`${current.name}: failing over ${next.name}`);
        chain.shift();
      }
    }
  };
  return {
    get: (key) => run((s) => s.get(key)),
    // Serialised once before the chain: a value JSON cannot hold (a cycle, a BigInt) throws to the
    // caller, as in v10, instead of being taken for a storage failure that fails the chain over.
    set: (key, value, days) => (JSON.stringify(value), run((s) => s.set(key, value, days))),
    remove: (key) => run((s) => s.remove(key)),
  };
}
