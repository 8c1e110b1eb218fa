import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../../id-token/jwks.js';
import { dispatchMessage, fakeEnv, loadFrame, type FakeEnv } from '../../testing/fake-env.js';
import { SHOWN_PAGE_GRACE_MS } from '../../browser/child-window.js';
import { SHOWN_PAGE_HINT } from '../../shared/debug.js';
import { atHash, claimsFor, makeKeys, serveJwks, type TestKeys } from '../../testing/tokens.js';
import { contextOf, testWebAuth } from '../../testing/web-auth.js';
import { checkSession, CHECK_SESSION_TIMEOUT_MS } from './check-session.js';
import type { WebAuthContext } from '../../flow/context.js';

const TENANT = 'https://me.auth0.com';
let keys: TestKeys;
let env: FakeEnv;

const setup = (extra: Record<string, unknown> = {}) => contextOf(testWebAuth(env, extra));

/** Starts checkSession and returns the callback's calls and the iframe's authorize URL. */
function start(ctx: WebAuthContext, options: Record<string, unknown> = {}) {
  const calls: [any, any][] = [];
  checkSession(ctx, options, (err, result) => calls.push([err, result]));
  const frame = env.frames.at(-1);
  const url = frame?.url ? new URL(frame.url) : undefined;
  return {
    calls,
    frame,
    url,
    state: url?.searchParams.get('state') ?? undefined,
    nonce: url?.searchParams.get('nonce') ?? undefined,
  };
}

// Validation verifies a signature with WebCrypto (real async work): wait for the callback, not a fixed time.
const answered = (calls: unknown[]) => vi.waitFor(() => expect(calls).toHaveLength(1));
const leftovers = () => ({
  frames: env.frames.filter((f) => f.attached).length,
  listeners: env.listeners.size,
  timers: env.timers.size,
});

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  keys ??= await makeKeys();
  serveJwks(env, `${TENANT}/.well-known/jwks.json`, keys);
});

