import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../../id-token/jwks.js';
import { dispatchMessage, fakeEnv, fakePopup, fakeWindow, json, sent, type FakeEnv } from '../../testing/fake-env.js';
import { atHash, claimsFor, makeKeys, type TestKeys } from '../../testing/tokens.js';
import { testWebAuth } from '../../testing/web-auth.js';
import { loadCapability } from '../load-capability.js';
import { API_LEVEL } from '../plugins.js';

const TENANT = 'https://me.auth0.com';
const APP = 'https://app.example.com';
let env: FakeEnv;
let keys: TestKeys;

const leftovers = () => ({
  listeners: env.listeners.size,
  timers: env.timers.size,
  pageHide: env.pageHideListeners.size,
  frames: env.frames.filter((f) => f.attached).length,
});
const none = { listeners: 0, timers: 0, pageHide: 0, frames: 0 };
const collect = () => {
  const calls: [any, any][] = [];
  return { calls, cb: (err: unknown, result?: unknown) => void calls.push([err, result]) };
};
const answered = (calls: unknown[]) => vi.waitFor(() => expect(calls).toHaveLength(1));
/** The popup chunk has arrived (issue 32): the opener's side watches the window (its close poll runs). */
const listening = () => vi.waitFor(() => expect(env.timers.size).toBeGreaterThan(0));
/** As `answered`, for an error reported on a timer once the chunk is there (no window to watch). */
const answeredLater = (calls: unknown[]) =>
  vi.waitFor(() => {
    env.advance(0);
    expect(calls).toHaveLength(1);
  });
/** The popup's side said ready (it does so once the chunk is there). */
const ready = (opener: { posted: unknown[] }) => vi.waitFor(() => expect(opener.posted.length).toBeGreaterThan(0));

// The popup chunk's first import (a module transform here) takes a while: done once, before the tests.
beforeAll(() => loadCapability('popup'));

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  keys ??= await makeKeys();
});

