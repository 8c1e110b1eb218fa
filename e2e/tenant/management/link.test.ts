import { SignJWT, generateKeyPair } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, HS256_CLIENT_ID, WEB_SECRET_POST } from '../testing/fixtures.js';
import { call, clientToken, expectError, startApiTenant, userTokens } from '../testing/management-harness.js';
import type { ApiTenant } from '../testing/management-harness.js';
import type { Identity, UserView } from './user-view.js';

const ALICE_PATH = '/api/v2/users/auth0%7Calice';
const LINK_PATH = `${ALICE_PATH}/identities`;
const ALICE_IDENTITY: Identity = {
  connection: 'Username-Password-Authentication',
  user_id: 'alice',
  provider: 'auth0',
  isSocial: false,
};
const BOB_IDENTITY: Identity = {
  connection: 'Username-Password-Authentication',
  user_id: 'bob',
  provider: 'auth0',
  isSocial: false,
  profileData: { email: BOB.email, email_verified: true, name: BOB.name, nickname: 'bob' },
};

describe('POST /api/v2/users/{id}/identities', () => {
  let api: ApiTenant;
  let alice: string;
  let bob: { accessToken: string; idToken: string };

  beforeEach(async () => {
    api = await startApiTenant();
    alice = (await userTokens(api)).accessToken;
    bob = await userTokens(api, BOB);
  });
  afterEach(() => api.close());

  const link = (linkWith: unknown, token = alice, path = LINK_PATH): ReturnType<typeof call> =>
    call(api, path, { method: 'POST', token, json: { link_with: linkWith } });

  it('links the secondary: 201 with the identities; the secondary is gone as a user; no metadata merged', async () => {
    const patch = (token: string, path: string, user_metadata: Record<string, unknown>): ReturnType<typeof call> =>
      call(api, path, { method: 'PATCH', token, json: { user_metadata } });
    expect((await patch(alice, ALICE_PATH, { theme: 'dark' })).status).toBe(200);
    expect((await patch(bob.accessToken, '/api/v2/users/auth0%7Cbob', { theme: 'light', bobOnly: true })).status).toBe(
      200,
    );

    const reply = await link(bob.idToken);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.json()).toEqual([ALICE_IDENTITY, BOB_IDENTITY]);

    const primary = (await call(api, ALICE_PATH, { token: alice })).json() as UserView;
    expect(primary.identities).toEqual([ALICE_IDENTITY, BOB_IDENTITY]);
    expect(primary.user_metadata).toEqual({ theme: 'dark' });

    const machine = await clientToken(api, undefined, 'read:users');
    expectError(await call(api, '/api/v2/users/auth0%7Cbob', { token: machine }), 404, 'inexistent_user');
    expectError(await call(api, '/api/v2/users/auth0%7Cbob', { token: bob.accessToken }), 404, 'inexistent_user');
    expectError(await link(bob.idToken), 409, 'identity_already_linked');
  });

  it('403 without update:current_user_identities, or for another user', async () => {
    const noLink = (await userTokens(api, ALICE, 'read:current_user')).accessToken;
    expectError(
      await link(bob.idToken, noLink),
      403,
      'insufficient_scope',
      'Insufficient scope, expected any of: update:users,update:current_user_identities',
    );
    expectError(
      await link(bob.idToken, alice, '/api/v2/users/auth0%7Ccarol/identities'),
      403,
      'insufficient_scope',
      /own user/,
    );
  });

  it('400 for ID tokens it must not trust, changing nothing', async () => {
    const [header = '', payload = ''] = bob.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { privateKey } = await generateKeyPair('RS256');
    const kid = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid: string }).kid;
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
    expectError(await link(forged), 400, 'invalid_body', /not a valid ID token: invalid signature/);
    expectError(await link('not-a-token'), 400, 'invalid_body', /not a valid ID token/);
    // An access token is not an ID token of a client.
    expectError(await link(bob.accessToken), 400, 'invalid_body', /not issued to a client of this tenant/);
    // HS256 ID tokens are refused (RS256 only).
    const hs = await logInIdToken(HS256_CLIENT_ID);
    expectError(await link(hs), 400, 'invalid_body', /RS256/);
    // An ID token of another client than the access token's.
    const otherClient = await logInIdToken(WEB_SECRET_POST.clientId);
    expectError(await link(otherClient), 400, 'invalid_body', /client of the access token \(spa-client\)/);
    // Alice's own ID token.
    expectError(
      await link((await userTokens(api)).idToken),
      400,
      'invalid_body',
      'Main identity and the new one are the same.',
    );
    // Still two separate users.
    expect((await call(api, '/api/v2/users/auth0%7Cbob', { token: bob.accessToken })).status).toBe(200);
    expect(((await call(api, ALICE_PATH, { token: alice })).json() as UserView).identities).toEqual([ALICE_IDENTITY]);
  });

  it('400 once the ID token has expired', async () => {
    const { exp, iat } = JSON.parse(Buffer.from(bob.idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp: number;
      iat: number;
    };
    // Alice's access token (24 h) outlives Bob's ID token (10 h).
    api.advance((exp - iat + 1) * 1000);
    expectError(await link(bob.idToken), 400, 'invalid_body', /has expired/);
  });

  it('400/415 for bodies other than { link_with }', async () => {
    for (const json of [
      {},
      { link_with: 5 },
      { link_with: '' },
      { link_with: bob.idToken, provider: 'auth0' },
      [bob.idToken],
    ]) {
      expectError(await call(api, LINK_PATH, { method: 'POST', token: alice, json }), 400, 'invalid_body');
    }
    expectError(
      await call(api, LINK_PATH, { method: 'POST', token: alice, headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
  });

  it('with update:users (client credentials) the same-client rule does not apply; a secondary with identities of its own is refused', async () => {
    const machine = await clientToken(api, undefined, 'update:users read:users');
    const first = await link(bob.idToken, machine);
    expect(first.status, first.text).toBe(201);
    const aliceIdToken = (await userTokens(api)).idToken;
    expectError(
      await link(aliceIdToken, machine, '/api/v2/users/auth0%7Ccarol/identities'),
      400,
      'invalid_body',
      /linked identities of its own/,
    );
    expect(
      ((await call(api, '/api/v2/users/auth0%7Ccarol', { token: machine })).json() as UserView).identities,
    ).toHaveLength(1);
  });

  async function logInIdToken(clientId: string): Promise<string> {
    const { logIn, implicitParams, fragmentOf, CookieJar } = await import('../testing/test-client.js');
    const reply = await logIn(
      api.tenant,
      implicitParams({ client_id: clientId, response_type: 'id_token' }),
      new CookieJar(),
      { username: BOB.email, password: BOB.password },
    );
    const token = fragmentOf(reply.headers.location).get('id_token');
    if (!token) throw new Error(`no ID token from ${clientId}: ${reply.headers.location ?? reply.status}`);
    return token;
  }
});
