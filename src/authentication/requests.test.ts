import { describe, expect, it } from 'vitest';
import { fakeEnv, json, sent, type FakeEnv } from '../testing/fake-env.js';
import { customEnvironment } from '../types/custom-environment.js';
import { Authentication } from './authentication.js';

const setup = (base: Record<string, unknown> = {}) => {
  const env = fakeEnv();
  env.respond = () => json({ access_token: 'AT', id_token: 'IDT', expires_in: 60 });
  const auth = new Authentication({
    domain: 'me.auth0.com',
    clientID: 'CID',
    [customEnvironment]: env,
    ...base,
  } as never);
  return { env, auth };
};
const last = (env: FakeEnv) => sent(env).at(-1)!;

describe('token grants', () => {
  it('login sends the password-realm body in allow-list order, trimmed, unknown keys dropped', async () => {
    const { env, auth } = setup({ scope: 'openid' });
    const result = await auth.login({
      username: ' u@x.com ',
      password: 'p',
      realm: 'Username-Password-Authentication',
      captcha: 'x',
    } as never);
    expect(last(env).url).toBe('https://me.auth0.com/oauth/token');
    expect(JSON.stringify(last(env).body)).toBe(
      '{"realm":"Username-Password-Authentication","client_id":"CID","scope":"openid","grant_type":"http://auth0.com/oauth/grant-type/password-realm","username":"u@x.com","password":"p"}',
    );
    expect(result).toEqual({ accessToken: 'AT', idToken: 'IDT', expiresIn: 60 });
  });
  it('loginWithResourceOwner posts /oauth/ro with grant_type password last', async () => {
    const { env, auth } = setup({ scope: 'openid email' });
    await auth.loginWithResourceOwner({
      username: 'u',
      password: 'p',
      connection: 'db',
      device: 'dev',
      other: 1,
    } as never);
    expect(last(env).url).toBe('https://me.auth0.com/oauth/ro');
    expect(JSON.stringify(last(env).body)).toBe(
      '{"client_id":"CID","scope":"openid email","username":"u","password":"p","connection":"db","device":"dev","grant_type":"password"}',
    );
  });
  it('customTokenExchange sends every key (snake-cased deeply) without touching the caller object', async () => {
    const { env, auth } = setup({ scope: 'openid email' });
    const options = {
      subjectToken: 'st',
      subjectTokenType: 'urn:x',
      organization: 'org_1',
      customParam: { innerKey: 1 },
    };
    await auth.customTokenExchange(options);
    expect(JSON.stringify(last(env).body)).toBe(
      '{"client_id":"CID","scope":"openid email","subject_token":"st","subject_token_type":"urn:x","organization":"org_1","custom_param":{"inner_key":1},"grant_type":"urn:ietf:params:oauth:grant-type:token-exchange"}',
    );
    expect(options).not.toHaveProperty('grantType');
  });
  it('delegation requires grant_type and sends the merged body', async () => {
    const { env, auth } = setup();
    expect(() => auth.delegation({} as never, () => {})).toThrow('grant_type option is required');
    await auth.delegation({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      id_token: 'IDT',
      api_type: 'app',
      target: 'T',
    });
    expect(JSON.stringify(last(env).body)).toBe(
      '{"client_id":"CID","grant_type":"urn:ietf:params:oauth:grant-type:jwt-bearer","id_token":"IDT","api_type":"app","target":"T"}',
    );
  });
  it.each([
    [(a: Authentication) => a.login({ password: 'p', realm: 'r' } as never, () => {}), 'username option is required'],
    [(a: Authentication) => a.login({ username: 'u', realm: 'r' } as never, () => {}), 'password option is required'],
    [(a: Authentication) => a.login({ username: 'u', password: 'p' } as never, () => {}), 'realm option is required'],
    [(a: Authentication) => a.oauthToken({} as never, () => {}), 'grantType option is required'],
    [(a: Authentication) => a.oauthToken({ grantType: 'x' }, 'cb' as never), 'cb parameter is not valid'],
    [
      (a: Authentication) => a.loginWithResourceOwner({ username: 'u', password: 'p' } as never, () => {}),
      'connection option is required',
    ],
    [
      (a: Authentication) => a.customTokenExchange({ subjectToken: 's' } as never, () => {}),
      'subjectTokenType option is required',
    ],
    [(a: Authentication) => a.userInfo(1 as never, () => {}), 'accessToken parameter is not valid'],
  ])('throws synchronously: %#', (run, message) => {
    const { auth, env } = setup();
    expect(() => run(auth)).toThrow(message);
    expect(env.fetches).toEqual([]);
  });
  it('throws argument errors synchronously in Promise form too', () => {
    const { auth } = setup();
    expect(() => auth.login({ username: 'u' } as never)).toThrow('password option is required');
  });
});