describe('popup.authorize', () => {
  it('opens /authorize centred, processes a transaction and reads the answer from the redirectUri origin', async () => {
    const webAuth = testWebAuth(env);
    const { calls, cb } = collect();
    const handle = webAuth.popup.authorize(
      { connection: 'github', popupOptions: { width: 300, height: 400, scrollbars: 'yes' }, popupHandler: undefined },
      cb,
    ) as any;
    const popup = env.opened[0]!;
    expect(handle.originalPopup).toBe(popup);
    expect(popup.features).toBe('width=300,height=400,left=462,top=234');
    const url = new URL(popup.url);
    expect(url.origin + url.pathname).toBe(`${TENANT}/authorize`);
    const state = url.searchParams.get('state')!;
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'CID',
      response_type: 'token id_token',
      redirect_uri: `${APP}/callback`,
      connection: 'github',
      scope: 'openid profile email',
      state,
    });
    expect(url.searchParams.has('popup_options')).toBe(false);
    expect(webAuth.transactionManager.getStoredTransaction(state)).toMatchObject({
      state,
      nonce: url.searchParams.get('nonce'),
    });
    await listening();
    dispatchMessage(env, JSON.stringify({ a: 'ready' }), APP, popup);
    expect(popup.posted).toEqual([['{"a":"request"}', APP]]);
    const authResult = { accessToken: 'AT', idTokenPayload: { given_name: 'Ana' }, state };
    dispatchMessage(env, JSON.stringify({ a: 'response', d: authResult }), TENANT, popup);
    expect(calls).toEqual([]);
    dispatchMessage(env, JSON.stringify({ a: 'response', d: authResult }), APP, popup);
    // v10's keepOriginalCasing: nested keys get both spellings.
    expect(calls).toEqual([
      [null, { accessToken: 'AT', idTokenPayload: { givenName: 'Ana', given_name: 'Ana' }, state }],
    ]);
    expect(popup.closed).toBe(true);
    expect(leftovers()).toEqual(none);
  });

  it("maps the popup's answers and failures to v10's error shapes, each delivered once", async () => {
    const webAuth = testWebAuth(env);
    const cases: [unknown, unknown][] = [];
    const run = async (send: (popup: ReturnType<typeof fakePopup>) => void) => {
      const { calls, cb } = collect();
      webAuth.popup.authorize({}, cb);
      await listening();
      send(env.opened.at(-1)!);
      env.advance(1000);
      expect(calls).toHaveLength(1);
      cases.push([JSON.parse(JSON.stringify(calls[0]![0])), calls[0]![1]]);
    };
    const mismatch = {
      error: 'origin_mismatch',
      error_description:
        "The popup's origin (https://evil.example) should match the `popupOrigin` parameter (https://app.example.com).",
    };
    await run((p) => dispatchMessage(env, JSON.stringify({ a: 'response', d: mismatch }), APP, p));
    await run((p) =>
      dispatchMessage(
        env,
        JSON.stringify({ a: 'response', d: { error: 'invalid_token', errorDescription: '`state` does not match.' } }),
        APP,
        p,
      ),
    );
    await run((p) => dispatchMessage(env, JSON.stringify({ a: 'response', d: null }), APP, p));
    await run((p) => void (p.closed = true));
    await run((p) => dispatchMessage(env, JSON.stringify({ a: 'error', d: 'client closed window' }), APP, p));
    expect(cases).toEqual([
      [
        {
          original: mismatch,
          code: 'origin_mismatch',
          description: mismatch.error_description,
          hint: "redirectUri or popupOrigin is not this page's origin",
        },
        undefined,
      ],
      [
        {
          original: { error: 'invalid_token', errorDescription: '`state` does not match.' },
          code: 'invalid_token',
          description: '`state` does not match.',
        },
        undefined,
      ],
      [{ error: 'generic_error', errorDescription: 'Something went wrong' }, undefined],
      [{ original: 'User closed the popup window', code: null, description: null }, undefined],
      [{ original: 'client closed window', code: null, description: null }, undefined],
    ]);
    expect(leftovers()).toEqual(none);
  });

  it('reports a blocked popup as popup_blocked (v10 never called back)', async () => {
    env.blockPopups = true;
    const webAuth = testWebAuth(env);
    const promise = webAuth.popup.authorize({});
    const settled: unknown[] = [];
    promise.catch((err: unknown) => settled.push(err));
    await answeredLater(settled);
    await expect(promise).rejects.toMatchObject({
      code: 'popup_blocked',
      description: 'The popup window was blocked by the browser.',
    });
    // The key set started loading with the flow (issue 27): its request's deadline goes when it answers.
    await vi.waitFor(() => expect(leftovers()).toEqual(none));
  });

  it('owp: the tenant relays the answer, so only its origin is read; popupOptions keep size and position only', async () => {
    const webAuth = testWebAuth(env);
    const { calls, cb } = collect();
    webAuth.popup.authorize({ owp: true, popupOptions: { left: 5, top: 6, menubar: 'no' } }, cb);
    const popup = env.opened[0]!;
    expect(popup.features).toBe('width=500,height=600,left=5,top=6');
    expect(new URL(popup.url).searchParams.get('owp')).toBe('true');
    await listening();
    dispatchMessage(env, JSON.stringify({ a: 'response', d: { accessToken: 'AT' } }), APP, popup);
    expect(calls).toEqual([]);
    dispatchMessage(env, JSON.stringify({ a: 'response', d: { accessToken: 'AT' } }), TENANT, popup);
    expect(calls).toEqual([[null, { accessToken: 'AT' }]]);
  });

  it("checks responseType (v10's message) and the options object before opening anything", () => {
    const webAuth = testWebAuth(env, { responseType: undefined });
    expect(() => webAuth.popup.authorize({}, () => {})).toThrow(/^responseType option is required$/);
    expect(() => webAuth.popup.authorize(null as never, () => {})).toThrow(/^options parameter is not valid$/);
    expect(() => webAuth.popup.authorize({ responseType: 'token' }, 'x' as never)).toThrow(
      /^cb parameter is not valid$/,
    );
    expect(env.opened).toEqual([]);
  });

  it('missing redirectUri: reports the relay error once and opens no window', async () => {
    const webAuth = testWebAuth(env, { redirectUri: undefined });
    const { calls, cb } = collect();
    webAuth.popup.authorize({}, cb);
    await answeredLater(calls);
    env.advance(5000);
    expect(env.opened).toEqual([]);
    expect(JSON.parse(JSON.stringify(calls))).toEqual([
      [{ original: "missing required 'relay_url' parameter", code: null, description: null }, null],
    ]);
  });

  it('uses a preloaded handler and plugins (popup.authorize processParams, popup.getPopupHandler)', () => {
    const webAuth = testWebAuth(env);
    const handler = webAuth.popup.preload({ popupOptions: { width: 320 } });
    expect(env.opened).toHaveLength(1);
    webAuth.popup.authorize({ popupHandler: handler }, () => {});
    expect(env.opened).toHaveLength(1);
    expect(env.opened[0]!.location.href).toMatch(/^https:\/\/me\.auth0\.com\/authorize\?/);
    expect(webAuth.popup.getPopupHandler({ popupHandler: handler })).toBe(handler);
    expect(webAuth.popup.getPopupHandler({}, true)).not.toBe(handler);
    expect(env.opened).toHaveLength(2);

    const loads: unknown[][] = [];
    const plugin = {
      version: API_LEVEL,
      setWebAuth: () => {},
      supports: (point: string) => point === 'popup.authorize' || point === 'popup.getPopupHandler',
      init: () => ({
        processParams: (params: Record<string, unknown>) => ({ ...params, device: 'phone' }),
        getPopupHandler: () => ({ preload: () => {}, load: (...args: unknown[]) => (loads.push(args), 'handle') }),
      }),
    };
    const withPlugin = testWebAuth(env, { plugins: [plugin] });
    expect(withPlugin.popup.authorize({}, () => {})).toBe('handle');
    expect(new URL(loads[0]![0] as string).searchParams.get('device')).toBe('phone');
    expect(loads[0]![1]).toBe(`${APP}/callback`);
    expect(loads[0]![2]).toEqual({ origin: APP });
  });
});

