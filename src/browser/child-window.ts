/**
 * One hidden-iframe round trip: listen first, then navigate, then wait for one accepted message or
 * the timeout. `done` is called exactly once, and the iframe, the listener and the timer are gone
 * by then, whatever the outcome.
 */
import type { BrowserEnv } from './env.js';
import { acceptMessage, type ExpectedMessage } from './message-filter.js';

/**
 * Loads `url` in a hidden iframe and calls `done` with the first message that `expected` accepts
 * (its `event.data`), or with `undefined` after `timeoutMs`.
 */
export function hiddenFrameMessage(
  env: BrowserEnv,
  url: string,
  expected: Omit<ExpectedMessage, 'source'>,
  timeoutMs: number,
  done: (data: Record<string, any> | undefined) => void,
): void {
  const frame = env.hiddenFrame();
  let finished = false;
  const finish = (data?: Record<string, any>) => {
    if (finished) return;
    finished = true;
    stopListening();
    cancelTimer();
    frame.remove();
    done(data);
  };
  const stopListening = env.listen((event) => {
    const data = acceptMessage(event, { ...expected, source: frame.window });
    if (data) finish(data);
  });
  const cancelTimer = env.timer(finish, timeoutMs);
  frame.load(url);
}
