import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../../id-token/jwks.js';
import { dispatchMessage, fakeEnv, loadFrame, type FakeEnv } from '../../testing/fake-env.js';
import { atHash, claimsFor, makeKeys, serveJwks, type TestKeys } from '../../testing/tokens.js';
import { testWebAuth } from '../../testing/web-auth.js';
import { RENEW_AUTH_TIMEOUT_MS } from './renew-auth.js';
import { SHOWN_PAGE_GRACE_MS } from '../../browser/child-window.js';
import { SHOWN_PAGE_HINT } from '../../shared/debug.js';

const TENANT = 'https://me.auth0.com';
const APP = 'https://app.example.com';
let keys: TestKeys;
let env: FakeEnv;

/** Starts renewAuth and returns the callback's calls, the iframe and its authorize URL. */
function start(options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const webAuth = testWebAuth(env, { responseType: 'token id_token', ...extra });
  const calls: [any, any][] = [];
  webAuth.renewAuth(options, (err, result) => calls.push([err, result]));
  const frame = env.frames.at(-1)!;
  const url = new URL(frame.url!);
  return { webAuth, calls, frame, url, state: url.searchParams.get('state')!, nonce: url.searchParams.get('nonce')! };
}

const answered = (calls: unknown[]) => vi.waitFor(() => expect(calls).toHaveLength(1));
const leftovers = () => ({
  frames: env.frames.filter((f) => f.attached).length,
  listeners: env.listeners.size,
  timers: env.timers.size,
});
const fragment = async (state: string, nonce: string) =>
  `#access_token=AT&id_token=${await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { nonce, at_hash: atHash('AT') }))}&token_type=Bearer&expires_in=7200&state=${state}`;

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  keys ??= await makeKeys();
  serveJwks(env, `${TENANT}/.well-known/jwks.json`, keys);
});

