/**
 * One hidden-iframe round trip: watch first, then navigate, then wait for one accepted answer or
 * the timeout. `done` is called exactly once, the listeners and the timers are gone by then, and
 * the iframe once `done` has returned or, when it returns a promise (the answer's checks), a task
 * after that settles: detaching a frame costs a few milliseconds that should not delay the checks.
 */
import { acceptMessage, type ExpectedMessage, type IgnoredMessage } from './message-filter.js';
import type { BrowserEnv, HiddenFrame } from '../types.js';

/**
 * How long a page of another origin that has loaded in the iframe may still take to answer. The
 * tenant's answer page posts from a script while it loads, so its message comes before the load
 * event or a few milliseconds after it (at most 49 ms in 180 loads on a machine loaded 8 times
 * over, e2e/bench/silent-grace.ts); any other page (an error or login page, a refused frame)
 * never answers.
 */
export const SHOWN_PAGE_GRACE_MS = 1_000;

/**
 * Loads `url` in a hidden iframe. `watch` subscribes to whatever carries the answer and calls
 * `answer` with it; it returns the unsubscribe function. Without an answer within `timeoutMs`,
 * `done(undefined)`; with `failFast`, also once a page this window cannot read has loaded in the
 * iframe and {@link SHOWN_PAGE_GRACE_MS} passed without an answer: then `done(undefined, true)`.
 * `done`'s `shown` is true whenever such a page was the last to load, also when its answer came.
 * A page still on its way fires no load event, so a slow tenant keeps the whole `timeoutMs`.
 */
export function hiddenFrameRun<T>(
  env: BrowserEnv,
  url: string,
  timeoutMs: number,
  watch: (frame: HiddenFrame, answer: (value: T) => void) => () => void,
  done: (value: T | undefined, shown?: boolean) => void | Promise<void>,
  failFast?: boolean,
): void {
  const frame = env.hiddenFrame();
  let finished = false;
  let shown: boolean | undefined;
  let cancelGrace: (() => void) | undefined;
  const finish = (value?: T) => {
    if (finished) return;
    finished = true;
    stopWatching();
    stopLoads();
    cancelGrace?.();
    cancelTimer();
    let checked: unknown;
    try {
      checked = done(value, shown);
    } finally {
      // After the checks `done` returned, a task later: the app's own continuations come first.
      // (`instanceof`: a callback typed `void` may still hand back whatever it computed.)
      if (checked instanceof Promise) void checked.finally(() => env.delay(0).then(() => frame.remove()));
      else frame.remove();
    }
  };
  const stopWatching = watch(frame, finish);
  // A readable page (about:blank, the app's own callback page) has its own way to answer.
  const stopLoads = frame.onLoad(() => {
    cancelGrace?.();
    if ((shown = failFast && !frame.location())) cancelGrace = env.timer(finish, SHOWN_PAGE_GRACE_MS);
  });
  const cancelTimer = env.timer(finish, timeoutMs);
  frame.load(url);
}

/**
 * Loads `url` in a hidden iframe and calls `done` with the first message that `expected` accepts
 * (its `event.data`), or with `undefined` after `timeoutMs` or once the tenant showed a page that
 * did not answer (`shown`); `ignored` hears about the others.
 */
export function hiddenFrameMessage(
  env: BrowserEnv,
  url: string,
  expected: Omit<ExpectedMessage, 'source'>,
  timeoutMs: number,
  done: (data: Record<string, any> | undefined, shown?: boolean) => void | Promise<void>,
  ignored?: IgnoredMessage,
): void {
  hiddenFrameRun<Record<string, any>>(
    env,
    url,
    timeoutMs,
    (frame, answer) =>
      env.listen((event) => {
        const data = acceptMessage(event, { ...expected, source: frame.window }, ignored);
        if (data) answer(data);
      }),
    done,
    true,
  );
}
