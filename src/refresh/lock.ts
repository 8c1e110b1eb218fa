/**
 * Serialises refresh-token rotation. Two renewals that present the same refresh token look like
 * theft to the tenant (it revokes the whole family), so only one may run at a time: across tabs
 * with the Web Locks API where the browser has it, and within this page in any case.
 */
import type { BrowserEnv } from '../types.js';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` alone under `name`; resolves with its result. `signal` gives up waiting for the lock
 * (rejects). Without Web Locks (Safari before 15.4) tabs are not serialised: each page queues its
 * own renewals only (README, "Sessions without third-party cookies").
 */
export function withLock<T>(env: BrowserEnv, name: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const locks = env.locks?.();
  if (locks) return locks.request(name, { signal }, task) as unknown as Promise<T>;
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}