describe('passwordless', () => {
  it('start sends authParams from the base options, X-Request-Language, and deletes xRequestLanguage', async () => {
    const { env, auth } = setup({
      scope: 'openid email',
      redirectUri: 'https://app.example.com/cb',
      responseType: 'token id_token',
    });
    const options = {
      connection: 'sms',
      send: 'code' as const,
      phoneNumber: '+1555',
      captcha: 'c',
      xRequestLanguage: 'fr',
    };
    await auth.passwordless.start(options);
    expect(JSON.stringify(last(env).body)).toBe(
      '{"client_id":"CID","connection":"sms","send":"code","phone_number":"+1555","captcha":"c","authParams":{"scope":"openid email","redirect_uri":"https://app.example.com/cb","response_type":"token id_token"}}',
    );
    expect(last(env).headers['x-request-language']).toBe('fr');
    expect(options).not.toHaveProperty('xRequestLanguage');
  });
  it.each([
    [{ connection: 'email' }, 'send option is required'],
    [{ connection: 'email', send: 'sms' }, 'send is not valid ([link, code])'],
    [{ connection: 'sms', send: 'code', phoneNumber: 1 }, 'phoneNumber option is required'],
    [{ connection: 'email', send: 'link', email: 1 }, 'email option is required'],
    [{ connection: 'email', send: 'link', authParams: 'x' }, 'authParams option is required'],
  ])('start rejects %j', (options, message) => {
    expect(() => setup().auth.passwordless.start(options as never, () => {})).toThrow(message);
  });
  it('verify picks its keys without merging the base client id, and returns the text', async () => {
    const { env, auth } = setup();
    env.respond = () => new Response('OK', { headers: { 'content-type': 'text/plain' } });
    expect(
      await auth.passwordless.verify({
        connection: 'sms',
        verificationCode: '123',
        phoneNumber: '+1555',
        clientID: 'C2',
        x: 1,
      } as never),
    ).toBe('OK');
    expect(JSON.stringify(last(env).body)).toBe(
      '{"connection":"sms","verification_code":"123","phone_number":"+1555","client_id":"C2"}',
    );
    expect(() => auth.passwordless.verify({ connection: 'sms', verificationCode: '1' }, () => {})).toThrow(
      'phoneNumber option is required',
    );
  });
  it('buildVerifyUrl merges base keys, adds telemetry last', () => {
    const { auth } = setup({
      responseType: 'token id_token',
      redirectUri: 'https://app.example.com/cb',
      scope: 'openid email',
    });
    const url = auth.passwordless.buildVerifyUrl({
      connection: 'sms',
      verificationCode: '123',
      phoneNumber: '+1555',
      state: 'S',
      nonce: 'N',
    });
    expect(url).toMatch(
      /^https:\/\/me\.auth0\.com\/passwordless\/verify_redirect\?client_id=CID&response_type=token%20id_token&redirect_uri=https%3A%2F%2Fapp\.example\.com%2Fcb&scope=openid%20email&connection=sms&verification_code=123&phone_number=%2B1555&state=S&nonce=N&auth0Client=[\w-]+(%3D)*$/,
    );
  });
});

describe('database connections and challenges', () => {
  it('signup forwards extra keys and sends user_metadata with its own casing', async () => {
    const { env, auth } = setup({ state: 'S' });
    await auth.dbConnection.signup({
      connection: 'db',
      email: 'a@b.c',
      password: 'p',
      username: 'u',
      givenName: 'A',
      userMetadata: { favColor: 'blue' },
      scope: 'x',
    });
    expect(JSON.stringify(last(env).body)).toBe(
      '{"client_id":"CID","state":"S","connection":"db","email":"a@b.c","password":"p","username":"u","given_name":"A","user_metadata":{"favColor":"blue"}}',
    );
  });
  it('changePassword sends only email, connection and captcha, and returns the text', async () => {
    const { env, auth } = setup();
    env.respond = () =>
      new Response("We've just sent you an email to reset your password.", {
        headers: { 'content-type': 'text/html' },
      });
    const text = await auth.dbConnection.changePassword({
      connection: 'db',
      email: 'a@b.c',
      password: 'leak?',
    } as never);
    expect(text).toBe("We've just sent you an email to reset your password.");
    expect(JSON.stringify(last(env).body)).toBe('{"client_id":"CID","email":"a@b.c","connection":"db"}');
  });
  it('challenges call back with no arguments when there is no state, and post the state otherwise', async () => {
    const { env, auth } = setup();
    const args: unknown[][] = [];
    auth.getChallenge((...a: unknown[]) => args.push(a));
    expect(args).toEqual([[]]);
    expect(env.fetches).toEqual([]);
    const withState = setup({ state: 'S' });
    withState.env.respond = () => json({ required: true, provider: 'auth0', image: 'data:' });
    expect(await withState.auth.dbConnection.getSignupChallenge()).toEqual({
      required: true,
      provider: 'auth0',
      image: 'data:',
    });
    expect(last(withState.env)).toMatchObject({
      url: 'https://me.auth0.com/dbconnections/signup/challenge',
      body: { state: 'S' },
    });
  });
  it('getUserCountry camelCases, userInfo does not', async () => {
    const { env, auth } = setup();
    env.respond = () => json({ country_code: 'AR' });
    expect(await auth.getUserCountry()).toEqual({ countryCode: 'AR' });
    env.respond = () => json({ given_name: 'A' });
    expect(await auth.userInfo('AT')).toEqual({ given_name: 'A' });
    expect(last(env).headers.authorization).toBe('Bearer AT');
  });
});
