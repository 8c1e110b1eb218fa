/**
 * One hidden-iframe round trip: watch first, then navigate, then wait for one accepted answer or
 * the timeout. `done` is called exactly once, the listeners and the timer are gone by then, and the
 * iframe once `done` has returned or, when it returns a promise (the answer's checks), a task
 * after that settles: detaching a frame costs a few milliseconds that should not delay the checks.
 */
import { acceptMessage, type ExpectedMessage, type IgnoredMessage } from './message-filter.js';
import type { BrowserEnv, HiddenFrame } from '../types.js';

/**
 * Loads `url` in a hidden iframe. `watch` subscribes to whatever carries the answer and calls
 * `answer` with it; it returns the unsubscribe function. Without an answer within `timeoutMs`,
 * `done(undefined)`.
 */
export function hiddenFrameRun<T>(
  env: BrowserEnv,
  url: string,
  timeoutMs: number,
  watch: (frame: HiddenFrame, answer: (value: T) => void) => () => void,
  done: (value: T | undefined) => void | Promise<void>,
): void {
  const frame = env.hiddenFrame();
  let finished = false;
  const finish = (value?: T) => {
    if (finished) return;
    finished = true;
    stopWatching();
    cancelTimer();
    let checked: unknown;
    try {
      checked = done(value);
    } finally {
      // After the checks `done` returned, a task later: the app's own continuations come first.
      // (`instanceof`: a callback typed `void` may still hand back whatever it computed.)
      if (checked instanceof Promise) void checked.finally(() => env.delay(0).then(() => frame.remove()));
      else frame.remove();
    }
  };
  const stopWatching = watch(frame, finish);
  const cancelTimer = env.timer(finish, timeoutMs);
  frame.load(url);
}

/**
 * Loads `url` in a hidden iframe and calls `done` with the first message that `expected` accepts
 * (its `event.data`), or with `undefined` after `timeoutMs`; `ignored` hears about the others.
 */
export function hiddenFrameMessage(
  env: BrowserEnv,
  url: string,
  expected: Omit<ExpectedMessage, 'source'>,
  timeoutMs: number,
  done: (data: Record<string, any> | undefined) => void | Promise<void>,
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
  );
}
