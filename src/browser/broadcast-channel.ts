/**
 * The page's `BroadcastChannel`, for session events between tabs. Apart from env.ts because only
 * the session-events chunk uses it: the main file does not carry it.
 */
import type { BrowserEnv } from '../types.js';

/**
 * Opens channel `name` through `env.broadcastChannel` when the environment has one, else with the
 * page's `BroadcastChannel`; undefined where there is none (Safari before 15.4, a server).
 *
 * @example
 * ```ts
 * const channel = openBroadcastChannel(env, 'webauth-js.session:…');
 * ```
 */
export function openBroadcastChannel(env: Pick<BrowserEnv, 'broadcastChannel'>, name: string) {
  if (env.broadcastChannel) return env.broadcastChannel(name);
  return typeof BroadcastChannel == 'function' ? new BroadcastChannel(name) : undefined;
}
