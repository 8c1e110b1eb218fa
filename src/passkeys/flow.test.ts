import { decodeProtectedHeader } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ArgumentError, AuthResponseError } from '../errors.js';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { fakeEnv, json, memoryStorage, requestBody, sent, type FakeEnv } from '../testing/fake-env.js';
import {
  ASSERTION_JSON,
  assertionCredential,
  ATTESTATION_JSON,
  attestationCredential,
  b64u,
} from '../testing/passkeys.js';
import { claimsFor, makeKeys, type TestKeys } from '../testing/tokens.js';
import { contextOf, testWebAuth } from '../testing/web-auth.js';
import { channelName } from '../web-auth/session-events/channel.js';
import { REFRESH_SESSION } from '../testing/code-sign-in.js';
import { PasskeyError } from './passkey-error.js';

const TENANT = 'https://me.auth0.com';
const GRANT = 'urn:okta:params:oauth:grant-type:webauthn';
let keys: TestKeys;
let env: FakeEnv;
let storage: ReturnType<typeof memoryStorage>;
/** The fake browser's `navigator.credentials`. */
let credentials: { create: ReturnType<typeof vi.fn>; get: ReturnType<typeof vi.fn> };
let page: Record<string, any>;
/** What the fake tenant's token endpoint answers (default: tokens for auth0|alice, no nonce). */
let tokenAnswer: () => Promise<Response>;

const CREATION = {
  challenge: b64u([1, 2, 3]),
  timeout: 60000,
  rp: { id: 'app.example.com', name: 'App' },
  user: { id: b64u([9]), name: 'ana@example.com', displayName: 'ana@example.com' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
};
const REQUEST = { challenge: b64u([4, 5]), timeout: 60000, rpId: 'app.example.com', userVerification: 'preferred' };

const idToken = (extra: Record<string, unknown> = {}) => keys.sign(claimsFor(env, `${TENANT}/`, 'CID', extra));
const tokens = async (extra: Record<string, unknown> = {}) =>
  json({
    access_token: 'AT',
    id_token: await idToken(),
    refresh_token: 'RT-1',
    token_type: 'Bearer',
    expires_in: 86400,
    ...extra,
  });

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  env.storage = storage = memoryStorage();
  keys ??= await makeKeys();
  credentials = {
    create: vi.fn(async () => attestationCredential()),
    get: vi.fn(async () => assertionCredential()),
  };
  page = { PublicKeyCredential: function PublicKeyCredential() {}, isSecureContext: true, navigator: { credentials } };
  env.dom = { document: {} as Document, window: page as never };
  tokenAnswer = () => tokens();
  env.respond = (url) => {
    const path = url.slice(TENANT.length);
    if (path === '/.well-known/jwks.json') return json(keys.jwks);
    if (path === '/passkey/register') return json({ auth_session: 'AS-1', authn_params_public_key: CREATION });
    if (path === '/passkey/challenge') return json({ auth_session: 'AS-2', authn_params_public_key: REQUEST });
    if (path === '/oauth/token') return tokenAnswer();
    return new Response('not found', { status: 404 });
  };
});

const auth = (extra: Record<string, unknown> = {}) => testWebAuth(env, extra);
const requests = () => sent(env).filter((r) => !r.url.endsWith('/jwks.json'));
/** Rejection of `promise`, which must reject. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('resolved');
    },
    (err: unknown) => err as PasskeyError,
  );
/** Nothing of a sign-in kept: no storage item but the public key set, no cookie, no navigation. */
const nothingStored = () => {
  expect([...storage.data.keys()].filter((k) => !k.startsWith('webauth-js.jwks.'))).toEqual([]);
  expect(env.cookieWrites).toEqual([]);
  expect(env.navigations).toEqual([]);
};

