import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, CAROL, DB_CONNECTION, DB_WITH_USERNAME } from '../testing/fixtures.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { form, postJson, send } from '../testing/test-client.js';

type Json = Record<string, unknown>;
const REALM = 'http://auth0.com/oauth/grant-type/password-realm';
const ORIGIN = 'http://localhost:3000';

describe('/dbconnections', () => {
  let tenant: RunningTenant;
  const signup = (body: Json) =>
    postJson(
      tenant,
      '/dbconnections/signup',
      { client_id: 'spa-client', connection: DB_CONNECTION, ...body },
      { origin: ORIGIN },
    );
  const login = (username: string, password: string, realm = DB_CONNECTION) =>
    postJson(tenant, '/oauth/token', { grant_type: REALM, client_id: 'spa-client', username, password, realm });

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true });
  });
  afterAll(() => tenant.close());

  it('signs a user up with string user_metadata, who can then log in', async () => {
    const reply = await signup({
      email: 'dave@example.com',
      password: 'Sup3r-secret',
      user_metadata: { plan: 'gold', theme: 'dark' },
      given_name: 'Dave',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe(ORIGIN);
    const body = reply.json() as Json;
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email_verified: false,
      email: 'dave@example.com',
      user_metadata: { plan: 'gold', theme: 'dark' },
    });
    const tokens = (await login('dave@example.com', 'Sup3r-secret')).json() as Json;
    const idToken = JSON.parse(
      Buffer.from(String(tokens['id_token']).split('.')[1] ?? '', 'base64url').toString(),
    ) as Json;
    expect(idToken['sub']).toBe(`auth0|${String(body['_id'])}`);
  });

  it('creates one user when two signups of the same email run at once (the other answers user_exists)', async () => {
    // Both requests pass the duplicate check before either finishes hashing its password.
    const replies = await Promise.all([
      signup({ email: 'twice@example.com', password: 'Sup3r-secret-1' }),
      signup({ email: 'TWICE@example.com', password: 'Sup3r-secret-2' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.status === 400)!.json()).toMatchObject({ code: 'user_exists' });
    const winner = replies.find((r) => r.status === 200)!.json() as Json;
    const password = winner['email'] === 'twice@example.com' ? 'Sup3r-secret-1' : 'Sup3r-secret-2';
    expect((await login('twice@example.com', password)).status).toBe(200);
  });

  it('answers the service error shapes for duplicates, weak and breached passwords, creating nothing', async () => {
    const dup = await signup({ email: ALICE.email.toUpperCase(), password: 'An0ther-secret' });
    expect(dup.status).toBe(400);
    expect(dup.json()).toMatchObject({
      name: 'BadRequestError',
      code: 'user_exists',
      description: 'The user already exists.',
      statusCode: 400,
      error: 'user_exists',
    });
    const weak = await signup({ email: 'weak@example.com', password: 'short' });
    expect(weak.status).toBe(400);
    const body = weak.json() as Json;
    expect(body).toMatchObject({
      name: 'PasswordStrengthError',
      code: 'invalid_password',
      message: 'Password is too weak',
      statusCode: 400,
    });
    expect(body['error_description']).toBeUndefined();
    expect(body['description']).toMatchObject({
      verified: false,
      rules: [
        { code: 'lengthAtLeast', format: [8], verified: false },
        {
          code: 'containsAtLeast',
          format: [3, 4],
          verified: false,
          items: expect.arrayContaining([{ message: 'lower case letters (a-z)', code: 'lowerCase', verified: true }]),
        },
      ],
    });
    expect(body['policy']).toContain('* At least 8 characters in length');
    const leaked = await signup({ email: 'leaky@example.com', password: 'Password123!' });
    expect(leaked.json()).toMatchObject({ code: 'password_leaked', statusCode: 400 });
    // Nothing was created: the same emails can still sign up.
    expect((await signup({ email: 'weak@example.com', password: 'Str0ng-enough' })).status).toBe(200);
    expect((await signup({ email: 'leaky@example.com', password: 'Str0ng-enough' })).status).toBe(200);
  });

  it('enforces requires_username', async () => {
    const base = { connection: DB_WITH_USERNAME, password: 'Sup3r-secret' };
    expect((await signup({ ...base, email: 'erin@example.com' })).json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('username'),
    });
    expect((await signup({ ...base, email: 'erin@example.com', username: 'has space' })).json()).toMatchObject({
      error: 'invalid_request',
    });
    const ok = await signup({ ...base, email: 'erin@example.com', username: 'erin' });
    expect(ok.json()).toMatchObject({ email: 'erin@example.com', username: 'erin' });
    expect((await login('erin', 'Sup3r-secret', DB_WITH_USERNAME)).status).toBe(200);
    expect((await signup({ ...base, email: 'other@example.com', username: CAROL.username })).json()).toMatchObject({
      code: 'username_exists',
    });
    expect(
      (await signup({ email: 'frank@example.com', password: 'Sup3r-secret', username: 'frank' })).json(),
    ).toMatchObject({ error: 'invalid_request' });
  });

  it('rejects malformed signups with invalid_request and creates nothing', async () => {
    const cases: Json[] = [
      { client_id: 'nobody', email: 'x1@example.com', password: 'Sup3r-secret' },
      { connection: 'nope', email: 'x1@example.com', password: 'Sup3r-secret' },
      { connection: 'email', email: 'x1@example.com', password: 'Sup3r-secret' },
      { email: 'not-an-email', password: 'Sup3r-secret' },
      { email: 'x1@example.com' },
      { email: 'x1@example.com', password: 42 },
      { email: 'x1@example.com', password: 'Sup3r-secret', colour: 'blue' },
      { email: 'x1@example.com', password: 'Sup3r-secret', user_metadata: { n: 1 } },
      { email: 'x1@example.com', password: 'Sup3r-secret', user_metadata: ['a'] },
      {
        email: 'x1@example.com',
        password: 'Sup3r-secret',
        user_metadata: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v'])),
      },
      { email: 'x1@example.com', password: 'a'.repeat(200) },
    ];
    for (const body of cases) {
      const reply = await signup(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json(), JSON.stringify(body)).toMatchObject({
        error: 'invalid_request',
        error_description: expect.any(String),
      });
    }
    const formBody = form({
      client_id: 'spa-client',
      connection: DB_CONNECTION,
      email: 'x1@example.com',
      password: 'Sup3r-secret',
    });
    expect((await send(tenant, '/dbconnections/signup', { method: 'POST', ...formBody })).status).toBe(415);
    expect((await signup({ email: 'x1@example.com', password: 'Sup3r-secret' })).status).toBe(200);
  });

  it('change_password: one answer for every email, a reset link only for real users', async () => {
    const ask = (email: string) =>
      postJson(
        tenant,
        '/dbconnections/change_password',
        { client_id: 'spa-client', connection: DB_CONNECTION, email },
        { origin: ORIGIN },
      );
    const before = tenant.outbox.length; // what other tests sent is not this test's
    const known = await ask('bob@example.com');
    const unknown = await ask('nobody@example.com');
    for (const reply of [known, unknown]) {
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.text).toBe("We've just sent you an email to reset your password.");
    }
    expect(
      tenant.outbox
        .slice(before)
        .filter((m) => m.kind === 'change_password')
        .map((m) => m.to),
    ).toEqual(['bob@example.com']);
    expect(
      (
        await postJson(tenant, '/dbconnections/change_password', {
          client_id: 'spa-client',
          connection: 'nope',
          email: 'bob@example.com',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await postJson(tenant, '/dbconnections/change_password', {
          client_id: 'spa-client',
          connection: DB_CONNECTION,
          email: 'bob@example.com',
          extra: 1,
        })
      ).status,
    ).toBe(400);
  });

  it('the reset link sets a new password once, with the connection policy', async () => {
    // A user of its own, so the test holds in any order.
    expect((await signup({ email: 'erin@example.com', password: 'Sup3r-secret' })).status).toBe(200);
    const before = tenant.outbox.length;
    await postJson(tenant, '/dbconnections/change_password', {
      client_id: 'spa-client',
      connection: DB_CONNECTION,
      email: 'erin@example.com',
    });
    const message = tenant.outbox[before];
    expect(message).toMatchObject({
      channel: 'email',
      to: 'erin@example.com',
      kind: 'change_password',
      link: expect.stringContaining('/lo/reset?ticket='),
    });
    const link = new URL(message?.link ?? '');
    const ticket = link.searchParams.get('ticket') ?? '';
    const page = await send(tenant, `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="new-password"');
    const post = (password: string, confirm = password) =>
      send(tenant, '/lo/reset', { method: 'POST', ...form({ ticket, password, confirm }) });
    expect((await post('N3w-secret!', 'different')).status).toBe(400);
    expect((await post('weak')).text).toContain('too weak');
    expect((await post('N3w-secret!')).status).toBe(200);
    expect((await post('N3w-secret!2')).status).toBe(400);
    expect((await login('erin@example.com', 'Sup3r-secret')).status).toBe(400);
    expect((await login('erin@example.com', 'N3w-secret!')).status).toBe(200);
    expect((await send(tenant, '/lo/reset?ticket=forged')).status).toBe(400);
  });
});
