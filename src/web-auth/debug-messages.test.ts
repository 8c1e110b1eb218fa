import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchMessage, fakeEnv, fakePopup, fakeWindow, json, type FakeEnv } from '../testing/fake-env.js';
import { contextOf, testWebAuth } from '../testing/web-auth.js';
import type { DebugEvent } from '../types.js';
import { checkSession } from './silent-auth/check-session.js';
import { loadCapability } from './load-capability.js';
import { afterChunk } from '../testing/capabilities.js';

const TENANT = 'https://me.auth0.com';
const APP = 'https://app.example.com';
const EVIL = 'https://evil.example';
const ORIGINS = 'origin not in Allowed Web Origins';
let env: FakeEnv;
let events: DebugEvent[];
const debug = (event: DebugEvent) => void events.push(event);
const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** Every value a trace must never contain. */
const SECRETS = ['AT-SECRET', 'CODE-SECRET', 'PASSWORD-SECRET'];
const expectNoSecrets = (extra: string[] = []) => {
  const text = JSON.stringify(events);
  for (const secret of [...SECRETS, ...extra]) expect(text).not.toContain(secret);
};

beforeEach(() => {
  env = fakeEnv();
  events = [];
});

// The popup chunk's first import (a module transform here) takes a while: done once, before the tests.
beforeAll(() => loadCapability('popup'));
describe('debug: web messages ignored by the filter', () => {
  it('traces each ignored checkSession message with its reason and origin, never its data or state', () => {
    const calls: unknown[] = [];
    checkSession(contextOf(testWebAuth(env, { debug })), {}, (err) => calls.push(err));
    const frame = env.frames.at(-1)!;
    const state = new URL(frame.url!).searchParams.get('state')!;
    const answer = (s: string) => ({
      type: 'authorization_response',
      response: { access_token: 'AT-SECRET', code: 'CODE-SECRET', state: s },
    });
    dispatchMessage(env, answer(state), EVIL, frame.window);
    dispatchMessage(env, answer(state), TENANT, {});
    dispatchMessage(env, { type: 'co_verifier_request', secret: 'AT-SECRET' }, TENANT, frame.window);
    dispatchMessage(env, answer('other-transaction'), TENANT, frame.window);
    expect(calls).toEqual([]);
    expect(events).toEqual(
      ['origin', 'source', 'type', 'state'].map((reason) => ({
        flow: 'webMessage',
        step: 'message-ignored',
        detail: { reason, origin: reason === 'origin' ? EVIL : TENANT },
      })),
    );
    expectNoSecrets([state, 'other-transaction']);
  });

  it('hints at RS256 when checkSession gets an HS256 ID token', async () => {
    const calls: any[] = [];
    checkSession(contextOf(testWebAuth(env, { responseType: 'id_token' })), {}, (err) => calls.push(err));
    const frame = env.frames.at(-1)!;
    const state = new URL(frame.url!).searchParams.get('state');
    const token = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u' })}.c2ln`;
    dispatchMessage(
      env,
      { type: 'authorization_response', response: { id_token: token, state } },
      TENANT,
      frame.window,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ error: 'invalid_token', hint: 'the application must sign ID tokens with RS256' });
  });
});

