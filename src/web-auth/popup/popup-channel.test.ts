import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchMessage, fakeEnv, fakePopup, type FakeEnv } from '../../testing/fake-env.js';
import { POPUP_CLOSED, watchPopup } from './popup-channel.js';
import { extractOrigin, openPopupWindow, popupFeatures } from '../../browser/popup-window.js';

const APP = 'https://app.example.com';
const URL_ = 'https://me.auth0.com/authorize?x=1';
let env: FakeEnv;

const leftovers = () => ({
  listeners: env.listeners.size,
  timers: env.timers.size,
  pageHide: env.pageHideListeners.size,
});
const none = { listeners: 0, timers: 0, pageHide: 0 };

function open(extra: Record<string, unknown> = {}) {
  const calls: [unknown, unknown][] = [];
  const o = { url: URL_, relayUrl: `${APP}/cb` as string | undefined, popup: null, ...extra };
  // The window opens in the main file; the protocol runs in the popup chunk.
  const opened = openPopupWindow(env, o.url, o.relayUrl, 'width=1', o.popup);
  const channel = watchPopup(env, { origin: APP }, opened, (err, data) => calls.push([err, data]));
  return { calls, channel, popup: env.opened.at(-1)! };
}

beforeEach(() => {
  env = fakeEnv();
});

describe('popup channel (opener side)', () => {
  it('answers ready with a request to the expected origin, takes the response, closes the popup and cleans up', () => {
    const { calls, channel, popup } = open();
    expect(popup).toMatchObject({ url: URL_, name: null, features: 'width=1' });
    expect(channel.originalPopup).toBe(popup);
    dispatchMessage(env, JSON.stringify({ a: 'ready' }), APP, popup);
    expect(popup.posted).toEqual([['{"a":"request"}', APP]]);
    dispatchMessage(env, JSON.stringify({ a: 'response', d: { accessToken: 'AT' } }), APP, popup);
    expect(calls).toEqual([[null, { accessToken: 'AT' }]]);
    expect(popup.closed).toBe(true);
    expect(leftovers()).toEqual(none);
  });

  it('ignores another origin, another window, non-JSON noise and unknown actions', () => {
    const { calls, popup } = open();
    const response = JSON.stringify({ a: 'response', d: 'stolen' });
    dispatchMessage(env, response, 'https://evil.example', popup);
    dispatchMessage(env, response, APP, fakePopup());
    dispatchMessage(env, response, APP, null);
    dispatchMessage(env, 'not json {', APP, popup);
    dispatchMessage(env, { a: 'response', d: 'object, not a string' }, APP, popup);
    dispatchMessage(env, JSON.stringify({ a: 'other' }), APP, popup);
    dispatchMessage(env, JSON.stringify({ a: 'ready' }), 'https://evil.example', popup);
    expect(calls).toEqual([]);
    expect(popup.posted).toEqual([]);
    expect(leftovers()).toEqual({ listeners: 1, timers: 1, pageHide: 1 });
    dispatchMessage(env, JSON.stringify({ a: 'error', d: 'client closed window' }), APP, popup);
    expect(calls).toEqual([['client closed window', undefined]]);
    expect(leftovers()).toEqual(none);
  });

  it('reports a popup closed by the user (polled every 500 ms), once', () => {
    const { calls, popup } = open();
    env.advance(500);
    expect(calls).toEqual([]);
    popup.closed = true;
    env.advance(499);
    expect(calls).toEqual([]);
    env.advance(1);
    expect(calls).toEqual([[POPUP_CLOSED, undefined]]);
    dispatchMessage(env, JSON.stringify({ a: 'response', d: {} }), APP, popup);
    env.advance(5000);
    expect(calls).toHaveLength(1);
    expect(leftovers()).toEqual(none);
  });

  it('reports a blocked popup as popup_blocked after returning, with nothing left behind', () => {
    env.blockPopups = true;
    const { calls, channel } = open();
    expect(channel.originalPopup).toBeNull();
    expect(calls).toEqual([]);
    env.advance(0);
    expect(calls).toEqual([
      [{ error: 'popup_blocked', error_description: 'The popup window was blocked by the browser.' }, undefined],
    ]);
    expect(leftovers()).toEqual(none);
  });

  it("reports a missing relay URL without opening a window (v10's message)", () => {
    const { calls } = open({ relayUrl: undefined });
    expect(env.opened).toEqual([]);
    env.advance(0);
    expect(calls).toEqual([["missing required 'relay_url' parameter", undefined]]);
    expect(leftovers()).toEqual(none);
  });

  it('navigates a preloaded window instead of opening one; a closed one is replaced', () => {
    const preloaded = fakePopup('about:blank');
    const { channel } = open({ popup: preloaded });
    expect(preloaded.location.href).toBe(URL_);
    expect(env.opened).toEqual([]);
    expect(channel.originalPopup).toBe(preloaded);
    const closed = Object.assign(fakePopup('about:blank'), { closed: true });
    open({ popup: closed });
    expect(closed.location.href).toBe('about:blank');
    expect(env.opened).toHaveLength(1);
  });

  it('close() closes the popup and calls back once with the closed error; the opener leaving does the same', () => {
    const first = open();
    first.channel.close();
    first.channel.close();
    expect(first.popup.closed).toBe(true);
    expect(first.calls).toEqual([[POPUP_CLOSED, undefined]]);
    const second = open();
    for (const hide of [...env.pageHideListeners]) hide();
    expect(second.popup.closed).toBe(true);
    expect(second.calls).toEqual([[POPUP_CLOSED, undefined]]);
    expect(leftovers()).toEqual(none);
  });

  it("posts 'die' when the popup refuses to close", () => {
    const { calls, popup } = open();
    popup.close = () => {
      throw new Error('refused');
    };
    dispatchMessage(env, JSON.stringify({ a: 'response', d: { ok: 1 } }), APP, popup);
    expect(popup.posted).toEqual([['die', APP]]);
    expect(calls).toEqual([[null, { ok: 1 }]]);
  });
});

describe('popup window', () => {
  it("computes v10's features: 500×600 centred on the window, then every popupOptions key", () => {
    // Fake window box: x 100, y 50, 1024×768.
    expect(popupFeatures(env)).toBe('width=500,height=600,left=362,top=134');
    expect(popupFeatures(env, { width: 400, height: 600, left: 312, scrollbars: 'yes' })).toBe(
      'width=400,height=600,left=312,top=134,scrollbars=yes',
    );
    expect(popupFeatures(env, { width: 301 })).toBe('width=301,height=600,left=461.5,top=134');
  });

  it("extracts origins the way v10 did; anything but http(s) means this page's", () => {
    expect(extractOrigin(env, 'https://app.example.com:8443/cb?x#y')).toBe('https://app.example.com:8443');
    expect(extractOrigin(env, 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(extractOrigin(env, undefined)).toBe(APP);
    expect(extractOrigin(env, 'myapp://callback')).toBe(APP);
  });
});
