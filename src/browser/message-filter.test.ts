import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchMessage, fakeEnv, fakePopup, type FakeEnv } from '../testing/fake-env.js';
import type { DebugEvent } from '../types.js';
import { acceptMessage, acceptWindowMessage } from './message-filter.js';
import { POPUP_CLOSED, watchPopup } from '../web-auth/popup/popup-channel.js';
import { openPopupWindow } from './popup-window.js';

const APP = 'https://app.example.com';
const TENANT = 'https://me.auth0.com';
const EVIL = 'https://evil.example';
const SECRETS = ['AT-SECRET', 'CODE-SECRET', 'STATE-SECRET'];
let env: FakeEnv;
let events: DebugEvent[];

const event = (data: unknown, origin: string, source: unknown) => ({ data, origin, source }) as MessageEvent;

beforeEach(() => {
  env = fakeEnv();
  events = [];
});

describe('message filter reasons', () => {
  const frame = {};
  const expected = { origin: TENANT, source: frame, type: 'authorization_response', state: 'S1' };
  const answer = (state: string) => ({
    type: 'authorization_response',
    response: { access_token: 'AT-SECRET', state },
  });

  it('names why a web message is ignored: origin, source, type, state; never its data', () => {
    const reasons: [string, string][] = [];
    const ignored = (reason: string, origin: string) => void reasons.push([reason, origin]);
    expect(acceptMessage(event(answer('S1'), EVIL, frame), expected, ignored)).toBeUndefined();
    expect(acceptMessage(event(answer('S1'), TENANT, {}), expected, ignored)).toBeUndefined();
    expect(acceptMessage(event({ type: 'other' }, TENANT, frame), expected, ignored)).toBeUndefined();
    expect(acceptMessage(event('AT-SECRET', TENANT, frame), expected, ignored)).toBeUndefined();
    expect(acceptMessage(event(answer('STATE-SECRET'), TENANT, frame), expected, ignored)).toBeUndefined();
    expect(acceptMessage(event(answer('S1'), TENANT, frame), expected, ignored)).toEqual(answer('S1'));
    expect(reasons).toEqual([
      ['origin', EVIL],
      ['source', TENANT],
      ['type', TENANT],
      ['type', TENANT],
      ['state', TENANT],
    ]);
  });

  it('names why a popup-protocol message is ignored; any origin when none is expected', () => {
    const reasons: string[] = [];
    const ignored = (reason: string) => void reasons.push(reason);
    const popup = {};
    const text = JSON.stringify({ a: 'response', d: 'AT-SECRET' });
    expect(acceptWindowMessage(event(text, EVIL, popup), APP, popup, ignored)).toBeUndefined();
    expect(acceptWindowMessage(event(text, APP, {}), APP, popup, ignored)).toBeUndefined();
    expect(acceptWindowMessage(event('not json {', APP, popup), APP, popup, ignored)).toBeUndefined();
    expect(acceptWindowMessage(event({ a: 'response' }, APP, popup), APP, popup, ignored)).toBeUndefined();
    expect(acceptWindowMessage(event('null', APP, popup), APP, popup, ignored)).toBeUndefined();
    expect(acceptWindowMessage(event(text, EVIL, popup), null, popup, ignored)).toEqual({
      a: 'response',
      d: 'AT-SECRET',
    });
    expect(reasons).toEqual(['origin', 'source', 'type', 'type', 'type']);
  });

  it('works without a listener for ignored messages', () => {
    expect(acceptMessage(event(answer('S1'), EVIL, frame), expected)).toBeUndefined();
    expect(acceptWindowMessage(event('x', EVIL, frame), APP, frame)).toBeUndefined();
  });
});

describe('popup channel trace', () => {
  const open = () => {
    const calls: unknown[][] = [];
    const debug = (e: DebugEvent) => void events.push(e);
    const opened = openPopupWindow(env, `${TENANT}/authorize`, `${APP}/cb`, '');
    const channel = watchPopup(env, { origin: APP, debug }, opened, (...args) => void calls.push(args));
    return { calls, channel, popup: env.opened.at(-1)! };
  };
  const steps = () => events.map((e) => [e.step, e.detail]);

  it('traces accepted and ignored messages by reason, without the answer', () => {
    const { calls, popup } = open();
    const secret = JSON.stringify({ a: 'response', d: { accessToken: 'AT-SECRET', code: 'CODE-SECRET' } });
    dispatchMessage(env, secret, EVIL, popup);
    dispatchMessage(env, secret, APP, fakePopup());
    dispatchMessage(env, 'noise', APP, popup);
    dispatchMessage(env, JSON.stringify({ a: 'other', d: 'STATE-SECRET' }), APP, popup);
    dispatchMessage(env, JSON.stringify({ a: 'ready' }), APP, popup);
    dispatchMessage(env, secret, APP, popup);
    expect(calls).toEqual([[null, { accessToken: 'AT-SECRET', code: 'CODE-SECRET' }]]);
    expect(events.every((e) => e.flow === 'popup')).toBe(true);
    expect(steps()).toEqual([
      ['message-ignored', { reason: 'origin', origin: EVIL }],
      ['message-ignored', { reason: 'source', origin: APP }],
      ['message-ignored', { reason: 'type', origin: APP }],
      ['message-ignored', { reason: 'type', origin: APP }],
      ['message-accepted', { origin: APP, a: 'ready' }],
      ['message-accepted', { origin: APP, a: 'response' }],
    ]);
    // After the answer the listener is gone: a late message reaches nothing, so nothing is traced.
    dispatchMessage(env, secret, APP, popup);
    expect(events).toHaveLength(6);
    const text = JSON.stringify(events);
    for (const secretValue of SECRETS) expect(text).not.toContain(secretValue);
  });

  it('traces the popup closed by the user, by the app and by leaving the page, once each', () => {
    const byUser = open();
    byUser.popup.closed = true;
    env.advance(500);
    const byApp = open();
    byApp.channel.close();
    byApp.channel.close();
    open();
    for (const listener of [...env.pageHideListeners]) listener();
    expect(steps()).toEqual([
      ['closed', { by: 'user' }],
      ['closed', { by: 'app' }],
      ['closed', { by: 'page' }],
    ]);
    expect([byUser.calls, byApp.calls]).toEqual([[[POPUP_CLOSED, undefined]], [[POPUP_CLOSED, undefined]]]);
  });

  it('traces an error answer from the popup page', () => {
    const { calls, popup } = open();
    dispatchMessage(env, JSON.stringify({ a: 'error', d: 'client closed window' }), APP, popup);
    expect(calls).toEqual([['client closed window', undefined]]);
    expect(steps()).toEqual([['message-accepted', { origin: APP, a: 'error' }]]);
  });
});