describe('popup.callback (in the popup)', () => {
  const HASH = '#access_token=AT&token_type=Bearer&expires_in=7200&state=S1';

  function popupPage(extra: Record<string, unknown> = {}) {
    env.url = `${APP}/callback${HASH}`;
    const opener = fakePopup();
    env.openerWindow = opener;
    const webAuth = testWebAuth(env, { responseType: 'token', ...extra });
    webAuth.transactionManager.generateTransaction(undefined, 'S1', undefined, undefined, false);
    return { webAuth, opener };
  }
  const posted = (opener: ReturnType<typeof fakePopup>) =>
    opener.posted.map(([d, o]) => [typeof d === 'string' && d !== 'die' ? JSON.parse(d) : d, o]);

  it('says ready to any origin, then answers the opener with the validated result', async () => {
    const { webAuth, opener } = popupPage();
    webAuth.popup.callback();
    await ready(opener);
    expect(posted(opener)).toEqual([[{ a: 'ready' }, '*']]);
    dispatchMessage(env, JSON.stringify({ a: 'request' }), APP, opener);
    await vi.waitFor(() => expect(opener.posted).toHaveLength(2));
    expect(posted(opener)[1]).toEqual([
      {
        a: 'response',
        d: expect.objectContaining({ accessToken: 'AT', state: 'S1', expiresIn: 7200, tokenType: 'Bearer' }),
      },
      APP,
    ]);
    // One answer only; the opener closes the window, and 'die' from it closes it where it could not.
    dispatchMessage(env, JSON.stringify({ a: 'request' }), APP, opener);
    dispatchMessage(env, 'die', 'https://evil.example', opener);
    dispatchMessage(env, 'die', APP, fakePopup());
    expect(env.selfClosed).toBe(false);
    dispatchMessage(env, 'die', APP, opener);
    expect(env.selfClosed).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(opener.posted).toHaveLength(2);
  });

  it("answers an opener on another origin with v10's origin_mismatch, never with the tokens", async () => {
    const { webAuth, opener } = popupPage({ popupOrigin: 'https://opener.example' });
    webAuth.popup.callback();
    await ready(opener);
    dispatchMessage(env, JSON.stringify({ a: 'request' }), 'https://evil.example', opener);
    expect(posted(opener)[1]).toEqual([
      {
        a: 'response',
        d: {
          error: 'origin_mismatch',
          error_description:
            "The popup's origin (https://evil.example) should match the `popupOrigin` parameter (https://opener.example).",
        },
      },
      'https://evil.example',
    ]);
    // The transaction was not read.
    expect(webAuth.transactionManager.getStoredTransaction('S1')).toMatchObject({ state: 'S1' });
  });

  it('ignores requests from any window but its opener, and noise', async () => {
    const { webAuth, opener } = popupPage();
    webAuth.popup.callback({ popupOrigin: APP });
    await ready(opener);
    dispatchMessage(env, JSON.stringify({ a: 'request' }), APP, fakePopup());
    dispatchMessage(env, 'garbage', APP, opener);
    dispatchMessage(env, JSON.stringify({ a: 'response' }), APP, opener);
    expect(opener.posted).toHaveLength(1);
  });

  it("sends the validation error, and 'client closed window' when the page goes unanswered", async () => {
    const { webAuth, opener } = popupPage();
    webAuth.popup.callback({ hash: HASH.replace('S1', 'S2') });
    await ready(opener);
    dispatchMessage(env, JSON.stringify({ a: 'request' }), APP, opener);
    await vi.waitFor(() => expect(opener.posted).toHaveLength(2));
    expect(posted(opener)[1]).toEqual([
      { a: 'response', d: { error: 'invalid_token', errorDescription: '`state` does not match.' } },
      APP,
    ]);
    for (const hide of [...env.pageHideListeners]) hide();
    expect(opener.posted).toHaveLength(2);
    expect(leftovers()).toEqual(none);

    const second = popupPage();
    second.webAuth.popup.callback();
    await ready(second.opener);
    for (const hide of [...env.pageHideListeners]) hide();
    expect(posted(second.opener)[1]).toEqual([{ a: 'error', d: 'client closed window' }, APP]);
  });

  it('without an opener defines the doPost relay to the parent, on popupOrigin', () => {
    env.parentWindow = fakeWindow();
    const webAuth = testWebAuth(env, { popupOrigin: 'https://opener.example' });
    webAuth.popup.callback();
    (env.globals.doPost as (m: string) => void)('{"a":"ready"}');
    expect(env.parentWindow.posted).toEqual([['{"a":"ready"}', 'https://opener.example']]);
    expect(webAuth.baseOptions.popupOrigin).toBe('https://opener.example');
    expect('popupOrigin' in testWebAuth(env).baseOptions).toBe(true);
  });
});

