/**
 * The public types as apps use them. `npm run typecheck` compiles this file: an `expectTypeOf`
 * that no longer holds, or a `@ts-expect-error` line that starts compiling, fails the build.
 * The calls also run, against the fake environment.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  Authentication,
  Management,
  WebAuth,
  type Auth0Callback,
  type Auth0DecodedHash,
  type Auth0Error,
  type Auth0UserProfile,
  type AuthOptions,
  type AuthorizeOptions,
  type CaptchaConfiguration,
  type CheckSessionOptions,
  type DbSignUpResults,
  type IdTokenPayload,
  type ManagementUser,
  type RequestError,
  type RequestHandle,
  type TokenResult,
} from './index.js';
import auth0 from './index.js';
import { fakeEnv, json } from './testing/fake-env.js';
import { customEnvironment } from './types/custom-environment.js';

const options: AuthOptions = {
  domain: 'me.auth0.com',
  clientID: 'CID',
  redirectUri: 'https://app.example.com/cb',
  responseType: 'token',
};

function setup(body: unknown) {
  const env = fakeEnv();
  env.respond = () => json(body);
  const webAuth = new WebAuth({ ...options, [customEnvironment]: env });
  return { env, webAuth };
}

describe('public types', () => {
  it('accepts callbacks annotated with the auth0-js names, and infers results without them', async () => {
    const { webAuth } = setup({ access_token: 'AT', expires_in: 60 });
    const annotated: Auth0Callback<TokenResult> = (err, result) => {
      expectTypeOf(err).toEqualTypeOf<Auth0Error | null>();
      expectTypeOf(result.accessToken).toEqualTypeOf<string | undefined>();
    };
    const handle = webAuth.client.login({ username: 'u', password: 'p', realm: 'db' }, annotated);
    expectTypeOf(handle).toEqualTypeOf<RequestHandle>();
    const tokens = await webAuth.client.login({ username: 'u', password: 'p', realm: 'db' });
    expectTypeOf(tokens).toEqualTypeOf<TokenResult>();
    expect(tokens.accessToken).toBe('AT');
    webAuth.client.login({ username: 'u', password: 'p', realm: 'db' }, (err, result) => {
      expectTypeOf(err).toEqualTypeOf<RequestError | null>();
      expectTypeOf(result).toEqualTypeOf<TokenResult>();
    });
  });

  it('types parseHash results and errors', async () => {
    const { webAuth } = setup({});
    webAuth.parseHash({ hash: '#' }, (err, result) => {
      expectTypeOf(result).toEqualTypeOf<Auth0DecodedHash | null>();
      if (err) expectTypeOf(err.error).toEqualTypeOf<string>();
      if (!result) return;
      // `any` as in @types/auth0-js (null without an ID token); annotate for checked access.
      expectTypeOf(result.idTokenPayload).toBeAny();
      const claims: IdTokenPayload | null = result.idTokenPayload;
      expectTypeOf(claims?.sub).toEqualTypeOf<string | undefined>();
      expectTypeOf(result.accessToken).toEqualTypeOf<string | undefined>();
    });
    const result = await webAuth.parseHash({ hash: '#' });
    expect(result).toBeNull();
  });

  it('rejects options v10 would reject, at compile time too', () => {
    const { webAuth } = setup({});
    // @ts-expect-error realm is required for the password-realm grant
    expect(() => webAuth.client.login({ username: 'u', password: 'p' }, () => {})).toThrow('realm option is required');
    // @ts-expect-error send must be link or code
    expect(() => webAuth.passwordlessStart({ connection: 'email', send: 'sms', email: 'a@b.c' }, () => {})).toThrow(
      'send is not valid ([link, code])',
    );
    // @ts-expect-error userInfo takes the access token string
    expect(() => webAuth.client.userInfo({ token: 'x' }, () => {})).toThrow('accessToken parameter is not valid');
  });

  it('lets custom /authorize parameters through, as v10 sends them', () => {
    const authorize: AuthorizeOptions = { responseType: 'code', connection: 'github', 'ext-campaign': 'spring' };
    const url = new URL(setup({}).webAuth.client.buildAuthorizeUrl({ ...authorize, state: 's' }));
    expect(url.searchParams.get('ext-campaign')).toBe('spring');
  });

  it('types signup, userInfo and the Management calls', async () => {
    const { webAuth } = setup({ _id: '1', email: 'a@b.c', email_verified: false });
    const signedUp = await webAuth.signup({
      connection: 'db',
      email: 'a@b.c',
      password: 'x',
      userMetadata: { plan: 'pro' },
    });
    expectTypeOf(signedUp).toEqualTypeOf<DbSignUpResults>();
    expect(signedUp.Id).toBe('1');
    expectTypeOf(
      webAuth.client.userInfo('AT', (_err, profile) => expectTypeOf(profile).toEqualTypeOf<Auth0UserProfile>()),
    ).toEqualTypeOf<RequestHandle>();
    const management = new Management({ domain: 'me.auth0.com', token: 'T', [customEnvironment]: fakeEnv() });
    const onUser: Auth0Callback<ManagementUser> = () => {};
    expectTypeOf(management.getUser('auth0|1', onUser)).toEqualTypeOf<RequestHandle>();
    const country = new Authentication({ ...options, [customEnvironment]: fakeEnv() }).getUserCountry();
    expectTypeOf(country).toEqualTypeOf<Promise<{ countryCode: string }>>();
    await country.catch(() => {}); // the fake environment answers 404
    expectTypeOf<Auth0UserProfile['sub']>().toEqualTypeOf<string>();
  });

  it('names the types under the default import too, without adding anything at runtime', () => {
    expectTypeOf<auth0.AuthOptions>().toEqualTypeOf<AuthOptions>();
    expectTypeOf<auth0.WebAuth>().toEqualTypeOf<WebAuth>();
    expectTypeOf<auth0.Auth0Callback<TokenResult>>().toEqualTypeOf<Auth0Callback<TokenResult>>();
    expectTypeOf<auth0.Auth0DecodedHash>().toEqualTypeOf<Auth0DecodedHash>();
    expect(Object.keys(auth0).sort()).toEqual(['Authentication', 'Management', 'WebAuth', 'version']);
    expectTypeOf<auth0.CheckSessionOptions>().toEqualTypeOf<CheckSessionOptions>();
    expectTypeOf<auth0.CatpchaConfiguration>().toEqualTypeOf<CaptchaConfiguration>();
  });

  it('declares what @types/auth0-js declares where the run-time value differs, and the run time stays v10', async () => {
    // Management: `token` is optional in the type (as in @types) but v10 throws without it.
    expect(() => new Management({ domain: 'me.auth0.com' })).toThrow('token option is required');
    // Absent tokens: declared optional strings, `null` at run time.
    const { webAuth } = setup({});
    const result = await webAuth.parseHash({ hash: '#access_token=AT&token_type=Bearer&state=S', state: 'S' });
    expectTypeOf(result!.idToken).toEqualTypeOf<string | undefined>();
    expect(result).toMatchObject({ accessToken: 'AT', idToken: null, idTokenPayload: null, refreshToken: null });
    // HTTP errors: `error` declared a string, absent at run time; `description` declared a string.
    const failing = setup({});
    failing.env.respond = () =>
      json({ code: 'invalid_password', description: { rules: [], verified: false }, policy: 'good' }, 400);
    const err = (await failing.webAuth
      .signup({ connection: 'db', email: 'a@b.c', password: 'x' })
      .catch((e: RequestError) => e)) as RequestError;
    expectTypeOf(err.error).toEqualTypeOf<string>();
    expectTypeOf(err.description).toEqualTypeOf<string | undefined>();
    expect(err.error).toBeUndefined();
    expect(err.code).toBe('invalid_password');
    expect(err.description).toEqual({ rules: [], verified: false });
  });

  it('accepts callbacks annotated with an app type compatible with the result (as Auth0Callback<any> did)', () => {
    const { webAuth } = setup({ access_token: 'AT', expires_in: 60 });
    interface AppTokens {
      accessToken: string;
    }
    return new Promise<void>((resolve) => {
      webAuth.client.login({ username: 'u', password: 'p', realm: 'db' }, (err, tokens: AppTokens) => {
        expect(err).toBeNull();
        expect(tokens.accessToken).toBe('AT');
        resolve();
      });
    });
  });
});
