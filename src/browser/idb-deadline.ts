/**
 * IndexedDB calls with a deadline. A stalled open (a blocked upgrade, a wedged profile) must not
 * hold a login or a renewal: past the deadline the caller goes on without IndexedDB.
 */
import type { RedirectEnv } from './env.js';

/** `operation`, rejected after `ms`; a synchronous throw (no `indexedDB` here) rejects at once, with no timer left. */
export function idbWithin<T>(env: Pick<RedirectEnv, 'timer'>, ms: number, operation: () => Promise<T>): Promise<T> {
  let cancel = () => {};
  return new Promise<T>((resolve, reject) => {
    const pending = operation();
    cancel = env.timer(() => reject(new Error('timeout')), ms);
    pending.then(resolve, reject);
  }).finally(() => cancel());
}