describe('checkSession', () => {
  it('loads /authorize with prompt=none and web_message in a hidden iframe, then validates the answer', async () => {
    const ctx = setup();
    const { calls, frame, url, state, nonce } = start(ctx, { scope: 'openid email', timeout: 5000, prompt: 'login' });
    expect(url!.origin + url!.pathname).toBe(`${TENANT}/authorize`);
    expect(url!.searchParams.get('prompt')).toBe('none');
    expect(url!.searchParams.get('response_mode')).toBe('web_message');
    expect(url!.searchParams.has('timeout')).toBe(false);
    const idToken = await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { nonce, at_hash: atHash('AT') }));
    dispatchMessage(
      env,
      {
        type: 'authorization_response',
        response: { access_token: 'AT', id_token: idToken, state, token_type: 'Bearer', expires_in: '7200' },
      },
      TENANT,
      frame!.window,
    );
    await answered(calls);
    const [err, result] = calls[0]!;
    expect(err).toBeNull();
    expect(result).toMatchObject({
      accessToken: 'AT',
      idToken,
      state,
      appState: state,
      expiresIn: 7200,
      tokenType: 'Bearer',
    });
    expect(result.idTokenPayload.sub).toBe('auth0|alice');
    expect(leftovers()).toEqual({ frames: 0, listeners: 0, timers: 0 });
  });

  it('detaches the iframe once the answer is checked: after the callback, not before the checks', async () => {
    const ctx = setup();
    const attachedAt: boolean[] = [];
    checkSession(ctx, {}, () => attachedAt.push(env.frames.at(-1)!.attached));
    const frame = env.frames.at(-1)!;
    const url = new URL(frame.url!);
    const idToken = await keys.sign(
      claimsFor(env, `${TENANT}/`, 'CID', { nonce: url.searchParams.get('nonce'), at_hash: atHash('AT') }),
    );
    const response = { access_token: 'AT', id_token: idToken, state: url.searchParams.get('state') };
    dispatchMessage(env, { type: 'authorization_response', response }, TENANT, frame.window);
    expect(frame.attached).toBe(true); // the checks run first
    await answered(attachedAt);
    expect(attachedAt).toEqual([true]);
    await vi.waitFor(() => expect(frame.attached).toBe(false));
  });

  it('ignores a message from another origin, another window or for another state', async () => {
    const ctx = setup();
    const { calls, frame, state } = start(ctx);
    const good = {
      type: 'authorization_response',
      response: { error: 'login_required', error_description: 'Login required', state },
    };
    dispatchMessage(env, good, 'https://evil.example', frame!.window);
    dispatchMessage(env, good, TENANT, { other: true });
    dispatchMessage(env, { ...good, response: { ...good.response, state: 'other' } }, TENANT, frame!.window);
    dispatchMessage(env, { type: 'something_else', response: good.response }, TENANT, frame!.window);
    dispatchMessage(env, null, TENANT, frame!.window);
    expect(calls).toHaveLength(0);
    expect(leftovers()).toEqual({ frames: 1, listeners: 1, timers: 1 });
    dispatchMessage(env, good, TENANT, frame!.window);
    dispatchMessage(env, good, TENANT, frame!.window); // a second answer is not a second callback
    expect(calls).toHaveLength(1);
  });

  it('relays a server error wrapped as v10 does, and clears its transaction', () => {
    const ctx = setup();
    const { calls, frame, state } = start(ctx);
    expect(ctx.transactionManager.storage.get(`com.auth0.auth.${state}`)).toBeTruthy();
    dispatchMessage(
      env,
      {
        type: 'authorization_response',
        response: { error: 'login_required', error_description: 'Login required', state },
      },
      TENANT,
      frame!.window,
    );
    expect(JSON.parse(JSON.stringify(calls[0]![0]))).toEqual({
      original: { error: 'login_required', error_description: 'Login required' },
      code: 'login_required',
      description: 'Login required',
      error: 'login_required',
      error_description: 'Login required',
      hint: expect.stringMatching(/^third-party cookies may be blocked/),
    });
    expect(ctx.transactionManager.storage.get(`com.auth0.auth.${state}`)).toBeUndefined();
    expect(env.warnings).toEqual([]);
  });

  it('warns about consent on localhost', () => {
    env.url = 'http://localhost:3000/';
    const ctx = setup({ redirectUri: 'http://localhost:3000/cb' });
    const { calls, frame, state } = start(ctx);
    dispatchMessage(
      env,
      {
        type: 'authorization_response',
        response: { error: 'consent_required', error_description: 'Consent required', state },
      },
      TENANT,
      frame!.window,
    );
    expect(calls[0]![0].code).toBe('consent_required');
    expect(String(env.warnings[0]![0])).toMatch(/^Consent Required\. Consent can't be skipped on localhost\./);
  });

  it('times out after 60 s by default, or options.timeout, leaving nothing behind', () => {
    const ctx = setup();
    const { calls, state } = start(ctx);
    env.advance(CHECK_SESSION_TIMEOUT_MS - 1);
    expect(calls).toHaveLength(0);
    env.advance(1);
    expect(calls[0]![0]).toMatchObject({
      code: 'timeout',
      error: 'timeout',
      error_description: 'Timeout during executing web_message communication',
    });
    expect(ctx.transactionManager.storage.get(`com.auth0.auth.${state}`)).toBeUndefined();
    expect(leftovers()).toEqual({ frames: 0, listeners: 0, timers: 0 });
    const short = start(ctx, { timeout: 1500 });
    env.advance(1500);
    expect(short.calls).toHaveLength(1);
  });

  it('ends with v10 timeout fields and the cause once the tenant showed a page that did not answer', () => {
    const ctx = setup();
    const { calls, frame, state } = start(ctx);
    loadFrame(frame!, undefined); // the tenant's error page: another origin, no message
    env.advance(SHOWN_PAGE_GRACE_MS - 1);
    expect(calls).toHaveLength(0);
    env.advance(1);
    const text = 'Timeout during executing web_message communication';
    expect(JSON.parse(JSON.stringify(calls[0]![0]))).toEqual({
      original: { error: 'timeout', error_description: text },
      code: 'timeout',
      description: text,
      error: 'timeout',
      error_description: text,
      hint: SHOWN_PAGE_HINT,
    });
    expect(SHOWN_PAGE_HINT).toMatch(/^the tenant showed a page, no answer: origin not in Allowed Web Origins/);
    expect(ctx.transactionManager.storage.get(`com.auth0.auth.${state}`)).toBeUndefined();
    expect(leftovers()).toEqual({ frames: 0, listeners: 0, timers: 0 });
  });

  it('leaves no iframe, listener or timer behind after 100 calls', () => {
    const ctx = setup();
    for (let i = 0; i < 100; i++) {
      const { frame, state } = start(ctx);
      if (i % 2)
        dispatchMessage(
          env,
          { type: 'authorization_response', response: { error: 'login_required', state } },
          TENANT,
          frame!.window,
        );
    }
    env.advance(CHECK_SESSION_TIMEOUT_MS);
    expect(env.frames).toHaveLength(100);
    expect(leftovers()).toEqual({ frames: 0, listeners: 0, timers: 0 });
  });

  it('reports validation failures as invalid_token with the legacy fields', async () => {
    const ctx = setup();
    const { calls, frame, state } = start(ctx);
    const idToken = await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { nonce: 'not-the-nonce' }));
    dispatchMessage(
      env,
      { type: 'authorization_response', response: { access_token: 'AT', id_token: idToken, state } },
      TENANT,
      frame!.window,
    );
    await answered(calls);
    const err = calls[0]![0];
    expect(err).toMatchObject({ code: 'invalid_token', error: 'invalid_token' });
    expect(err.description).toMatch(/^Nonce \(nonce\) claim value mismatch in the ID token/);
    expect(err.original).toEqual({ error: 'invalid_token', errorDescription: err.description });
  });

  it('checks its preconditions like v10: no code response type, a redirect URI, the same origin', () => {
    const ctx = setup();
    const code = start(ctx, { responseType: 'code' });
    expect(JSON.parse(JSON.stringify(code.calls[0]![0]))).toEqual({
      error: 'error',
      error_description: "responseType can't be `code`",
    });
    const noRedirect = start(setup({ redirectUri: undefined }), {});
    expect(noRedirect.calls[0]![0]).toMatchObject({ error: 'error', error_description: "redirectUri can't be empty" });
    const mismatch = start(ctx, { redirectUri: 'https://other.example.com:8443/cb' });
    expect(mismatch.calls[0]![0]).toMatchObject({
      code: 'origin_mismatch',
      description:
        "The redirectUri's origin (https://other.example.com:8443) should match the window's origin (https://app.example.com).",
    });
    expect(env.frames).toHaveLength(0);
    // The transaction process() stored for the mismatched call is gone too (COMPATIBILITY D8).
    expect(env.readCookies()).not.toMatch(/com\.auth0\.auth\./);
  });

  it('stores no transaction when the caller brings its own nonce and state', () => {
    const ctx = setup();
    const { url } = start(ctx, { nonce: 'N', state: 'S' });
    expect(url!.searchParams.get('state')).toBe('S');
    expect(url!.searchParams.get('nonce')).toBe('N');
    expect(env.cookieWrites).toEqual([]);
  });
});