describe('popup.loginWithCredentials', () => {
  it('posts the credentials, then runs /authorize in a hidden iframe and validates the answer', async () => {
    env.respond = (url) =>
      url.endsWith('/.well-known/jwks.json')
        ? json(keys.jwks)
        : json({ login_ticket: 'LT', co_verifier: 'VER', co_id: 'ID1' });
    const webAuth = testWebAuth(env);
    const { calls, cb } = collect();
    const options: Record<string, any> = { connection: 'db', username: 'ana', password: 'pw', popupHandler: {} };
    webAuth.popup.loginWithCredentials(options as never, cb);
    expect(options).toMatchObject({ realm: 'db', popup: true });
    await vi.waitFor(() => expect(env.frames).toHaveLength(1));
    expect(sent(env)[0]!.body).toEqual({
      client_id: 'CID',
      username: 'ana',
      password: 'pw',
      realm: 'db',
      credential_type: 'http://auth0.com/oauth/grant-type/password-realm',
    });
    expect(env.opened).toEqual([]);
    const url = new URL(env.frames[0]!.url!);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      login_ticket: 'LT',
      realm: 'db',
      prompt: 'none',
      response_mode: 'web_message',
    });
    expect(url.searchParams.has('password')).toBe(false);
    const state = url.searchParams.get('state')!;
    const idToken = await keys.sign(
      claimsFor(env, `${TENANT}/`, 'CID', {
        nonce: url.searchParams.get('nonce'),
        given_name: 'Ana',
        at_hash: atHash('AT'),
      }),
    );
    dispatchMessage(
      env,
      { type: 'authorization_response', response: { id_token: idToken, access_token: 'AT', state } },
      APP,
      env.frames[0]!.window,
    );
    dispatchMessage(
      env,
      { type: 'authorization_response', response: { id_token: idToken, access_token: 'AT', state } },
      TENANT,
      env.frames[0]!.window,
    );
    await answered(calls);
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1]).toMatchObject({
      accessToken: 'AT',
      idToken,
      state,
      idTokenPayload: { givenName: 'Ana', sub: 'auth0|alice' },
    });
    expect(leftovers()).toEqual(none);
  });

  it("gives a tenant error the forceLegacyError shape, and a throw after the response becomes the callback's error", async () => {
    env.respond = () => json({ login_ticket: 'LT', co_verifier: 'VER', co_id: 'ID1' });
    const webAuth = testWebAuth(env);
    const first = collect();
    webAuth.popup.loginWithCredentials({ realm: 'db', username: 'ana', password: 'pw' }, first.cb);
    await vi.waitFor(() => expect(env.frames).toHaveLength(1));
    const state = new URL(env.frames[0]!.url!).searchParams.get('state');
    dispatchMessage(
      env,
      {
        type: 'authorization_response',
        response: { error: 'login_required', error_description: 'Login required', state },
      },
      TENANT,
      env.frames[0]!.window,
    );
    await answered(first.calls);
    expect(JSON.parse(JSON.stringify(first.calls[0]![0]))).toEqual({
      original: { error: 'login_required', error_description: 'Login required' },
      code: 'login_required',
      description: 'Login required',
      error: 'login_required',
      error_description: 'Login required',
      // The iframe after /co/authenticate needs the tenant's cookie as a third party.
      hint: expect.stringMatching(/^third-party cookies may be blocked/),
    });

    // The storage throws when the verifier is stored: v10 threw inside the HTTP callback and never called back.
    const second = collect();
    const storage = webAuth.transactionManager.storage;
    const original = storage.set.bind(storage);
    const set = vi.spyOn(storage, 'set').mockImplementation((key, value, days) => {
      if (key.startsWith('co/verifier/')) throw new Error('quota');
      original(key, value, days);
    });
    webAuth.popup.loginWithCredentials({ realm: 'db', username: 'ana', password: 'pw' }, second.cb);
    await answered(second.calls);
    expect(second.calls[0]![0]).toMatchObject({ message: 'quota' });
    set.mockRestore();
    expect(leftovers()).toEqual(none);
  });

  it('checks responseType before any request', () => {
    const webAuth = testWebAuth(env, { responseType: undefined });
    expect(() => webAuth.popup.loginWithCredentials({ realm: 'db', username: 'a', password: 'b' }, () => {})).toThrow(
      /^responseType is required$/,
    );
    expect(env.fetches).toEqual([]);
  });
});

