/** Attack catalogue: secrets in errors, request handles, warnings and URLs (README.md, category SEC). */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeEnv, json, type FakeEnv } from '../testing/fake-env.js';
import { testWebAuth } from '../testing/web-auth.js';
import { expectOneRejection, title } from '../testing/attack-catalogue.js';

const SECRET = 'S3CRET-d0-not-leak';
let env: FakeEnv;
type Client = ReturnType<typeof testWebAuth>['client'];
const client = () => testWebAuth(env).client;
/** Everything a log line of the error could show: enumerable fields, the message and the stack. */
const exposed = (err: unknown) =>
  JSON.stringify(err) +
  String((err as Error)?.message) +
  String((err as Error)?.stack) +
  JSON.stringify((err as any)?.original);

const failures = {
  denied: () => json({ error: 'invalid_grant', error_description: 'Wrong email or password.' }, 403),
  html: () => new Response('<html>oops</html>', { status: 500, statusText: 'Internal Server Error' }),
  offline: () => Promise.reject(new TypeError('Failed to fetch')),
};

const cases: {
  id: string;
  source: string;
  name: string;
  error: string | number | null;
  respond: () => Response | Promise<Response>;
  call: (c: Client, cb: (...a: unknown[]) => void) => unknown;
}[] = [
  {
    id: 'SEC-01',
    source: 'CVE-2020-5263 (auth0-js: password in error object)',
    name: 'password in a denied login',
    error: 'invalid_grant',
    respond: failures.denied,
    call: (c, cb) => c.login({ realm: 'db', username: 'alice', password: SECRET } as never, cb as never),
  },
  {
    id: 'SEC-02',
    source: 'CVE-2020-5263 (auth0-js); COMPATIBILITY.md S5',
    name: 'password in a login whose answer is HTML 500',
    error: 500,
    respond: failures.html,
    call: (c, cb) => c.login({ realm: 'db', username: 'alice', password: SECRET } as never, cb as never),
  },
  {
    id: 'SEC-03',
    source: 'COMPATIBILITY.md S5',
    name: 'password in a login that cannot reach the network',
    error: null,
    respond: failures.offline,
    call: (c, cb) => c.login({ realm: 'db', username: 'alice', password: SECRET } as never, cb as never),
  },
  {
    id: 'SEC-04',
    source: 'RFC 9700 §4.14 (refresh tokens)',
    name: 'refresh_token in a denied token request',
    error: 'invalid_grant',
    respond: failures.denied,
    call: (c, cb) => c.oauthToken({ grantType: 'refresh_token', refresh_token: SECRET } as never, cb as never),
  },
  {
    id: 'SEC-05',
    source: 'RFC 7636 §7 (code_verifier)',
    name: 'code and code_verifier in a failed exchange',
    error: 500,
    respond: failures.html,
    call: (c, cb) =>
      c.oauthToken(
        {
          grantType: 'authorization_code',
          code: SECRET,
          code_verifier: SECRET,
          redirectUri: 'https://app.example.com/callback',
        } as never,
        cb as never,
      ),
  },
  {
    id: 'SEC-06',
    source: 'RFC 8693 §2.1 (subject_token)',
    name: 'subject_token in a denied custom token exchange',
    error: 'invalid_grant',
    respond: failures.denied,
    call: (c, cb) => c.customTokenExchange({ subjectToken: SECRET, subjectTokenType: 'urn:x' } as never, cb as never),
  },
  {
    id: 'SEC-07',
    source: 'OWASP ASVS 7.1.1',
    name: 'password in a denied resource-owner login',
    error: 'invalid_grant',
    respond: failures.denied,
    call: (c, cb) =>
      c.loginWithResourceOwner({ connection: 'db', username: 'alice', password: SECRET } as never, cb as never),
  },
  {
    id: 'SEC-08',
    source: 'OWASP ASVS 7.1.1',
    name: 'password in a failed signup',
    error: null,
    respond: failures.offline,
    call: (c, cb) =>
      c.dbConnection.signup({ connection: 'db', email: 'a@example.com', password: SECRET } as never, cb as never),
  },
  {
    id: 'SEC-09',
    source: 'RFC 6749 §10.6 (one-time codes)',
    name: 'otp in a failed passwordless verify',
    error: 500,
    respond: failures.html,
    call: (c, cb) =>
      c.passwordless.verify(
        { connection: 'email', email: 'a@example.com', verificationCode: SECRET } as never,
        cb as never,
      ),
  },
];