describe('webAuth.passkey.signup', () => {
  it('posts JSON with the exact fields to /passkey/register and /oauth/token, and gives the authResult', async () => {
    tokenAnswer = async () => json({ access_token: 'AT', id_token: await idToken({ org_id: 'org_1' }) });
    const result = await auth().passkey.signup({
      email: 'ana@example.com',
      name: 'Ana',
      given_name: 'Ana',
      user_metadata: { plan: 'free' },
      realm: 'Passkeys',
      organization: 'org_1',
    } as never);
    const [register, token] = requests();
    expect(register!.url).toBe(`${TENANT}/passkey/register`);
    expect(register!.headers['content-type']).toBe('application/json');
    expect(register!.body).toEqual({
      client_id: 'CID',
      realm: 'Passkeys',
      organization: 'org_1',
      user_profile: { email: 'ana@example.com', name: 'Ana', given_name: 'Ana' },
      user_metadata: { plan: 'free' },
    });
    expect(token!.url).toBe(`${TENANT}/oauth/token`);
    expect(token!.headers['content-type']).toBe('application/json');
    expect(token!.body).toEqual({
      grant_type: GRANT,
      client_id: 'CID',
      realm: 'Passkeys',
      organization: 'org_1',
      scope: 'openid profile email',
      auth_session: 'AS-1',
      authn_response: ATTESTATION_JSON,
    });
    // The options reached the browser decoded.
    const { publicKey } = credentials.create.mock.calls[0]![0];
    expect(new Uint8Array(publicKey.challenge)).toEqual(new Uint8Array([1, 2, 3]));
    expect(new Uint8Array(publicKey.user.id)).toEqual(new Uint8Array([9]));
    // An organization was asked for: the ID token names it.
    expect(result.idTokenPayload).toMatchObject({ org_id: 'org_1' });
  });

  it('gives the same authResult as parseHash: ID token verified without a nonce, refresh token not in it', async () => {
    const result = await auth().passkey.signup({ username: 'ana' });
    expect(result).toMatchObject({
      accessToken: 'AT',
      tokenType: 'Bearer',
      expiresIn: 86400,
      idTokenPayload: { sub: 'auth0|alice', aud: 'CID', iss: `${TENANT}/` },
      refreshToken: null,
      appState: null,
    });
    expect(JSON.stringify(result)).not.toContain('RT-1');
    nothingStored(); // without useRefreshTokens nothing at all is kept
  });

  it('calls back in the callback form, detached', async () => {
    const { signup } = auth().passkey;
    const calls: unknown[][] = [];
    signup({ phone_number: '+15550100' }, (...args: unknown[]) => calls.push(args));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1]).toMatchObject({ accessToken: 'AT' });
    expect(requests()[0]!.body.user_profile).toEqual({ phone_number: '+15550100' });
  });

  it('throws an ArgumentError before anything is sent when no email, phone_number or username is given', () => {
    for (const options of [{}, { name: 'Ana' }, { email: '' }, { email: 42 }, null, undefined]) {
      expect(() => auth().passkey.signup(options as never)).toThrow(ArgumentError);
      expect(() => auth().passkey.signup(options as never)).toThrow(
        'email, phone_number or username option is required',
      );
    }
    expect(env.fetches).toEqual([]);
  });
});

describe('webAuth.passkey.login', () => {
  it('posts /passkey/challenge and the assertion, with scope, audience and realm', async () => {
    const webAuth = auth({ audience: 'https://api.example.com/', scope: 'openid email' });
    const result = await webAuth.passkey.login({ realm: 'Passkeys' });
    const [challenge, token] = requests();
    expect(challenge!.url).toBe(`${TENANT}/passkey/challenge`);
    expect(challenge!.body).toEqual({ client_id: 'CID', realm: 'Passkeys' });
    expect(token!.body).toEqual({
      grant_type: GRANT,
      client_id: 'CID',
      realm: 'Passkeys',
      scope: 'openid email',
      audience: 'https://api.example.com/',
      auth_session: 'AS-2',
      authn_response: ASSERTION_JSON,
    });
    expect(new Uint8Array(credentials.get.mock.calls[0]![0].publicKey.challenge)).toEqual(new Uint8Array([4, 5]));
    expect(result.idTokenPayload!.sub).toBe('auth0|alice');
  });

  it("the call's scope and audience win over the constructor's", async () => {
    await auth({ audience: 'A', scope: 'openid' }).passkey.login({ scope: 'openid read', audience: 'B' });
    expect(requests()[1]!.body).toMatchObject({ scope: 'openid read', audience: 'B' });
  });
});