describe('popup.passwordlessVerify', () => {
  it('verifies the code, then logs in with /oauth/ro using it as the password', async () => {
    env.respond = (url) =>
      url.endsWith('/oauth/ro') ? json({ id_token: 'IDT', access_token: 'AT', token_type: 'bearer' }) : json({});
    const webAuth = testWebAuth(env);
    const options: Record<string, any> = {
      connection: 'sms',
      phoneNumber: '+15550100',
      verificationCode: '123456',
      type: 'sms',
      popupHandler: {},
    };
    const result = await webAuth.popup.passwordlessVerify(options as never);
    expect(result).toEqual({ idToken: 'IDT', accessToken: 'AT', tokenType: 'bearer' });
    expect(sent(env).map((r) => [r.url, r.body])).toEqual([
      [`${TENANT}/passwordless/verify`, { connection: 'sms', phone_number: '+15550100', verification_code: '123456' }],
      [
        `${TENANT}/oauth/ro`,
        { client_id: 'CID', username: '+15550100', password: '123456', connection: 'sms', grant_type: 'password' },
      ],
    ]);
    expect(options).toEqual({ connection: 'sms', username: '+15550100', password: '123456', popupHandler: {} });
  });

  it('reports a verify error without logging in, and checks options before the first request', async () => {
    env.respond = () => json({ error: 'invalid_grant', error_description: 'Wrong code' }, 403);
    const webAuth = testWebAuth(env);
    await expect(
      webAuth.popup.passwordlessVerify({ connection: 'email', email: 'a@b.c', verificationCode: '1' }),
    ).rejects.toMatchObject({ code: 'invalid_grant' });
    expect(env.fetches).toHaveLength(1);
    expect(() =>
      webAuth.popup.passwordlessVerify(
        { connection: 'email', email: 'a@b.c', verificationCode: '1', scope: 7 } as never,
        () => {},
      ),
    ).toThrow(/^scope option is required$/);
    expect(() => webAuth.popup.passwordlessVerify({ connection: 'email', email: 'a@b.c' } as never, () => {})).toThrow(
      /^verificationCode option is required$/,
    );
    expect(env.fetches).toHaveLength(1);
  });
});

