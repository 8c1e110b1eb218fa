import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { APP_CALLBACK, CookieJar, fragmentOf, postJson, send, sendAdmin } from '../testing/test-client.js';

type Json = Record<string, unknown>;
const OTP = 'http://auth0.com/oauth/grant-type/passwordless/otp';

describe('/passwordless', () => {
  let tenant: RunningTenant;
  const start = (body: Json, headers: Record<string, string> = {}) =>
    postJson(tenant, '/passwordless/start', { client_id: 'spa-client', ...body }, headers);
  const lastCode = (to: string) => [...tenant.outbox].reverse().find((m) => m.to === to)?.code ?? '';

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
  });
  afterAll(() => tenant.close());

  it('sends an email code, checks it without using it, then the otp grant signs in once', async () => {
    const reply = await start(
      { connection: 'email', send: 'code', email: 'pat@example.com' },
      { origin: 'http://localhost:3000' },
    );
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(reply.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email: 'pat@example.com',
      email_verified: false,
    });
    const message = tenant.outbox.at(-1);
    expect(message).toMatchObject({
      channel: 'email',
      to: 'pat@example.com',
      kind: 'passwordless_code',
      connection: 'email',
      code: expect.stringMatching(/^\d{6}$/),
    });
    const code = message?.code ?? '';
    const verify = (c: string) =>
      postJson(tenant, '/passwordless/verify', { connection: 'email', email: 'pat@example.com', verification_code: c });
    const wrong = await verify(code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(403);
    expect(wrong.json()).toMatchObject({
      error: 'access_denied',
      error_description: 'Wrong email or verification code.',
    });
    const ok = await verify(code);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect((await verify(code)).status).toBe(200);
    const grant = {
      grant_type: OTP,
      client_id: 'spa-client',
      username: 'pat@example.com',
      otp: code,
      realm: 'email',
      scope: 'openid email',
    };
    const tokens = await postJson(tenant, '/oauth/token', grant);
    expect(tokens.status).toBe(200);
    // The start already answered the id the first login creates.
    const id = String((reply.json() as Json)['_id']);
    expect(decodeJwt(String((tokens.json() as Json)['id_token']))).toMatchObject({
      sub: `email|${id}`,
      email: 'pat@example.com',
      email_verified: true,
    });
    const again = await start({ connection: 'email', send: 'code', email: 'PAT@example.com' });
    expect(again.json()).toMatchObject({ _id: id });
    expect((await postJson(tenant, '/oauth/token', grant)).json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Wrong email or verification code.',
    });
  });

  it('sends SMS codes with the request language and answers the phone number', async () => {
    const reply = await start(
      { connection: 'sms', send: 'code', phone_number: '+15551234567' },
      { 'x-request-language': 'fr' },
    );
    expect(reply.json()).toMatchObject({ phone_number: '+15551234567', request_language: 'fr' });
    expect(tenant.outbox.at(-1)).toMatchObject({
      channel: 'sms',
      to: '+15551234567',
      language: 'fr',
      text: expect.stringMatching(/code is: \d{6}$/),
    });
    const wrong = await postJson(tenant, '/passwordless/verify', {
      connection: 'sms',
      phone_number: '+15551234567',
      verification_code: '12',
    });
    expect(wrong.json()).toMatchObject({ error_description: 'Wrong phone number or verification code.' });
  });

  it('sends a link that signs the user in at /passwordless/verify_redirect, once', async () => {
    const authParams = {
      response_type: 'token id_token',
      redirect_uri: APP_CALLBACK,
      scope: 'openid email',
      state: 'link-state',
      nonce: 'link-nonce',
      app_state: { any: ['json'] },
    };
    const reply = await start({ connection: 'email', send: 'link', email: 'lynn@example.com', authParams });
    expect(reply.status).toBe(200);
    const message = tenant.outbox.at(-1);
    expect(message?.kind).toBe('passwordless_link');
    const link = new URL(message?.link ?? '');
    expect(link.pathname).toBe('/passwordless/verify_redirect');
    expect(link.searchParams.get('verification_code')).toBe(message?.code);
    const jar = new CookieJar();
    const follow = await send(tenant, link.pathname + link.search);
    jar.store(follow);
    expect(follow.status).toBe(302);
    const fragment = fragmentOf(follow.headers.location);
    expect(fragment.get('state')).toBe('link-state');
    expect(decodeJwt(fragment.get('id_token') ?? '')).toMatchObject({ email: 'lynn@example.com', nonce: 'link-nonce' });
    const silent = await send(
      tenant,
      `/authorize?client_id=spa-client&response_type=id_token&redirect_uri=${encodeURIComponent(APP_CALLBACK)}&nonce=n&prompt=none&connection=email`,
      { headers: jar.header() },
    );
    expect(fragmentOf(silent.headers.location).get('id_token')).toBeTruthy();
    const again = await send(tenant, link.pathname + link.search);
    expect(fragmentOf(again.headers.location).get('error')).toBe('access_denied');
  });

  it('refuses malformed starts with invalid_request', async () => {
    const cases: Json[] = [
      { connection: 'email', send: 'code' },
      { connection: 'email', send: 'code', email: 'a@example.com', phone_number: '+15551234567' },
      { connection: 'sms', send: 'code', email: 'a@example.com' },
      { connection: 'sms', send: 'code', phone_number: '555-1234' },
      { connection: 'email', send: 'sms', email: 'a@example.com' },
      { connection: 'Username-Password-Authentication', send: 'code', email: 'a@example.com' },
      { connection: 'email', send: 'code', email: 'a@example.com', authParams: 'x' },
      { connection: 'email', send: 'code', email: 'a@example.com', authParams: { colour: 'blue' } },
      {
        connection: 'email',
        send: 'link',
        email: 'a@example.com',
        authParams: { response_type: 'token', redirect_uri: 'https://evil.example/cb' },
      },
      { connection: 'email', send: 'code', email: 'a@example.com', extra: true },
    ];
    const sent = tenant.outbox.length;
    for (const body of cases) {
      const reply = await start(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json(), JSON.stringify(body)).toMatchObject({ error: 'invalid_request' });
    }
    expect(tenant.outbox.length).toBe(sent);
  });

  it('revokes a code after 5 wrong guesses, and a new start replaces the code', async () => {
    await start({ connection: 'email', send: 'code', email: 'guess@example.com' });
    const code = lastCode('guess@example.com');
    for (let i = 0; i < 5; i++) {
      await postJson(tenant, '/passwordless/verify', {
        connection: 'email',
        email: 'guess@example.com',
        verification_code: 'x',
      });
    }
    expect(
      (
        await postJson(tenant, '/passwordless/verify', {
          connection: 'email',
          email: 'guess@example.com',
          verification_code: code,
        })
      ).status,
    ).toBe(403);
    await start({ connection: 'email', send: 'code', email: 'guess@example.com' });
    const first = lastCode('guess@example.com');
    await start({ connection: 'email', send: 'code', email: 'guess@example.com' });
    const second = lastCode('guess@example.com');
    if (first !== second) {
      expect(
        (
          await postJson(tenant, '/passwordless/verify', {
            connection: 'email',
            email: 'guess@example.com',
            verification_code: first,
          })
        ).status,
      ).toBe(403);
    }
    expect(
      (
        await postJson(tenant, '/passwordless/verify', {
          connection: 'email',
          email: 'guess@example.com',
          verification_code: second,
        })
      ).status,
    ).toBe(200);
  });

  it('lets codes expire', async () => {
    const def = defaultDefinition();
    def.connections = def.connections.map((c) => (c.name === 'email' ? { ...c, otp_ttl_seconds: 1 } : c));
    const short = await startQuickTenant({ http: true, config: def });
    try {
      await postJson(short, '/passwordless/start', {
        client_id: 'spa-client',
        connection: 'email',
        send: 'code',
        email: 'late@example.com',
      });
      const code = short.outbox.at(-1)?.code ?? '';
      await new Promise((r) => setTimeout(r, 1100));
      expect(
        (
          await postJson(short, '/passwordless/verify', {
            connection: 'email',
            email: 'late@example.com',
            verification_code: code,
          })
        ).status,
      ).toBe(403);
    } finally {
      await short.close();
    }
  });

  it('lists the outbox at /__admin/outbox, filtered by recipient', async () => {
    // Its own messages, so the test holds in any order: one to the phone, one to someone else.
    expect((await start({ connection: 'sms', send: 'code', phone_number: '+15551234567' })).status).toBe(200);
    expect((await start({ connection: 'email', send: 'code', email: 'outbox@example.com' })).status).toBe(200);
    const all = (await sendAdmin(tenant, '/__admin/outbox')).json() as Json[];
    expect(all.length).toBe(tenant.outbox.length);
    expect(all.map((m) => m['to'])).toEqual(expect.arrayContaining(['+15551234567', 'outbox@example.com']));
    const some = (await sendAdmin(tenant, '/__admin/outbox?to=%2B15551234567')).json() as Json[];
    expect(some.every((m) => m['to'] === '+15551234567')).toBe(true);
    expect(some.length).toBeGreaterThan(0);
  });
});