describe('errors', () => {
  it('passkey_not_supported without PublicKeyCredential or outside a secure context; nothing is sent', async () => {
    delete page.PublicKeyCredential;
    let err = await failure(auth().passkey.login());
    expect(err).toBeInstanceOf(PasskeyError);
    expect(err).toMatchObject({ code: 'passkey_not_supported', error: 'passkey_not_supported' });
    page.PublicKeyCredential = function PublicKeyCredential() {};
    page.isSecureContext = false;
    err = await failure(auth().passkey.signup({ email: 'a@example.com' }));
    expect(err.code).toBe('passkey_not_supported');
    delete env.dom;
    expect((await failure(auth().passkey.login())).code).toBe('passkey_not_supported');
    expect(env.fetches).toEqual([]);
  });

  it("NotAllowedError (dismissed, timed out, no matching passkey) is passkey_cancelled with the browser's error as cause", async () => {
    const dismissed = new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    credentials.get.mockRejectedValueOnce(dismissed);
    const err = await failure(auth().passkey.login());
    expect(err).toMatchObject({ code: 'passkey_cancelled', error: 'passkey_cancelled' });
    expect((err as Error & { cause?: unknown }).cause).toBe(dismissed);
    expect(err.description).toBe(err.errorDescription);
    expect(err.message).toContain('timed out or was not allowed');
    credentials.create.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    expect((await failure(auth().passkey.signup({ email: 'a@example.com' }))).code).toBe('passkey_cancelled');
    credentials.get.mockResolvedValueOnce(null);
    expect((await failure(auth().passkey.login())).code).toBe('passkey_cancelled');
    // No token request after a failed ceremony.
    expect(requests().filter((r) => r.url.endsWith('/oauth/token'))).toEqual([]);
    nothingStored();
  });

  it('SecurityError (an RP ID this page may not use) is passkey_not_supported; other failures passkey_invalid_credential', async () => {
    credentials.create.mockRejectedValueOnce(new DOMException('bad rp', 'SecurityError'));
    expect((await failure(auth().passkey.signup({ email: 'a@example.com' }))).code).toBe('passkey_not_supported');
    credentials.create.mockRejectedValueOnce(new DOMException('exists', 'InvalidStateError'));
    expect((await failure(auth().passkey.signup({ email: 'a@example.com' }))).code).toBe('passkey_invalid_credential');
    credentials.get.mockResolvedValueOnce(attestationCredential()); // not an assertion
    expect((await failure(auth().passkey.login())).code).toBe('passkey_invalid_credential');
  });

  it("keeps the tenant's code, text and status: a user that exists", async () => {
    env.respond = (url) =>
      url.endsWith('/passkey/register')
        ? json({ error: 'invalid_request', error_description: 'The user already exists.' }, 400)
        : new Response('', { status: 404 });
    const exists = await failure(auth().passkey.signup({ email: 'ana@example.com' }));
    expect(exists).toBeInstanceOf(PasskeyError);
    expect(exists).toMatchObject({
      code: 'invalid_request',
      error: 'invalid_request',
      description: 'The user already exists.',
      errorDescription: 'The user already exists.',
      statusCode: 400,
    });
    expect(credentials.create).not.toHaveBeenCalled();
  });

  it('invalid_grant for a spent auth_session; nothing stored, even with useRefreshTokens', async () => {
    tokenAnswer = async () =>
      json({ error: 'invalid_grant', error_description: 'Invalid or expired auth_session' }, 400);
    const err = await failure(auth({ ...REFRESH_SESSION }).passkey.login());
    expect(err).toMatchObject({ code: 'invalid_grant', statusCode: 400 });
    nothingStored();
  });

  it('mfa_required keeps mfa_token on the error, out of its message, JSON and enumerable fields', async () => {
    tokenAnswer = async () =>
      json(
        {
          error: 'mfa_required',
          error_description: 'Multifactor authentication required',
          mfa_token: 'MFA-SECRET',
          mfa_requirements: { challenge: [{ type: 'otp' }] },
        },
        403,
      );
    const err = await failure(auth(REFRESH_SESSION).passkey.login());
    expect(err).toMatchObject({
      code: 'mfa_required',
      statusCode: 403,
      mfa_requirements: { challenge: [{ type: 'otp' }] },
    });
    expect(err.mfa_token).toBe('MFA-SECRET');
    expect(Object.keys(err)).not.toContain('mfa_token');
    expect(JSON.stringify(err)).not.toContain('MFA-SECRET');
    expect(err.message + err.description + String(err.stack)).not.toContain('MFA-SECRET');
    nothingStored();
  });

  it('a network failure is request_error with the transport error as cause', async () => {
    env.respond = () => Promise.reject(new TypeError('Failed to fetch'));
    const err = await failure(auth().passkey.login());
    expect(err).toMatchObject({ code: 'request_error' });
    expect(err.statusCode).toBeUndefined();
  });
});

