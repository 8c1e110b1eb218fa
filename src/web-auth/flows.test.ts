import { describe, expect, it } from 'vitest';
import { fakeEnv, json, memoryStorage, sent, type FakeEnv } from '../testing/fake-env.js';
import { encodeTelemetry } from '../http/telemetry.js';
import { VERSION } from '../version.js';
import { testWebAuth } from '../testing/web-auth.js';

const make = testWebAuth;
const last = (env: FakeEnv) => sent(env).at(-1)!;

describe('passwordlessStart', () => {
  it('processes authParams into a stored transaction and sends them with app_state', async () => {
    const env = fakeEnv();
    env.respond = () => json({ _id: '1', email: 'a@b.c' });
    const webAuth = make(env, { scope: 'openid email' });
    const options: Record<string, any> = {
      connection: 'email',
      send: 'link',
      email: 'a@b.c',
      authParams: { foo: 'bar', responseMode: 'query', appState: { x: 1 } },
    };
    expect(await webAuth.passwordlessStart(options as never)).toEqual({ Id: '1', email: 'a@b.c' });
    const { state, nonce } = options.authParams;
    expect(state).toHaveLength(32);
    expect(last(env).body).toEqual({
      client_id: 'CID',
      connection: 'email',
      send: 'link',
      email: 'a@b.c',
      authParams: {
        response_type: 'token id_token',
        redirect_uri: 'https://app.example.com/callback',
        scope: 'openid email',
        foo: 'bar',
        response_mode: 'query',
        app_state: { x: 1 },
        state,
        nonce,
      },
    });
    expect(webAuth.transactionManager.getStoredTransaction(state)).toEqual({ nonce, appState: { x: 1 }, state });
  });
  it('throws responseType is required without a response type', () => {
    const env = fakeEnv();
    const webAuth = make(env, { responseType: undefined, redirectUri: undefined });
    expect(() => webAuth.passwordlessStart({ connection: 'email', send: 'link', email: 'a@b.c' }, () => {})).toThrow(
      /^responseType is required$/,
    );
  });
});