describe('popup.signupAndLogin', () => {
  it('signs up, then logs in; a login error carries errorInfo', async () => {
    env.respond = (url) =>
      url.endsWith('/dbconnections/signup')
        ? json({ _id: '1', email: 'a@b.c' })
        : json({ error: 'access_denied', error_description: 'Wrong email or password.' }, 403);
    const webAuth = testWebAuth(env);
    const err = await webAuth.popup
      .signupAndLogin({ connection: 'db', email: 'a@b.c', password: 'pw' })
      .catch((e: unknown) => e);
    expect(sent(env).map((r) => r.url)).toEqual([`${TENANT}/dbconnections/signup`, `${TENANT}/co/authenticate`]);
    expect(sent(env)[1]!.body).toMatchObject({ username: 'a@b.c', realm: 'db' });
    expect(err).toMatchObject({
      code: 'access_denied',
      errorInfo: {
        error_code: 'login_error',
        message:
          'Your account was created successfully, but we could not log you in automatically. Please try logging in with your new credentials.',
      },
    });
  });

  it('passes the authResult of the login through', async () => {
    env.respond = (url) =>
      url.endsWith('/dbconnections/signup')
        ? json({ _id: '1', email: 'a@b.c' })
        : json({ login_ticket: 'LT', co_verifier: 'VER', co_id: 'ID1' });
    const webAuth = testWebAuth(env, { responseType: 'token' });
    const { calls, cb } = collect();
    webAuth.popup.signupAndLogin({ connection: 'db', email: 'a@b.c', password: 'pw' }, cb);
    await vi.waitFor(() => expect(env.frames).toHaveLength(1));
    const state = new URL(env.frames[0]!.url!).searchParams.get('state');
    dispatchMessage(
      env,
      { type: 'authorization_response', response: { access_token: 'AT', token_type: 'Bearer', state } },
      TENANT,
      env.frames[0]!.window,
    );
    await answered(calls);
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1]).toMatchObject({ accessToken: 'AT', tokenType: 'Bearer', state });
  });

  it('checks the login step (responseType) and the sign-up options before signing up', () => {
    const webAuth = testWebAuth(env, { responseType: undefined });
    expect(() => webAuth.popup.signupAndLogin({ connection: 'db', email: 'a@b.c', password: 'pw' }, () => {})).toThrow(
      /^responseType is required$/,
    );
    expect(() => webAuth.popup.signupAndLogin({ connection: 'db', password: 'pw' } as never, () => {})).toThrow(
      /^email option is required$/,
    );
    expect(env.fetches).toEqual([]);
  });
});
