/**
 * fast-check properties (fixed seeds) over the Authentication and Management API endpoints: random
 * bodies, queries and headers, sometimes with real credentials so requests get past the first
 * check. Nothing may answer 5xx, and a 4xx must leave the durable state (users, sessions, refresh
 * tokens, outbox) exactly as it was. `FUZZ_RUNS` raises the run count for a longer search.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, DB_CONNECTION, SPA_CLIENT_ID } from '../testing/fixtures.js';
import { ALICE_LOGIN, CookieJar, implicitParams, logIn, postJson, send } from '../testing/test-client.js';
import { clientToken, startApiTenant, userTokens } from '../testing/management-harness.js';
import type { ApiTenant } from '../testing/management-harness.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 150);

const AUTH_PATHS = [
  '/authorize',
  '/usernamepassword/login',
  '/login/callback',
  '/co/authenticate',
  '/co/verify',
  '/oauth/token',
  '/dbconnections/signup',
  '/dbconnections/change_password',
  '/lo/reset',
  '/passwordless/start',
  '/passwordless/verify',
  '/passwordless/verify_redirect',
  '/usernamepassword/challenge',
  '/user/ssodata',
  '/delegation',
  '/oauth/ro',
  '/userinfo',
  '/v2/logout',
];
const MGMT_PATHS = [
  `/api/v2/users/${encodeURIComponent(ALICE.userId)}`,
  `/api/v2/users/${encodeURIComponent(ALICE.userId)}/identities`,
  `/api/v2/users/${encodeURIComponent(ALICE.userId)}/identities/auth0/x`,
  '/api/v2/users/%2e%2e',
  '/api/v2/users',
  '/api/v2/user-attribute-profiles',
  '/api/v2/user-attribute-profiles/uap_1',
  '/api/v2/clients',
];
const KEYS = [
  'client_id',
  'grant_type',
  'username',
  'password',
  'realm',
  'connection',
  'email',
  'phone_number',
  'otp',
  'verification_code',
  'send',
  'refresh_token',
  'code',
  'redirect_uri',
  'scope',
  'audience',
  'state',
  'user_metadata',
  'app_metadata',
  'blocked',
  'link_with',
  'provider',
  'user_id',
  'take',
  'from',
  'fields',
  'credential_type',
  'response_type',
  'prompt',
  'nonce',
  '__proto__',
  'constructor',
];

/** Values that reach real branches: known ids and credentials next to hostile ones. */
const value = fc.oneof(
  fc.constantFrom(
    SPA_CLIENT_ID,
    DB_CONNECTION,
    ALICE.email,
    ALICE.password,
    'refresh_token',
    'password',
    'openid offline_access',
    'http://127.0.0.1:3000/callback',
    'token',
    'none',
    'email',
    'code',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)), {
    maxKeys: 3,
  }),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
);
const record = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 8 });
const body = fc.oneof(
  record.map((r) => ({ type: 'application/json', text: JSON.stringify(r) })),
  record.map((r) => ({
    type: 'application/x-www-form-urlencoded',
    text: new URLSearchParams(
      Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString(),
  })),
  fc.string({ maxLength: 60 }).map((text) => ({ type: 'application/json', text })),
  fc.constant({ type: undefined as string | undefined, text: undefined as string | undefined }),
);
const query = fc.dictionary(
  fc.constantFrom(...KEYS),
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(SPA_CLIENT_ID, 'token', 'id_token', 'http://127.0.0.1:3000/callback', 'none'),
  ),
  { maxKeys: 6 },
);
const auth = fc.constantFrom('none', 'user', 'client', 'garbage', 'cookie');
const origin = fc.constantFrom(undefined, 'http://127.0.0.1:3000', 'https://evil.example', 'null');

describe('tenant endpoints under random input (fast-check, fixed seeds)', () => {
  let api: ApiTenant;
  const creds: Record<string, string> = {};
  beforeAll(async () => {
    api = await startApiTenant();
    creds['user'] = `Bearer ${(await userTokens(api)).accessToken}`;
    creds['client'] = `Bearer ${await clientToken(api)}`;
    creds['garbage'] = 'Bearer eyJhbGciOiJub25lIn0.e30.';
    const jar = new CookieJar();
    await logIn(api.tenant, implicitParams(), jar, ALICE_LOGIN);
    creds['cookie'] = jar.header()['cookie'] ?? '';
  });
  afterAll(() => api.close());

  it('the snapshot sees a signup, and not the rejected repeat of it', async () => {
    const signup = {
      client_id: SPA_CLIENT_ID,
      connection: DB_CONNECTION,
      email: 'fuzz-probe@example.com',
      password: 'Fuzz-pr0be-secret',
    };
    const before = api.tenant.durableSnapshot();
    expect((await postJson(api.tenant, '/dbconnections/signup', signup)).status).toBe(200);
    const after = api.tenant.durableSnapshot();
    expect(after).not.toBe(before);
    expect((await postJson(api.tenant, '/dbconnections/signup', signup)).status).toBe(400);
    expect(api.tenant.durableSnapshot()).toBe(after);
  });

  for (const [name, paths, seed] of [
    ['Authentication API', AUTH_PATHS, 1601],
    ['Management API', MGMT_PATHS, 1602],
  ] as const) {
    it(`${name}: no 5xx, and no durable state change on a 4xx`, async () => {
      const request = fc.record({
        path: fc.constantFrom(...paths),
        method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
        query,
        body,
        auth,
        origin,
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const headers: Record<string, string> = {};
          if (r.body.type) headers['content-type'] = r.body.type;
          if (r.origin) headers['origin'] = r.origin;
          if (r.auth === 'cookie') headers['cookie'] = creds['cookie'] ?? '';
          else if (r.auth !== 'none') headers['authorization'] = creds[r.auth] ?? '';
          const qs = new URLSearchParams(r.query).toString();
          // 100 ms of tenant time per request keeps the per-minute rate limits from answering most of them.
          api.advance(100);
          const before = api.tenant.durableSnapshot();
          const reply = await send(api.tenant, qs ? `${r.path}?${qs}` : r.path, {
            method: r.method,
            headers,
            ...(r.method !== 'GET' && r.body.text !== undefined ? { body: r.body.text } : {}),
          });
          expect(reply.status, reply.text.slice(0, 200)).toBeLessThan(500);
          if (reply.status >= 400)
            expect(api.tenant.durableSnapshot(), `${reply.status} ${reply.text.slice(0, 200)}`).toBe(before);
        }),
        { seed, numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  }
});