describe('login on the hosted login page', () => {
  it('posts /usernamepassword/login with -ulp telemetry and submits the returned form', async () => {
    const env = fakeEnv('https://me.auth0.com/login?state=ULP');
    env.respond = () =>
      new Response('<form method="post" action="/login/callback"></form>', {
        headers: { 'content-type': 'text/html' },
      });
    const webAuth = make(env, {
      responseType: 'code',
      scope: 'openid',
      _csrf: 'CSRF',
      state: 'ULPSTATE',
      _intstate: 'deprecated',
    });
    let redirecting = false;
    webAuth.login(
      {
        email: 'a@b.c',
        password: 'p',
        captcha: 'cap',
        realm: 'db',
        onRedirecting: (done: () => void) => ((redirecting = true), done()),
      },
      () => {
        throw new Error('no error expected');
      },
    );
    await expect.poll(() => env.submittedForms.length).toBe(1);
    expect(redirecting).toBe(true);
    expect(last(env).url).toBe('https://me.auth0.com/usernamepassword/login');
    expect(JSON.stringify(last(env).body)).toBe(
      '{"client_id":"CID","redirect_uri":"https://app.example.com/callback","tenant":"me","response_type":"code","scope":"openid","_csrf":"CSRF","state":"ULPSTATE","_intstate":"deprecated","password":"p","captcha":"cap","connection":"db","username":"a@b.c"}',
    );
    expect(last(env).headers['auth0-client']).toBe(encodeTelemetry({ name: 'auth0.js-ulp', version: VERSION }));
    expect(env.cookieWrites).toEqual([]); // nothing is stored on the hosted page
  });
  it('reports server errors with the default shape and refuses to run off the hosted page', async () => {
    const env = fakeEnv('https://me.auth0.com/login');
    env.respond = () => json({ code: 'invalid_captcha', description: 'Invalid captcha value' }, 400);
    const webAuth = make(env, { responseType: 'code' });
    await expect(webAuth.login({ username: 'u', password: 'p', realm: 'db' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_captcha',
      description: 'Invalid captcha value',
    });
    expect(() => make(fakeEnv())._universalLogin.login({}, () => {})).toThrow(
      'This method is meant to be used only inside the Universal Login Page.',
    );
  });
});

describe('hosted-page answer without a usable form', () => {
  it('calls back once with the error instead of throwing into the request', async () => {
    const env = fakeEnv('https://me.auth0.com/login?state=ULP');
    env.respond = () => new Response('<p>Service unavailable</p>', { headers: { 'content-type': 'text/html' } });
    env.submitForm = () => {
      throw new Error('The login answer holds no form to submit');
    };
    const webAuth = make(env, { responseType: 'code' });
    const calls: unknown[][] = [];
    webAuth.login({ username: 'u', password: 'p', realm: 'db' }, (...args: unknown[]) => void calls.push(args));
    await expect.poll(() => calls.length).toBe(1);
    expect(String(calls[0]![0])).toBe('Error: The login answer holds no form to submit');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(1);
  });
});

describe('login through /co/authenticate', () => {
  it('sends credentials with cookies, keeps the verifier and redirects with the login ticket', async () => {
    const env = fakeEnv();
    env.respond = () => json({ login_ticket: 'LT', co_verifier: 'VER', co_id: 'ID1' });
    const webAuth = make(env, { organization: 'org_abc', invitation: 'inv1' });
    webAuth.login({ username: 'u', password: 'secret', realm: 'db', captcha: 'cap' }, () => {});
    await expect.poll(() => env.navigations.length).toBe(1);
    expect(sent(env)[0]).toMatchObject({ url: 'https://me.auth0.com/co/authenticate', credentials: 'include' });
    expect(JSON.stringify(sent(env)[0]!.body)).toBe(
      '{"client_id":"CID","username":"u","password":"secret","realm":"db","credential_type":"http://auth0.com/oauth/grant-type/password-realm"}',
    );
    const url = new URL(env.navigations[0]!);
    expect([...url.searchParams.keys()]).toEqual([
      'client_id',
      'response_type',
      'redirect_uri',
      'organization',
      'invitation',
      'realm',
      'captcha',
      'state',
      'nonce',
      'login_ticket',
      'scope',
      'auth0Client',
    ]);
    expect(url.searchParams.get('login_ticket')).toBe('LT');
    expect(env.navigations[0]).not.toContain('secret');
    const verifier = env.cookieWrites.find((c) =>
      c.startsWith('__Host-co%2Fverifier%2Fhttps%253A%252F%252Fme.auth0.com%2FID1=%22VER%22'),
    );
    expect(verifier).toBeDefined();
  });
  it('reports a JSON error with the legacy shape and a plain-text 403 as request_error without the password', async () => {
    const env = fakeEnv();
    env.respond = () => json({ error: 'access_denied', error_description: 'Wrong email or password.' }, 403);
    const webAuth = make(env);
    const err = await webAuth.login({ username: 'u', password: 'secret', realm: 'db' }).catch((e) => e);
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      original: { error: 'access_denied', error_description: 'Wrong email or password.' },
      code: 'access_denied',
      description: 'Wrong email or password.',
      error: 'access_denied',
      error_description: 'Wrong email or password.',
    });
    env.respond = () =>
      new Response('Origin https://app.example.com is not allowed.', {
        status: 403,
        statusText: 'Forbidden',
        headers: { 'content-type': 'text/plain' },
      });
    const plain = await webAuth.login({ username: 'u', password: 'secret', realm: 'db' }).catch((e) => e);
    expect(plain).toMatchObject({ code: 'request_error', error: 'request_error' });
    expect(plain.description).toContain('is not allowed');
    expect(JSON.stringify(plain)).not.toContain('secret');
    expect(env.navigations).toEqual([]);
  });
  it('is reachable as crossOriginAuthentication.login, taking the options as given', async () => {
    const env = fakeEnv();
    env.respond = () => json({ login_ticket: 'LT', co_verifier: 'VER', co_id: 'ID1' });
    const webAuth = make(env);
    webAuth.crossOriginAuthentication.login(
      { email: 'u@example.com', password: 'secret', realm: 'db', state: 'S', nonce: 'N' },
      () => {},
    );
    await expect.poll(() => env.navigations.length).toBe(1);
    expect(sent(env)[0]!.body).toMatchObject({ client_id: 'CID', username: 'u@example.com', realm: 'db' });
    const url = new URL(env.navigations[0]!);
    expect([
      url.searchParams.get('state'),
      url.searchParams.get('nonce'),
      url.searchParams.get('login_ticket'),
    ]).toEqual(['S', 'N', 'LT']);
  });
});