beforeEach(() => {
  env = fakeEnv();
});

describe('attack catalogue: secrets', () => {
  it.each(cases.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    env.respond = row.respond;
    let handle: unknown;
    const err = await expectOneRejection(env, (cb) => void (handle = row.call(client(), cb)), row.error);
    expect(exposed(err)).not.toContain(SECRET);
    expect(JSON.stringify(handle ?? null)).not.toContain(SECRET);
    expect(JSON.stringify(env.warnings)).not.toContain(SECRET);
    // The secret went to the tenant in a request body only, never in a URL.
    expect(env.fetches.length).toBeGreaterThan(0);
    expect(env.fetches.map((f) => f.url).join()).not.toContain(SECRET);
  });

  it.each([
    ['SEC-10', 'RFC 9700 §4.3.2 (secrets in URLs)', 'password', { password: SECRET }],
    ['SEC-11', 'RFC 9700 §4.3.2', 'otp', { otp: SECRET }],
    ['SEC-12', 'RFC 9700 §2.5 (client secrets)', 'client_secret', { client_secret: SECRET }],
    ['SEC-13', 'RFC 9700 §2.5', 'clientSecret', { clientSecret: SECRET }],
    ['SEC-14', 'RFC 9700 §4.3.2; COMPATIBILITY.md S14', 'verificationCode', { verificationCode: SECRET }],
    ['SEC-15', 'RFC 9700 §4.3.2; COMPATIBILITY.md S14', 'verification_code', { verification_code: SECRET }],
    ['SEC-16', 'RFC 9700 §4.3.2 (codes in URLs)', 'code', { code: SECRET }],
    ['SEC-17', 'RFC 7636 §7 (verifier stays on the client)', 'codeVerifier', { codeVerifier: SECRET }],
    ['SEC-18', 'RFC 7636 §7', 'code_verifier', { code_verifier: SECRET }],
    ['SEC-19', 'RFC 9700 §4.14 (refresh tokens)', 'refreshToken', { refreshToken: SECRET }],
    ['SEC-20', 'RFC 9700 §4.14', 'refresh_token', { refresh_token: SECRET }],
    ['SEC-21', 'RFC 8693 §2.1 (subject tokens)', 'subjectToken', { subjectToken: SECRET }],
    ['SEC-22', 'RFC 8693 §2.1', 'subject_token', { subject_token: SECRET }],
    ['SEC-23', 'COMPATIBILITY.md S14 (linkUser ID token)', 'linkWith', { linkWith: SECRET }],
    ['SEC-24', 'COMPATIBILITY.md S14', 'link_with', { link_with: SECRET }],
  ])('%s [%s] %s never reaches the authorize URL, a navigation or a warning', (_id, _source, _name, extra) => {
    const webAuth = testWebAuth(env);
    const url = webAuth.client.buildAuthorizeUrl({ state: 'S', nonce: 'N', ...extra } as never);
    webAuth.authorize({ ...extra } as never);
    expect(new URL(url).host).toBe('me.auth0.com');
    expect(url + env.navigations.join() + JSON.stringify(env.warnings)).not.toContain(SECRET);
    expect(env.navigations).toHaveLength(1);
    // Dropped with a warning that names the parameter, once per URL built.
    const dropped = env.warnings.filter((w) => String(w[0]).startsWith('Secrets are never sent'));
    expect(dropped).toHaveLength(2);
  });
});
