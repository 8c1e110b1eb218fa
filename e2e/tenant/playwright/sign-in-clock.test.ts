/** signIn (the session without a page), the test clock, defineTenant and a given signing key. */
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import type { SessionCookie } from '../protocol/session-cookie.js';
import type { OriginCookie } from './sign-in.js';
import { authorizePath, fragmentOf, implicitParams, postJson, send } from '../testing/test-client.js';
import { createTestClock, defineTenant, signIn } from './index.js';

const REALM = 'http://auth0.com/oauth/grant-type/password-realm';
const DB = 'Username-Password-Authentication';
let tenant: RunningTenant | undefined;
afterEach(() => tenant?.close());

/** A cookie jar as Playwright's BrowserContext has one, keeping what signIn adds. */
function fakeContext(): { added: OriginCookie[]; addCookies(c: OriginCookie[]): Promise<void> } {
  const added: OriginCookie[] = [];
  return { added, addCookies: async (c) => void added.push(...c) };
}

const silentAuthorize = (t: RunningTenant, cookie: SessionCookie | undefined, extra: Record<string, string> = {}) =>
  send(t, authorizePath(implicitParams({ prompt: 'none', ...extra })), {
    headers: cookie ? { cookie: `${cookie.name}=${cookie.value}` } : {},
  });

const passwordLogin = (t: RunningTenant, username: string, password: string) =>
  postJson(t, '/oauth/token', {
    grant_type: REALM,
    client_id: 'spa-client',
    username,
    password,
    realm: DB,
    scope: 'openid',
  });

describe('signIn', () => {
  it('puts a session cookie in the context that /authorize prompt=none accepts', async () => {
    tenant = await startQuickTenant({ http: true });
    expect(fragmentOf((await silentAuthorize(tenant, undefined)).headers.location).get('error')).toBe('login_required');
    const context = fakeContext();
    const session = await signIn(context, tenant, { email: 'Alice@Example.com' });
    expect(session.userId).toBe('auth0|alice');
    const { domain: _domain, path: _path, ...rest } = session.cookie;
    expect(context.added).toEqual([{ ...rest, url: `${tenant.url}/` }]);
    expect(session.cookie).toMatchObject({
      domain: 'localhost',
      path: '/',
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
    });
    const answer = fragmentOf((await silentAuthorize(tenant, session.cookie)).headers.location);
    expect(answer.get('error')).toBeNull();
    expect(answer.get('access_token')).toBeTruthy();
  });

  it('marks the cookie SameSite=None; Secure over HTTPS and refuses unknown or ambiguous users', async () => {
    tenant = await startQuickTenant();
    const { cookie } = tenant.createSession({ userId: 'auth0|alice' });
    expect(cookie).toMatchObject({ secure: true, sameSite: 'None' });
    expect(() => tenant!.createSession({ email: 'nobody@example.com' })).toThrow(/no user matches/);
    expect(() => tenant!.createSession({})).toThrow(/userId or an email/);
  });
});

describe('createTestClock', () => {
  it('expires access tokens and max_age when the test moves it', async () => {
    const clock = createTestClock(Date.UTC(2030, 0, 1));
    tenant = await startQuickTenant({ http: true, clock: clock.now });
    const tokens = (await passwordLogin(tenant, 'alice@example.com', 'Passw0rd!alice')).json() as Record<
      string,
      unknown
    >;
    const userinfo = () =>
      send(tenant!, '/userinfo', { headers: { authorization: `Bearer ${String(tokens['access_token'])}` } });
    expect((await userinfo()).status).toBe(200);

    const { cookie } = tenant.createSession({ email: 'alice@example.com' });
    expect(
      fragmentOf((await silentAuthorize(tenant, cookie, { max_age: '60' })).headers.location).get('error'),
    ).toBeNull();
    clock.advance(61_000);
    expect(fragmentOf((await silentAuthorize(tenant, cookie, { max_age: '60' })).headers.location).get('error')).toBe(
      'login_required',
    );
    clock.advance(Number(tokens['expires_in']) * 1000);
    expect((await userinfo()).status).toBe(401);
  });

  it('stands still until moved, and can be set', () => {
    const clock = createTestClock(1000);
    expect(clock.now()).toBe(1000);
    expect(clock.advance(500)).toBe(1500);
    clock.set(new Date(5000));
    expect(clock.now()).toBe(5000);
    expect(() => clock.advance(Number.NaN)).toThrow();
  });
});

describe('defineTenant and signingKey', () => {
  it('adds a user in code and signs with the given key (kid kept)', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'my-test-key' };
    const config = defineTenant({
      users: { [DB]: [{ user_id: 'auth0|zoe', email: 'zoe@example.com', password: 'Passw0rd!zoe' }] },
    });
    tenant = await startQuickTenant({ http: true, config, signingKey: jwk });
    const reply = await passwordLogin(tenant, 'zoe@example.com', 'Passw0rd!zoe');
    expect(reply.status).toBe(200);
    const idToken = String((reply.json() as Record<string, unknown>)['id_token']);
    const keySet = createRemoteJWKSet(new URL(`${tenant.url}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(idToken, keySet, { issuer: tenant.issuer });
    expect(protectedHeader.kid).toBe('my-test-key');
    expect(payload.sub).toBe('auth0|zoe');
    expect(() => defineTenant({ users: { nope: [] } })).toThrow(/no connection named/);
  });
});