describe('transaction storage modes', () => {
  it('uses localStorage with __tryLocalStorageFirst, and fails over to cookies with v10 warnings', () => {
    const env = fakeEnv();
    env.storage = memoryStorage();
    make(env, { __tryLocalStorageFirst: true }).authorize({ state: 'S1' });
    expect(env.storage.data.get('com.auth0.auth.S1')).toContain('"state":"S1"');
    expect(env.cookieWrites).toEqual([]);
    const failing = fakeEnv();
    failing.storage = memoryStorage(true);
    make(failing, { __tryLocalStorageFirst: true }).authorize({ state: 'S2' });
    expect(failing.warnings.map((w) => String(w[0]))).toEqual([
      'Error: QuotaExceededError',
      'LocalStorage: failing over CookieStorage',
    ]);
    expect(failing.cookieWrites.some((c) => c.startsWith('__Host-com.auth0.auth.S2='))).toBe(true);
  });
  it('falls back to cookies when localStorage cannot be read', () => {
    const env = fakeEnv();
    env.storage = 'throws';
    make(env, { __tryLocalStorageFirst: true }).authorize({ state: 'S3' });
    expect(env.warnings.map((w) => String(w[0]))).toEqual([
      'Error: SecurityError: localStorage is disabled',
      "Can't use localStorage. Using CookieStorage instead.",
    ]);
    expect(env.cookieWrites.some((c) => c.startsWith('__Host-com.auth0.auth.S3='))).toBe(true);
  });
  it('writes no compat cookie from the failover cookie store, which v10 creates without options (§9.5)', () => {
    const env = fakeEnv();
    env.storage = memoryStorage(true);
    make(env, { __tryLocalStorageFirst: true, cookieDomain: '.example.com' }).authorize({ state: 'S4' });
    expect(env.cookieWrites.filter((c) => c.includes('com.auth0.auth.S4'))).toEqual([
      expect.stringMatching(/^__Host-com\.auth0\.auth\.S4=/),
    ]);
    const primary = fakeEnv();
    make(primary, { cookieDomain: '.example.com' }).authorize({ state: 'S5' });
    expect(primary.cookieWrites.filter((c) => c.includes('S5')).map((c) => c.split('=')[0])).toEqual([
      '_com.auth0.auth.S5_compat',
      'com.auth0.auth.S5',
    ]);
  });
  it('throws on an appState JSON cannot hold, before navigating, and keeps storage working (v10)', async () => {
    const env = fakeEnv();
    const webAuth = make(env, { responseType: 'token' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => webAuth.authorize({ appState: circular })).toThrow(TypeError);
    expect(() => webAuth.authorize({ appState: { n: 1n } })).toThrow(TypeError);
    expect(env.navigations).toEqual([]);
    expect(env.warnings).toEqual([]);
    webAuth.authorize({ state: 'OK' });
    expect(await webAuth.parseHash({ hash: '#access_token=AT&state=OK' })).toMatchObject({
      accessToken: 'AT',
      state: 'OK',
    });
  });
  it('treats an empty transaction namespace and a zero key length as the defaults (v10 `||`)', () => {
    const env = fakeEnv();
    make(env, { transaction: { keyLength: 0, namespace: '' } }).authorize();
    const url = new URL(env.navigations.at(-1)!);
    expect(url.searchParams.get('state')).toHaveLength(32);
    expect(url.searchParams.get('nonce')).toHaveLength(32);
    expect(env.cookieWrites.at(-1)).toMatch(
      new RegExp(`^__Host-com\\.auth0\\.auth\\.${url.searchParams.get('state')!.replace(/[.~-]/g, '\\$&')}=`),
    );
  });
});

describe('plugins', () => {
  const plugin = (version: string) => {
    const seen: unknown[] = [];
    return {
      seen,
      version,
      setWebAuth: (w: unknown) => seen.push(w),
      supports: (p: string) => p === 'popup.authorize',
      init: () => ({ processParams: (x: unknown) => x }),
    };
  };
  it('rejects a plugin for another SDK version with v10 message', () => {
    expect(() => make(fakeEnv(), { plugins: [plugin('9.0.0')] })).toThrow(
      'Plugin Object version (9.0.0) is not compatible with the SDK version (10.2.1)',
    );
  });
  it('hands the instance to compatible plugins and looks them up by extensibility point', () => {
    const p = plugin('10.2.1');
    const webAuth = make(fakeEnv(), { plugins: [p] });
    expect(p.seen).toEqual([webAuth]);
    const handler = webAuth.baseOptions.plugins as unknown as { get(point: string): unknown };
    expect(handler.get('popup.authorize')).toHaveProperty('processParams');
    expect(handler.get('popup.getPopupHandler')).toBeNull();
  });
});

describe('webAuth.redirect', () => {
  it('loginWithCredentials takes connection as the realm and posts the options as given', async () => {
    const env = fakeEnv();
    env.respond = () => json({ login_ticket: 'LT', co_verifier: 'VER', co_id: 'ID1' });
    const webAuth = make(env);
    const options: Record<string, unknown> = { username: 'u', password: 'secret', connection: 'db' };
    webAuth.redirect.loginWithCredentials(options as never, () => {});
    expect(options).toEqual({ username: 'u', password: 'secret', realm: 'db' });
    // No transaction yet: v10 processes only in the authorize step after /co/authenticate.
    expect(env.cookieWrites).toEqual([]);
    await expect.poll(() => env.navigations.length).toBe(1);
    expect(sent(env)[0]!.body).toMatchObject({
      username: 'u',
      realm: 'db',
      credential_type: 'http://auth0.com/oauth/grant-type/password-realm',
    });
    expect(new URL(env.navigations[0]!).searchParams.get('login_ticket')).toBe('LT');
  });

  it('signupAndLogin signs up, then logs in; a failed login carries errorInfo', async () => {
    const env = fakeEnv();
    env.respond = (url) =>
      url.endsWith('/dbconnections/signup')
        ? json({ _id: '1', email: 'a@b.c' })
        : json({ error: 'access_denied', error_description: 'Wrong email or password.' }, 403);
    const webAuth = make(env);
    const err = await new Promise<any>((resolve) =>
      webAuth.redirect.signupAndLogin({ connection: 'db', email: 'a@b.c', password: 'x' } as never, resolve),
    );
    expect(sent(env).map((r) => r.url)).toEqual([
      'https://me.auth0.com/dbconnections/signup',
      'https://me.auth0.com/co/authenticate',
    ]);
    expect(sent(env)[1]!.body).toMatchObject({ username: 'a@b.c', realm: 'db' });
    expect(err).toMatchObject({ code: 'access_denied', errorInfo: { error_code: 'login_error' } });
    env.respond = () =>
      json({ name: 'BadRequestError', code: 'user_exists', description: 'The user already exists.' }, 400);
    const signupErr = await new Promise<any>((resolve) =>
      webAuth.redirect.signupAndLogin({ connection: 'db', email: 'a@b.c', password: 'x' } as never, resolve),
    );
    expect(signupErr).toMatchObject({ code: 'user_exists' });
    expect(signupErr.errorInfo).toBeUndefined();
  });
});

describe('webAuth.redirect without a response type', () => {
  // v10 found out in the authorize step, after the user was created or the credentials were
  // accepted, and threw from inside the HTTP callback (never calling back).
  it.each(['signupAndLogin', 'loginWithCredentials'] as const)('%s throws before any request', (method) => {
    const env = fakeEnv();
    const webAuth = make(env, { responseType: undefined });
    const call = () =>
      webAuth.redirect[method](
        { connection: 'db', email: 'a@b.c', username: 'a@b.c', password: 'x' } as never,
        () => {},
      );
    expect(call).toThrow('responseType is required');
    expect(env.fetches).toEqual([]);
    // A response type given with the call is enough.
    env.respond = () => json({ _id: '1', email: 'a@b.c' });
    webAuth.redirect[method](
      { connection: 'db', email: 'a@b.c', username: 'a@b.c', password: 'x', responseType: 'token' } as never,
      () => {},
    );
    expect(env.fetches).toHaveLength(1);
  });
});

describe('v10 details a differential run found', () => {
  it('returns the first request handle from signupAndAuthorize and passwordlessVerify when given a callback', () => {
    const env = fakeEnv();
    const webAuth = make(env);
    const signup = webAuth.signupAndAuthorize({ connection: 'db', email: 'a@b.c', password: 'p' }, () => {});
    expect(signup.url).toBe('https://me.auth0.com/dbconnections/signup');
    const verify = webAuth.passwordlessVerify({ connection: 'email', email: 'a@b.c', verificationCode: '1' }, () => {});
    expect(verify.url).toBe('https://me.auth0.com/passwordless/verify');
    expect(
      webAuth.passwordlessLogin({ connection: 'email', email: 'a@b.c', verificationCode: '1' }, () => {}),
    ).toBeUndefined();
  });

  it('throws the options error for null options instead of sending a request without them (COMPATIBILITY D9)', () => {
    const env = fakeEnv();
    const webAuth = make(env);
    const calls = [
      () => webAuth.changePassword(null as never, () => {}),
      () => webAuth.signup(null as never, () => {}),
      () => webAuth.client.passwordless.start(null as never, () => {}),
      () => webAuth.client.login(null as never, () => {}),
      () => webAuth.client.dbConnection.changePassword(null as never, () => {}),
    ];
    for (const call of calls) expect(call).toThrow(/^options parameter is not valid$/);
    expect(env.fetches).toEqual([]);
  });

  it('checks the options before the callback in signupAndAuthorize and passwordlessVerify, as v10', () => {
    const env = fakeEnv();
    const webAuth = make(env);
    expect(() => webAuth.signupAndAuthorize({ email: 'a@b.c', password: 'p' } as never, 'x' as never)).toThrow(
      /^connection option is required$/,
    );
    expect(() => webAuth.passwordlessVerify({ connection: 'sms', phoneNumber: '+1' } as never, 'x' as never)).toThrow(
      /^verificationCode option is required$/,
    );
    expect(() => webAuth.passwordlessVerify({ connection: 'sms', phoneNumber: '+1' } as never)).toThrow(
      /^verificationCode option is required$/,
    );
    expect(() => webAuth.signupAndAuthorize({ connection: 'db', email: 'a@b.c', password: 'p' }, 'x' as never)).toThrow(
      /^cb parameter is not valid$/,
    );
    expect(env.fetches).toEqual([]);
  });

  it('sends auth0Client unconverted from passwordless.verify (§2.3)', async () => {
    const env = fakeEnv();
    env.respond = () => new Response('ok', { headers: { 'content-type': 'text/plain' } });
    await make(env).client.passwordless.verify({
      connection: 'sms',
      phoneNumber: '+1',
      verificationCode: '1',
      auth0Client: 'TEL',
    } as never);
    expect(last(env).body).toEqual({
      connection: 'sms',
      verification_code: '1',
      phone_number: '+1',
      auth0Client: 'TEL',
    });
  });

  it('gives a 429 from /co/authenticate its rateLimit (COMPATIBILITY A5)', async () => {
    const env = fakeEnv();
    const headers = {
      'content-type': 'application/json',
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1',
    };
    env.respond = () =>
      new Response(JSON.stringify({ error: 'too_many_attempts', error_description: 'Slow down' }), {
        status: 429,
        headers,
      });
    const err = await make(env)
      .login({ username: 'u', password: 'p', realm: 'db' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      error: 'too_many_attempts',
      code: 'too_many_attempts',
      description: 'Slow down',
      rateLimit: { limit: 10, remaining: 0, reset: 1 },
    });
  });

  it("rejects a callback that is not a function with v10's message (COMPATIBILITY A2)", () => {
    const webAuth = make(fakeEnv());
    expect(() => webAuth.parseHash({ hash: '#error=x' }, 'cb' as never)).toThrow(/^cb parameter is not valid$/);
  });
});
