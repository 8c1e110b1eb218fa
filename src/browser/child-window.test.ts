import { describe, expect, it } from 'vitest';
import { dispatchMessage, fakeEnv, loadFrame, type FakeEnv } from '../testing/fake-env.js';
import { hiddenFrameMessage, hiddenFrameRun, SHOWN_PAGE_GRACE_MS } from './child-window.js';

const TENANT = 'https://me.auth0.com';
const TIMEOUT = 60_000;
const expected = { origin: TENANT, type: 'authorization_response', state: 'S' };

/** Runs hiddenFrameMessage and returns what `done` got (`[data, shown]` once it was called). */
function run(env: FakeEnv) {
  const done: [unknown, boolean | undefined][] = [];
  hiddenFrameMessage(env, `${TENANT}/authorize`, expected, TIMEOUT, (data, shown) => void done.push([data, shown]));
  return { done, frame: env.frames.at(-1)! };
}
const answer = (env: FakeEnv, frame: { window: unknown }) =>
  dispatchMessage(env, { type: 'authorization_response', response: { state: 'S' } }, TENANT, frame.window);
const leftovers = (env: FakeEnv) => ({
  timers: env.timers.size,
  listeners: env.listeners.size,
  loads: env.frames.reduce((n, f) => n + f.loadListeners.size, 0),
  frames: env.frames.filter((f) => f.attached).length,
});
const clean = { timers: 0, listeners: 0, loads: 0, frames: 0 };

describe('hidden iframe: failing fast when the tenant shows a page', () => {
  it('ends with `shown` a grace after a page of another origin loaded without answering', () => {
    const env = fakeEnv();
    const { done, frame } = run(env);
    env.advance(5_000); // a slow tenant: nothing has loaded, so nothing ends
    expect(done).toEqual([]);
    loadFrame(frame, undefined); // the tenant's error page (not readable from the app)
    env.advance(SHOWN_PAGE_GRACE_MS - 1);
    expect(done).toEqual([]);
    env.advance(1);
    expect(done).toEqual([[undefined, true]]);
    expect(leftovers(env)).toEqual(clean);
  });

  it('takes an answer that comes after the load event, within the grace', () => {
    const env = fakeEnv();
    const { done, frame } = run(env);
    loadFrame(frame, undefined);
    env.advance(SHOWN_PAGE_GRACE_MS / 2);
    answer(env, frame);
    env.advance(TIMEOUT);
    // `shown` says a page was shown; the answer that came all the same is what counts.
    expect(done).toEqual([[{ type: 'authorization_response', response: { state: 'S' } }, true]]);
    expect(leftovers(env)).toEqual(clean);
  });

  it('waits the whole timeout when only a readable page loaded (about:blank, a page of this origin)', () => {
    const env = fakeEnv();
    const { done, frame } = run(env);
    loadFrame(frame, { protocol: 'about:', hash: '' });
    loadFrame(frame, { protocol: 'https:', hash: '' });
    env.advance(TIMEOUT - 1);
    expect(done).toEqual([]);
    env.advance(1);
    expect(done).toEqual([[undefined, false]]);
  });

  it('restarts the grace on each new page, and a readable page after it cancels it', () => {
    const env = fakeEnv();
    const { done, frame } = run(env);
    loadFrame(frame, undefined);
    env.advance(SHOWN_PAGE_GRACE_MS - 1);
    loadFrame(frame, undefined); // the page moved on to another page of its origin
    env.advance(SHOWN_PAGE_GRACE_MS - 1);
    expect(done).toEqual([]);
    loadFrame(frame, { protocol: 'https:', hash: '' });
    env.advance(TIMEOUT - 2 * (SHOWN_PAGE_GRACE_MS - 1) - 1);
    expect(done).toEqual([]);
    env.advance(1);
    expect(done).toEqual([[undefined, false]]);
  });

  it('keeps `timeout` as the upper bound: a page loading just before it still says `shown`', () => {
    const env = fakeEnv();
    const { done, frame } = run(env);
    env.advance(TIMEOUT - 10);
    loadFrame(frame, undefined);
    env.advance(10);
    expect(done).toEqual([[undefined, true]]);
    expect(leftovers(env)).toEqual(clean);
  });

  it('does nothing on a load without `failFast` (the run of a caller that did not ask for it)', () => {
    const env = fakeEnv();
    const done: unknown[][] = [];
    hiddenFrameRun(
      env,
      `${TENANT}/authorize`,
      TIMEOUT,
      () => () => {},
      (...args) => void done.push(args),
    );
    loadFrame(env.frames[0]!, undefined);
    env.advance(TIMEOUT - 1);
    expect(done).toEqual([]);
    env.advance(1);
    expect(done).toEqual([[undefined, undefined]]);
  });
});