describe('debug: the other message listeners', () => {
  it('traces what the cross-origin verification page and the popup page ignore', async () => {
    const verify = fakeEnv(`${APP}/verify#origin=${encodeURIComponent(TENANT)}`);
    verify.parentWindow = fakeWindow();
    const request = { type: 'co_verifier_request', request: { id: 'CODE-SECRET' } };
    testWebAuth(verify, { debug }).crossOriginVerification();
    await afterChunk('legacy'); // the page's code arrives with its chunk (issue 32)
    dispatchMessage(verify, request, EVIL, verify.parentWindow);
    dispatchMessage(verify, { type: 'other', secret: 'AT-SECRET' }, TENANT, verify.parentWindow);
    const popupPage = fakeEnv(`${APP}/popup-callback#access_token=AT-SECRET`);
    popupPage.openerWindow = fakePopup();
    testWebAuth(popupPage, { debug }).popup.callback();
    // The popup chunk has arrived: the page said ready.
    await vi.waitFor(() => expect(popupPage.openerWindow!.posted).toHaveLength(1));
    dispatchMessage(popupPage, JSON.stringify({ a: 'request' }), APP, fakePopup());
    dispatchMessage(popupPage, 'extension noise AT-SECRET', APP, popupPage.openerWindow);
    expect(events.map((e) => [e.flow, e.step, e.detail])).toEqual([
      ['coVerification', 'message-ignored', { reason: 'origin', origin: EVIL }],
      ['coVerification', 'message-ignored', { reason: 'type', origin: TENANT }],
      ['popupCallback', 'message-ignored', { reason: 'source', origin: APP }],
      ['popupCallback', 'message-ignored', { reason: 'type', origin: APP }],
    ]);
    expectNoSecrets();
  });
});

describe('debug: popup.authorize', () => {
  it("traces the popup's messages and hints on its origin_mismatch answer", async () => {
    const webAuth = testWebAuth(env, { debug });
    const calls: any[] = [];
    webAuth.popup.authorize({}, (err) => calls.push(err));
    const popup = env.opened.at(-1)!;
    // The popup chunk has arrived: the opener watches the window (its close poll runs).
    await vi.waitFor(() => expect(env.timers.size).toBeGreaterThan(0));
    dispatchMessage(env, JSON.stringify({ a: 'response', d: { accessToken: 'AT-SECRET' } }), EVIL, popup);
    dispatchMessage(env, JSON.stringify({ a: 'response', d: { accessToken: 'AT-SECRET' } }), APP, fakePopup());
    dispatchMessage(env, JSON.stringify({ a: 'ready' }), APP, popup);
    const mismatch = { error: 'origin_mismatch', error_description: "The popup's origin (x) should match (y)." };
    dispatchMessage(env, JSON.stringify({ a: 'response', d: mismatch }), APP, popup);
    expect(events.filter((e) => e.flow === 'popup').map((e) => [e.step, e.detail])).toEqual([
      ['message-ignored', { reason: 'origin', origin: EVIL }],
      ['message-ignored', { reason: 'source', origin: APP }],
      ['message-accepted', { origin: APP, a: 'ready' }],
      ['message-accepted', { origin: APP, a: 'response' }],
    ]);
    expect(calls[0]).toMatchObject({
      code: 'origin_mismatch',
      hint: "redirectUri or popupOrigin is not this page's origin",
    });
    expectNoSecrets();
  });
});

describe('debug: embedded login (/co/authenticate)', () => {
  const login = async (respond: FakeEnv['respond']) => {
    env.respond = respond;
    const calls: any[] = [];
    const webAuth = testWebAuth(env, { debug });
    webAuth.login({ realm: 'db', username: 'ana', password: 'PASSWORD-SECRET' }, (err) => calls.push(err));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    return calls[0];
  };

  it('hints at Allowed Web Origins when the tenant refuses the origin, and traces the request', async () => {
    const body = {
      error: 'access_denied',
      error_description: 'Origin is not in the Allowed Web Origins of any client.',
    };
    expect(await login(() => json(body, 403))).toMatchObject({ error: 'access_denied', hint: ORIGINS });
    expect(events).toEqual([
      {
        flow: 'request',
        step: 'failed',
        detail: { path: 'co/authenticate', status: 403, error: 'access_denied', hint: ORIGINS },
      },
    ]);
    expectNoSecrets();
  });

  it('hints at Allowed Web Origins or the network when the request gets no answer (a refused CORS request)', async () => {
    const err = await login(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(err).toMatchObject({ error: 'request_error', hint: `${ORIGINS} (or offline)` });
    expectNoSecrets();
  });
});
