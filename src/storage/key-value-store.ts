/**
 * The storage seam for transactions and SSO hints. Synchronous on purpose: cookies and
 * localStorage are synchronous, and `authorize()` must have stored its transaction before it
 * navigates away in the same tick, as auth0-js 10 does.
 */
export interface KeyValueStore {
  /** The stored value (JSON-decoded), or `undefined`. */
  get(key: string): unknown;
  /** Stores `value` (JSON-encoded) for `expiresDays` days (fractions allowed). */
  set(key: string, value: unknown, expiresDays?: number): void;
  remove(key: string): void;
}

/** A store kept in memory, for tests and for environments without cookies. */
export function memoryStore(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    get: (key) => {
      const raw = data.get(key);
      return raw === undefined ? undefined : JSON.parse(raw);
    },
    set: (key, value) => void data.set(key, JSON.stringify(value)),
    remove: (key) => void data.delete(key),
  };
}