describe('renewAuth', () => {
  it('loads /authorize with prompt=none in a hidden iframe and parses the fragment it lands on', async () => {
    const { calls, frame, url, state, nonce } = start({ scope: 'openid', prompt: 'login', timeout: 5000 });
    expect(url.origin + url.pathname).toBe(`${TENANT}/authorize`);
    expect(url.searchParams.get('prompt')).toBe('none');
    expect(url.searchParams.get('response_mode')).toBe('fragment');
    expect(url.searchParams.has('timeout')).toBe(false);
    expect(url.searchParams.has('usePostMessage')).toBe(false);
    loadFrame(frame, { protocol: 'about:', hash: '' }); // Chromium's first, empty load is ignored
    loadFrame(frame, undefined); // a page of another origin cannot be read: still waiting
    expect(calls).toHaveLength(0);
    loadFrame(frame, { protocol: 'https:', hash: await fragment(state, nonce) });
    await answered(calls);
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1]).toMatchObject({ accessToken: 'AT', state, expiresIn: 7200 });
    expect(leftovers()).toEqual({ frames: 0, listeners: 0, timers: 0 });
  });

  it('defaults responseType to token', () => {
    const { url } = start({}, { responseType: undefined });
    expect(url.searchParams.get('response_type')).toBe('token');
  });

  it('with usePostMessage, accepts only this origin and the iframe window, and the expected type', async () => {
    const { calls, frame, state, nonce } = start({ usePostMessage: true, postMessageDataType: 'silent' });
    const hash = await fragment(state, nonce);
    dispatchMessage(env, { type: 'silent', hash }, 'https://evil.example', frame.window);
    dispatchMessage(env, { type: 'silent', hash }, APP, { other: true });
    dispatchMessage(env, { type: 'other', hash }, APP, frame.window);
    dispatchMessage(env, null, APP, frame.window);
    expect(calls).toHaveLength(0);
    dispatchMessage(env, { type: 'silent', hash }, APP, frame.window);
    dispatchMessage(env, { type: 'silent', hash }, APP, frame.window);
    await answered(calls);
    expect(calls[0]![1]).toMatchObject({ accessToken: 'AT', state });
    expect(calls).toHaveLength(1);
    expect(leftovers()).toEqual({ frames: 0, listeners: 0, timers: 0 });
  });

  it('with debug, traces each ignored message (reason and origin only), then the answer', async () => {
    const events: any[] = [];
    const { calls, frame, state, nonce } = start(
      { usePostMessage: true, postMessageDataType: 'silent' },
      { debug: (event: unknown) => events.push(event) },
    );
    const hash = await fragment(state, nonce);
    dispatchMessage(env, { type: 'silent', hash }, 'https://evil.example', frame.window);
    dispatchMessage(env, { type: 'silent', hash }, APP, { other: true });
    dispatchMessage(env, { type: 'other', hash }, APP, frame.window);
    dispatchMessage(env, { type: 'silent', hash }, APP, frame.window);
    await answered(calls);
    const renew = events.filter((event) => event.flow === 'renewAuth');
    expect(renew).toEqual([
      { flow: 'renewAuth', step: 'message-ignored', detail: { reason: 'origin', origin: 'https://evil.example' } },
      { flow: 'renewAuth', step: 'message-ignored', detail: { reason: 'source', origin: APP } },
      { flow: 'renewAuth', step: 'message-ignored', detail: { reason: 'type', origin: APP } },
      { flow: 'renewAuth', step: 'answered' },
    ]);
    expect(JSON.stringify(events)).not.toContain(hash.slice(1, 40));
  });

  it('with debug, traces the frame answer and the timeout', async () => {
    const events: any[] = [];
    const debug = (event: unknown) => events.push(event);
    const loaded = start({}, { debug });
    loadFrame(loaded.frame, { protocol: 'https:', hash: await fragment(loaded.state, loaded.nonce) });
    await answered(loaded.calls);
    const silent = start({ timeout: 1000 }, { debug });
    env.advance(1000);
    await answered(silent.calls);
    expect(events.filter((event) => event.flow === 'renewAuth')).toEqual([
      { flow: 'renewAuth', step: 'answered' },
      { flow: 'renewAuth', step: 'timeout' },
    ]);
  });

  it('with usePostMessage and no data type, takes a posted fragment string from postMessageOrigin', async () => {
    const { calls, frame, state, nonce } = start({
      usePostMessage: true,
      postMessageOrigin: 'https://silent.example.com',
    });
    dispatchMessage(env, await fragment(state, nonce), APP, frame.window);
    expect(calls).toHaveLength(0);
    dispatchMessage(env, await fragment(state, nonce), 'https://silent.example.com', frame.window);
    await answered(calls);
    expect(calls[0]![1]).toMatchObject({ accessToken: 'AT' });
  });

  it('hands a posted object without a fragment over unchanged, as v10 did', async () => {
    const { calls, frame } = start({ usePostMessage: true });
    dispatchMessage(env, { accessToken: 'parsed-elsewhere' }, APP, frame.window);
    await answered(calls); // read by the legacy chunk (issue 32)
    expect(calls).toEqual([[null, { accessToken: 'parsed-elsewhere' }]]);
  });

  it('rejects a fragment whose state is not a stored transaction', async () => {
    const { calls, frame, nonce } = start();
    loadFrame(frame, { protocol: 'https:', hash: await fragment('forged-state', nonce) });
    await answered(calls);
    expect(calls[0]![0]).toMatchObject({ error: 'invalid_token' });
  });

  it('times out after 60 s by default with v10 error, leaving nothing behind', async () => {
    const { calls } = start();
    env.advance(RENEW_AUTH_TIMEOUT_MS - 1);
    expect(calls).toHaveLength(0);
    env.advance(1);
    await answered(calls);
    expect(JSON.parse(JSON.stringify(calls[0]![0]))).toEqual({
      error: 'timeout',
      errorDescription: 'Timeout during authentication renew.',
      hint: expect.stringMatching(/^no answer: origin not in Allowed Web Origins, .* third-party cookies/),
    });
    // The key set started loading with the flow (issue 27): its request's deadline goes when it answers.
    await vi.waitFor(() => expect(leftovers()).toEqual({ frames: 0, listeners: 0, timers: 0 }));
    const short = start({ timeout: 1000 });
    env.advance(1000);
    await answered(short.calls);
  });

  it('ends early with the cause once a page of another origin loaded without answering', async () => {
    const { calls, frame } = start({ usePostMessage: true });
    loadFrame(frame, undefined); // not the callback page of this origin: the tenant's own page
    env.advance(SHOWN_PAGE_GRACE_MS);
    await answered(calls);
    expect(JSON.parse(JSON.stringify(calls[0]![0]))).toEqual({
      error: 'timeout',
      errorDescription: 'Timeout during authentication renew.',
      hint: SHOWN_PAGE_HINT,
    });
  });

  it('reports an answer posted within the grace as it is, without the shown-page hint', async () => {
    const { calls, frame } = start({ usePostMessage: true });
    loadFrame(frame, undefined); // the tenant's page of another origin, which then posts
    const hash = '#error=login_required&error_description=Login%20required&state=S';
    dispatchMessage(env, { type: 'authorization_response', hash }, APP, frame.window);
    await answered(calls);
    const err = JSON.parse(JSON.stringify(calls[0]![0]));
    expect(err.error).toBe('login_required');
    expect(err.hint).toMatch(/^third-party cookies may be blocked/);
  });

  it('waits the whole timeout when the answer may be posted by a callback page of another origin', () => {
    const { calls, frame } = start({ usePostMessage: true, postMessageOrigin: 'https://silent.example.com' });
    loadFrame(frame, undefined); // that callback page may post whenever it is ready
    env.advance(RENEW_AUTH_TIMEOUT_MS - 1);
    expect(calls).toHaveLength(0);
  });

  it('throws the options error without options, before any iframe', () => {
    const webAuth = testWebAuth(env);
    expect(() => webAuth.renewAuth(undefined as never, () => {})).toThrow('options parameter is not valid');
    expect(env.frames).toHaveLength(0);
  });
});
