import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchMessage, fakeEnv, fakePopup, type FakeEnv } from '../../testing/fake-env.js';
import { loadCapability } from '../load-capability.js';
import { PopupHandler } from './popup-handler.js';

const APP = 'https://app.example.com';
const URL_ = 'https://me.auth0.com/authorize?x=1';
let env: FakeEnv;
/** The popup chunk has arrived: its protocol polls the window, or its error timer runs (no window). */
const arrived = () => vi.waitFor(() => expect(env.timers.size).toBeGreaterThan(0));

// The chunk's first import (a module transform here) takes a while: done once, before the tests.
beforeAll(() => loadCapability('popup'));
beforeEach(() => {
  env = fakeEnv();
});

describe('popup handler', () => {
  it('computes the centred position (calculatePosition)', () => {
    expect(new PopupHandler(env).calculatePosition({ top: 7 })).toEqual({ width: 500, height: 600, left: 362, top: 7 });
  });

  it('preload opens about:blank as auth0_signup_popup once, with kill(); load then reuses it', async () => {
    const handler = new PopupHandler(env);
    const win = handler.preload({ popupOptions: { width: 300 } });
    expect(env.opened).toHaveLength(1);
    expect(env.opened[0]).toMatchObject({
      url: 'about:blank',
      name: 'auth0_signup_popup',
      features: 'width=300,height=600,left=462,top=134',
    });
    expect(handler.preload({})).toBe(win);
    expect(env.opened).toHaveLength(1);
    const calls: unknown[] = [];
    const channel = handler.load(URL_, `${APP}/cb`, { origin: APP }, (...args) => calls.push(args));
    expect(channel.originalPopup).toBe(win);
    expect(env.opened[0]!.location.href).toBe(URL_);
    expect(env.opened[0]!.focused).toBe(1);
    await arrived();
    dispatchMessage(env, JSON.stringify({ a: 'response', d: null }), APP, win);
    expect(calls).toEqual([[null, null]]);
    expect(handler._current_popup).toBeNull();
    const again = handler.preload({ url: 'https://app.example.com/wait' });
    expect(env.opened[1]!.url).toBe('https://app.example.com/wait');
    again!.kill();
    expect(env.opened[1]!.closed).toBe(true);
    expect(handler._current_popup).toBeNull();
  });

  it('preload returns null when blocked, and load then reports popup_blocked', async () => {
    env.blockPopups = true;
    const handler = new PopupHandler(env);
    expect(handler.preload({})).toBeNull();
    const calls: unknown[] = [];
    handler.load(URL_, `${APP}/cb`, {}, (err) => calls.push(err));
    await arrived();
    env.advance(0);
    expect(calls).toEqual([
      { error: 'popup_blocked', error_description: 'The popup window was blocked by the browser.' },
    ]);
  });

  it('reads the answer from the origin of the URL when none is given (owp: the tenant relays)', async () => {
    const handler = new PopupHandler(env);
    const calls: unknown[] = [];
    handler.load(URL_, 'https://me.auth0.com/relay.html', {}, (...args) => calls.push(args));
    const popup = env.opened[0]!;
    await arrived();
    dispatchMessage(env, JSON.stringify({ a: 'response', d: { x: 1 } }), APP, popup);
    expect(calls).toEqual([]);
    dispatchMessage(env, JSON.stringify({ a: 'response', d: { x: 1 } }), 'https://me.auth0.com', popup);
    expect(calls).toEqual([[null, { x: 1 }]]);
  });

  it('opens the window in the call, before the chunk arrives; a close() asked meanwhile is done on arrival', async () => {
    const handler = new PopupHandler(env);
    const calls: unknown[] = [];
    const channel = handler.load(URL_, `${APP}/cb`, { origin: APP }, (...args) => calls.push(args));
    expect(env.opened).toHaveLength(1);
    expect(env.timers.size).toBe(0);
    channel.close();
    expect(calls).toEqual([]);
    await vi.waitFor(() => expect(calls).toEqual([['User closed the popup window', undefined]]));
    expect(env.opened[0]!.closed).toBe(true);
    expect({ listeners: env.listeners.size, timers: env.timers.size }).toEqual({ listeners: 0, timers: 0 });
  });

  /** A popup login whose chunk has not arrived yet: its window and the callback's calls. */
  function loadPending() {
    const calls: unknown[] = [];
    new PopupHandler(env).load(URL_, `${APP}/cb`, { origin: APP }, (...args) => calls.push(args));
    return { popup: env.opened[0]!, calls };
  }
  /** Once the chunk has read the early messages: the response ends the login and leaves nothing. */
  function expectAnsweredAndClean({ popup, calls }: ReturnType<typeof loadPending>) {
    expect(env.listeners.size).toBe(1);
    dispatchMessage(env, JSON.stringify({ a: 'response', d: { accessToken: 'AT' } }), APP, popup);
    expect(calls).toEqual([[null, { accessToken: 'AT' }]]);
    expect({ listeners: env.listeners.size, timers: env.timers.size }).toEqual({ listeners: 0, timers: 0 });
  }

  it("keeps the window's messages sent before the chunk arrives (its one 'ready'), and only that window's", async () => {
    const pending = loadPending();
    const { popup } = pending;
    const other = fakePopup();
    dispatchMessage(env, JSON.stringify({ a: 'response', d: 'from another window' }), APP, other);
    dispatchMessage(env, JSON.stringify({ a: 'ready' }), APP, popup);
    expect(popup.posted).toEqual([]);
    await arrived();
    expect(popup.posted).toEqual([['{"a":"request"}', APP]]);
    expectAnsweredAndClean(pending);
  });

  it('keeps at most nine of those early messages (a window that floods is not kept without bound)', async () => {
    const pending = loadPending();
    const { popup } = pending;
    for (let i = 0; i < 20; i++) dispatchMessage(env, JSON.stringify({ a: 'ready' }), APP, popup);
    await arrived();
    expect(popup.posted).toHaveLength(9);
    expectAnsweredAndClean(pending);
  });
});
