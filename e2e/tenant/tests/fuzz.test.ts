/**
 * Every Authentication API route against hostile input: wrong types everywhere, wrong and missing
 * content types, invalid UTF-8, nesting, huge values. Nothing may answer 5xx or log an
 * unexpected error, and the tenant must keep serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATION_ROUTES } from '../routes/index.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { send } from '../testing/test-client.js';
import { failOnConsoleError } from '../testing/test-tenant.js';

const PARAMS = [
  'client_id',
  'grant_type',
  'username',
  'password',
  'realm',
  'credential_type',
  'otp',
  'connection',
  'email',
  'phone_number',
  'state',
  '_csrf',
  'code',
  'redirect_uri',
  'refresh_token',
  'subject_token',
  'subject_token_type',
  'id_token',
  'verification_code',
  'authParams',
  'user_metadata',
  'send',
  'scope',
  'audience',
  'wa',
  'wresult',
  'ticket',
  'id',
  'co_verifier',
  'client_assertion',
  'token',
  'token_type_hint',
];
const VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  true,
  [],
  ['x'],
  {},
  { a: { b: 1 } },
  '',
  ' ',
  'x'.repeat(9000),
  '\u0000',
  '\ud800',
  '<script>',
  '%zz',
];

function bodies(): Array<{ headers: Record<string, string>; body?: string | Buffer }> {
  const json = (v: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(v) });
  const out: Array<{ headers: Record<string, string>; body?: string | Buffer }> = [
    { headers: {} },
    json(null),
    json([]),
    json('text'),
    json(42),
    json({}),
    { headers: { 'content-type': 'application/json' }, body: '{"a":1,"a":2}' },
    { headers: { 'content-type': 'application/json' }, body: '['.repeat(100) + ']'.repeat(100) },
    { headers: { 'content-type': 'application/json' }, body: Buffer.from([0x7b, 0xff, 0x7d]) },
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=%zz&b=%FF' },
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'client_id=a&client_id=b' },
    { headers: { 'content-type': 'text/plain' }, body: 'hello' },
    { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' },
  ];
  for (const value of VALUES) out.push(json(Object.fromEntries(PARAMS.map((p) => [p, value]))));
  out.push(json(Object.fromEntries(PARAMS.map((p) => [p, 'x']))));
  return out;
}

const QUERIES = [
  '',
  '?a=%zz',
  '?client_id=spa-client&client_id=x',
  '?client_id=spa-client&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fcb%0d%0aX-Injected%3A%201&response_type=token',
  `?${PARAMS.map((p) => `${p}=%00`).join('&')}`,
  '?__proto__=1&constructor=x',
];

describe('fuzzing every route', () => {
  let tenant: RunningTenant;
  failOnConsoleError();
  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
  });
  afterAll(() => tenant.close());

  it('never answers 5xx and keeps serving', async () => {
    const paths = AUTHENTICATION_ROUTES.map((r) =>
      typeof r.path === 'string'
        ? r.path
        : r.path.source.includes('avatars')
          ? '/avatars/alice.svg'
          : r.path.source.includes('client')
            ? '/client/spa-client.js'
            : '/static/hosted-login.js',
    );
    let requests = 0;
    for (const [i, route] of AUTHENTICATION_ROUTES.entries()) {
      const path = paths[i] ?? '/';
      for (const method of Object.keys(route.methods).filter((m) => m !== 'OPTIONS')) {
        const cases =
          method === 'GET'
            ? QUERIES.map((q) => ({ path: path + q, opts: {} }))
            : bodies().map((b) => ({ path, opts: b }));
        for (const c of cases) {
          const reply = await send(tenant, c.path, { method, ...c.opts });
          requests++;
          expect(reply.status, `${method} ${c.path} ${JSON.stringify(c.opts).slice(0, 120)}`).toBeLessThan(500);
          expect(reply.headers['x-injected']).toBeUndefined();
        }
      }
    }
    expect(requests).toBeGreaterThan(300);
    expect((await send(tenant, '/.well-known/jwks.json')).status).toBe(200);
  }, 120_000);
});
