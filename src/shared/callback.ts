/** Callback-or-Promise adaptation: v10 callbacks keep working, and omitting the callback gives a Promise. */
import { checkValue } from './assert.js';
import type { NodeCallback } from './types.js';

/**
 * Runs `start` with `cb` when one is given (it must be a function: v10's `cb parameter is not
 * valid`) and returns what `start` returns; without a callback, returns a Promise settled by the
 * callback `start` receives, rejecting with the same error object.
 */
export function callbackOrPromise<T, R>(
  cb: NodeCallback<T> | undefined,
  start: (cb: NodeCallback<T>) => R,
): R | Promise<T> {
  if (checkCallback(cb)) return start(cb);
  return new Promise<T>((resolve, reject) => {
    start((err, result) => (err ? reject(err) : resolve(result as T)));
  });
}

/** Throws v10's message for a callback that is given but not a function; true when one is given. */
export function checkCallback<T>(cb: NodeCallback<T> | undefined): cb is NodeCallback<T> {
  if (cb === undefined) return false;
  checkValue(cb, 'function', 'cb parameter is not valid');
  return true;
}

/**
 * Runs a step that continues after a response: a throw from it becomes `done`'s error (v10 let it
 * escape and never called back), unless `done` already ran, in which case the throw came from the
 * caller's own callback and goes on up. `done` is called at most once either way.
 */
export function afterResponse<T>(done: NodeCallback<T>, step: (done: NodeCallback<T>) => void): void {
  let called = false;
  try {
    step((...args) => {
      if (called) return;
      called = true;
      done(...args);
    });
  } catch (thrown) {
    if (called) throw thrown;
    called = true;
    done(thrown);
  }
}

/**
 * `cb`, after `onError` has seen (and may have changed) the error: the arguments go on as they
 * came, so an error path stays `cb(err)` as in v10 (not `cb(err, undefined)`: code reading
 * `arguments.length`, or forwarding `...args`, sees the difference).
 */
export function tapError<T>(cb: NodeCallback<T>, onError: (err: any) => void): NodeCallback<T> {
  return (...args: [err: any, result?: T]) => {
    if (args[0]) onError(args[0]);
    cb(...args);
  };
}
