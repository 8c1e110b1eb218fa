/** An in-memory `KeyValueStore`; the interface lives in `src/types/browser.ts`. */
import type { KeyValueStore } from '../types.js';
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
