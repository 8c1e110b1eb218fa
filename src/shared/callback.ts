/** Callback-or-Promise adaptation: v10 callbacks keep working, and omitting the callback gives a Promise. */

export type NodeCallback<T> = (err: any, result?: T) => void;

/**
 * Runs `start` with `cb` when one is given and returns what `start` returns; otherwise returns a
 * Promise settled by the callback `start` receives.
 */
export function callbackOrPromise<T, R>(cb: NodeCallback<T> | undefined, start: (cb: NodeCallback<T>) => R): R | Promise<T> {
  if (typeof cb === 'function') return start(cb);
  return new Promise<T>((resolve, reject) => {
    start((err, result) => (err ? reject(err) : resolve(result as T)));
  });
}
