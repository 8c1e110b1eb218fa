import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeCursor } from './cursor.js';
import {
  PROFILES_PATH,
  call,
  clientToken,
  expectError,
  expectPage,
  localClientToken,
  startApiTenant,
  userTokens,
} from '../testing/management-harness.js';
import type { ApiTenant } from '../testing/management-harness.js';

const SCOPE_MESSAGE = 'Insufficient scope, expected any of: read:user_attribute_profiles';

/** Every paging input the seed's rule 3 makes a 400, with what the message must name. */
const BAD_QUERIES: ReadonlyArray<[query: string, names: RegExp]> = [
  ['take=0', /"take" must be at least 1/],
  ['take=-1', /"take" must be an integer/],
  ['take=1.5', /"take" must be an integer/],
  ['take=5.0', /"take" must be an integer/],
  ['take=abc', /"take" must be an integer/],
  ['take=1e1', /"take" must be an integer/],
  ['take=%2B5', /"take" must be an integer/],
  ['take=05', /"take" must be an integer/],
  ['take=%205', /"take" must be an integer/],
  ['take=0x5', /"take" must be an integer/],
  ['take=', /"take" must not be empty/],
  ['take', /"take" must not be empty/],
  ['take=101', /"take" must be at most 100/],
  ['take=99999999999999999999999', /"take" must be at most 100/],
  ['take=5&take=5', /"take" must not be repeated/],
  ['take=1&take=2', /"take" must not be repeated/],
  ['from=', /"from" must not be empty/],
  ['from=garbage', /"from" is not a cursor/],
  ['from=uap_0aLx2Kc9WpEe', /"from" is not a cursor/],
  ['from=a&from=a', /"from" must not be repeated/],
  ['page=0', /unknown parameter "page"/],
  ['per_page=5', /unknown parameter "per_page"/],
  ['include_totals=true', /unknown parameter "include_totals"/],
  ['take=5&TAKE=5', /unknown parameter "TAKE"/],
  ['take=5&foo', /unknown parameter "foo"/],
];

describe('GET /api/v2/user-attribute-profiles: errors', () => {
  let api: ApiTenant;
  let token: string;

  beforeAll(async () => {
    api = await startApiTenant();
  });
  // A token of each test's own: the expiry test below moves the tenant's clock past every earlier one.
  beforeEach(async () => {
    token = await clientToken(api, undefined, 'read:user_attribute_profiles');
  });
  afterAll(() => api.close());

  it.each(BAD_QUERIES)('400 for ?%s', async (query, message) => {
    expectError(await call(api, `${PROFILES_PATH}?${query}`, { token }), 400, 'invalid_query_string', message);
  });

  it('400 for edited, truncated and extended cursors', async () => {
    const next = expectPage(await call(api, `${PROFILES_PATH}?take=1`, { token })).next ?? '';
    const [payload = '', tag = ''] = next.split('.');
    const otherPayload = encodeCursor(Buffer.alloc(32), 'uap_Z9yGm4sQn1Tu').split('.')[0] ?? '';
    const flip = (s: string): string => (s.startsWith('A') ? `B${s.slice(1)}` : `A${s.slice(1)}`);
    for (const bad of [
      `${flip(payload)}.${tag}`,
      `${payload}.${flip(tag)}`,
      `${otherPayload}.${tag}`,
      next.slice(0, -2),
      `${next}x`,
      `${next}.${tag}`,
    ]) {
      expectError(
        await call(api, `${PROFILES_PATH}?from=${encodeURIComponent(bad)}`, { token }),
        400,
        'invalid_query_string',
        /"from" is not a cursor/,
      );
    }
    // The genuine one still works.
    expectPage(await call(api, `${PROFILES_PATH}?from=${encodeURIComponent(next)}`, { token }));
  });

  it('400 (in the router, before /api/v2 code) for malformed percent-encoding in the query', async () => {
    const reply = await call(api, `${PROFILES_PATH}?take=%zz`, { token });
    expect(reply.status).toBe(400);
  });

  it('403 without read:user_attribute_profiles, naming the expected scope; scope is checked before the query', async () => {
    const other = await clientToken(api, undefined, 'read:users');
    expectError(await call(api, PROFILES_PATH, { token: other }), 403, 'insufficient_scope', SCOPE_MESSAGE);
    const body = (await call(api, `${PROFILES_PATH}?take=0`, { token: other })).json();
    expect(body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: SCOPE_MESSAGE,
      errorCode: 'insufficient_scope',
    });
  });

  it('401 for a client that is not global, even with the scope (and before the scope check)', async () => {
    const local = await localClientToken(api);
    expectError(
      await call(api, PROFILES_PATH, { token: local }),
      401,
      'client_not_global',
      /mgmt-local\) is not a global client/,
    );
    const { accessToken } = await userTokens(api);
    expectError(await call(api, PROFILES_PATH, { token: accessToken }), 401, 'client_not_global', /spa-client/);
  });

  it('401 without a token or with a malformed Authorization header', async () => {
    expectError(await call(api, PROFILES_PATH), 401, 'missing_authentication', 'Missing authentication');
    for (const authorization of ['Basic bWdtdDpzZWNyZXQ=', 'Bearer', 'Bearer a b', token]) {
      expectError(await call(api, PROFILES_PATH, { headers: { authorization } }), 401, 'invalid_token');
    }
    expectError(await call(api, PROFILES_PATH, { token: 'not.a.jwt' }), 401, 'invalid_token', 'Invalid token');
  });

  it('401 invalid_signature for a forged, tampered or foreign token', async () => {
    const [header = '', payload = '', signature = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = Buffer.from(
      JSON.stringify({ ...claims, scope: 'read:user_attribute_profiles delete:users' }),
    ).toString('base64url');
    const kid = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid: string }).kid;
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid }).sign(privateKey);
    const other = await startApiTenant({ ownSigningKey: true });
    try {
      const foreign = await clientToken(other, undefined, 'read:user_attribute_profiles');
      for (const bad of [`${header}.${tampered}.${signature}`, forged, foreign]) {
        expectError(
          await call(api, PROFILES_PATH, { token: bad }),
          401,
          'invalid_signature',
          'Invalid signature received for JSON Web Token validation',
        );
      }
    } finally {
      await other.close();
    }
  });

  it('401 invalid_token for other algorithms and for another audience', async () => {
    const [, payload = ''] = token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('mgmt-global-secret'));
    for (const bad of [none, hs256]) expectError(await call(api, PROFILES_PATH, { token: bad }), 401, 'invalid_token');
    // A real, live token of this tenant, but for /userinfo only.
    const { accessToken } = await userTokens(api, undefined, '', null);
    expectError(
      await call(api, '/api/v2/users/auth0%7Calice', { token: accessToken }),
      401,
      'invalid_token',
      /^Bad audience: http:\/\/localhost:\d+\/userinfo$/,
    );
  });

  it('401 token_expired once the token has expired', async () => {
    const fresh = await clientToken(api, undefined, 'read:user_attribute_profiles');
    const { exp, iat } = JSON.parse(Buffer.from(fresh.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp: number;
      iat: number;
    };
    api.advance((exp - iat + 1) * 1000);
    expectError(
      await call(api, PROFILES_PATH, { token: fresh }),
      401,
      'token_expired',
      'Expired token received for JSON Web Token validation',
    );
  });
});