describe('the ID token of the answer', () => {
  const rejected = async (claims: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    tokenAnswer = async () => json({ access_token: 'AT', id_token: await idToken(claims), refresh_token: 'RT-1' });
    const err = await failure(auth({ ...REFRESH_SESSION, ...extra }).passkey.login());
    expect(err).toBeInstanceOf(AuthResponseError);
    expect((err as unknown as AuthResponseError).error).toBe('invalid_token');
    nothingStored();
    return (err as unknown as AuthResponseError).errorDescription;
  };

  it('is checked by the library verifier: iss, aud, exp, iat (with the leeway)', async () => {
    const now = Math.floor(env.clock / 1000);
    expect(await rejected({ iss: 'https://evil.example.com/' })).toMatch(/Issuer/);
    expect(await rejected({ aud: 'OTHER' })).toMatch(/Audience/);
    expect(await rejected({ exp: now - 3600 })).toMatch(/Expiration/);
    expect(await rejected({ iat: now + 3600 })).toMatch(/Issued At/);
    // Within the leeway (60 s by default) an exp just gone passes.
    tokenAnswer = async () => json({ access_token: 'AT', id_token: await idToken({ exp: now - 30 }) });
    await expect(auth().passkey.login()).resolves.toMatchObject({ accessToken: 'AT' });
  });

  it('is refused when its signature does not verify, or when an openid answer has none', async () => {
    tokenAnswer = async () => {
      const [h, p] = (await idToken()).split('.');
      return json({ access_token: 'AT', id_token: `${h}.${p}.${b64u([1, 2, 3])}`, refresh_token: 'RT-1' });
    };
    let err = await failure(auth({ ...REFRESH_SESSION }).passkey.login());
    expect((err as unknown as AuthResponseError).error).toBe('invalid_token');
    tokenAnswer = async () => json({ access_token: 'AT', refresh_token: 'RT-1' });
    err = await failure(auth({ ...REFRESH_SESSION }).passkey.login());
    expect((err as unknown as AuthResponseError).errorDescription).toMatch(/ID token \(id_token\) missing/);
    nothingStored();
  });

  it('names the organization asked for', async () => {
    expect(await rejected({ org_id: 'org_2' }, { organization: 'org_1' })).toMatch(/Organization Id/);
  });

  it('needs no nonce, and a nonce it carries is ignored', async () => {
    tokenAnswer = async () => json({ access_token: 'AT', id_token: await idToken({ nonce: 'whatever' }) });
    await expect(auth().passkey.login()).resolves.toMatchObject({ idTokenPayload: { nonce: 'whatever' } });
  });
});

describe('sessions', () => {
  it('with useRefreshTokens: offline_access asked for, the refresh token kept, and checkSession renews with it', async () => {
    const options = { ...REFRESH_SESSION };
    const result = await auth(options).passkey.login();
    expect(requests()[1]!.body.scope).toBe('openid profile email offline_access');
    expect(result).toMatchObject({ hasRefreshToken: true, refreshToken: null });
    tokenAnswer = () => tokens({ access_token: 'AT-2', refresh_token: 'RT-2' });
    const renewed = await auth(options).checkSession({}); // a new instance, as after a reload
    expect(renewed).toMatchObject({ accessToken: 'AT-2', hasRefreshToken: true });
    const refresh = requests().at(-1)!;
    expect(refresh.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'RT-1' });
    expect(env.frames).toEqual([]);
  });

  it("tells the app's other tabs of the sign-in when a session-event listener is registered", async () => {
    const webAuth = auth();
    const other = new BroadcastChannel(channelName(contextOf(webAuth)));
    const received: unknown[] = [];
    other.onmessage = (event) => received.push(event.data);
    const stop = await webAuth.onSessionEvent(() => {});
    try {
      await webAuth.passkey.login();
      await vi.waitFor(() =>
        expect(received).toEqual([{ type: 'signed_in', time: expect.any(Number), sub: 'auth0|alice' }]),
      );
    } finally {
      stop();
      other.close();
    }
  });

  it('with useDpop: the token request (only) carries a DPoP proof', async () => {
    const result = await auth({ responseType: 'code', usePKCE: true, useDpop: true }).passkey.login();
    const [challenge, token] = requests();
    expect(challenge!.headers.dpop).toBeUndefined();
    expect(decodeProtectedHeader(token!.headers.dpop!)).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
    expect(result.accessToken).toBe('AT');
  });
});

describe('webAuth.client steps', () => {
  it('getSignupChallenge and getLoginChallenge give the auth session and decoded options', async () => {
    const { client } = auth();
    const signup = await client.getSignupChallenge({ email: 'ana@example.com' });
    expect(signup.authSession).toBe('AS-1');
    expect(new Uint8Array(signup.publicKey.challenge as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    const login = await client.getLoginChallenge();
    expect(login.authSession).toBe('AS-2');
    expect(login.publicKey.rpId).toBe('app.example.com');
    expect(credentials.create).not.toHaveBeenCalled();
  });

  it('getTokenWithPasskey takes either kind of credential; a bad one is refused before anything is sent', async () => {
    const { client } = auth();
    const result = await client.getTokenWithPasskey({
      authSession: 'AS-X',
      credential: attestationCredential() as never,
      scope: 'openid',
    });
    expect(result.accessToken).toBe('AT');
    expect(requests()[0]!.body).toMatchObject({ auth_session: 'AS-X', scope: 'openid' });
    expect(requestBody(env.fetches.at(-1)!.init).authn_response.response).toHaveProperty('attestationObject');
    const before = env.fetches.length;
    const err = await failure(client.getTokenWithPasskey({ authSession: 'AS-X', credential: {} as never }));
    expect(err.code).toBe('passkey_invalid_credential');
    const noSession = await failure(client.getTokenWithPasskey({ credential: assertionCredential() } as never));
    expect(noSession.code).toBe('passkey_invalid_credential');
    expect(env.fetches.length).toBe(before);
  });
});
