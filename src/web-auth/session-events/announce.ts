/**
 * Session events, the hook in the main file: the calls that sign in, renew and sign out tell the
 * app's other tabs through the instance's `sessionEvents`, set only while a listener is registered
 * (./channel.ts, loaded on demand by ./on-session-event.ts). Without one, nothing is sent.
 */
import type { WebAuthContext } from '../../flow/context.js';
import type { NodeCallback } from '../../shared/types.js';

/**
 * `done`, telling the app's other tabs of a success (`type`) first when the instance has a listener
 * (no `ctx`: a client without a `WebAuth` instance, nothing to tell).
 */
export const announced =
  <T>(ctx: WebAuthContext | undefined, type: 'signed_in' | 'renewed', done: NodeCallback<T>): NodeCallback<T> =>
  (...args) => {
    if (!args[0] && args[1]) ctx?.sessionEvents?.(type, args[1]);
    // As many arguments as given (v10 called back with the error alone), and what the callback
    // returns goes on: v10's checkSession returned it for a failed precondition.
    return done(...args);
  };
