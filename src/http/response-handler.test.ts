import { describe, expect, it } from 'vitest';
import { fakeEnv, json } from '../testing/fake-env.js';
import { sendRequest } from './request.js';
import { wrapCallback, type HandlerFlags } from './response-handler.js';

/** Sends one request through the real HTTP module to a fake server and returns the callback values. */
function call(
  response: () => Response | Promise<Response>,
  flags: HandlerFlags = {},
  body?: Record<string, unknown>,
  retries = 0,
) {
  const env = fakeEnv();
  env.respond = response;
  return new Promise<{ err: any; result: any; env: typeof env }>((resolve) =>
    sendRequest(
      { env, telemetry: 'T=', retries },
      { method: body ? 'POST' : 'GET', url: 'https://t.example/x', body },
      wrapCallback((err, result) => resolve({ err, result, env }), flags),
    ),
  );
}

describe('response → callback mapping', () => {
  it('maps a JSON OAuth error (keys in v10 order)', async () => {
    const { err } = await call(() =>
      json({ error: 'invalid_grant', error_description: 'Wrong email or password.' }, 401),
    );
    expect(Object.keys(err)).toEqual(['original', 'statusCode', 'statusText', 'code', 'description']);
    expect(err).toMatchObject({ statusCode: 401, code: 'invalid_grant', description: 'Wrong email or password.' });
    expect(err).toBeInstanceOf(Error);
  });
  it('keeps name and policy of a password-strength error and masks the password', async () => {
    const body = {
      name: 'PasswordStrengthError',
      code: 'invalid_password',
      description: { rules: [] },
      policy: 'min 8',
    };
    const { err } = await call(() => json(body, 400), {}, { email: 'a@b.c', password: 'secret' });
    expect(err).toMatchObject({
      code: 'invalid_password',
      description: { rules: [] },
      name: 'PasswordStrengthError',
      policy: 'min 8',
    });
    expect(JSON.stringify(err)).not.toContain('secret');
    expect(err.original.requestBody.password).toBe('*****');
  });
  it('maps a plain-text error to a numeric code and null description, named Error', async () => {
    const { err } = await call(
      () =>
        new Response('Origin http://x is not allowed', {
          status: 403,
          statusText: 'Forbidden',
          headers: { 'content-type': 'text/plain' },
        }),
    );
    expect(JSON.parse(JSON.stringify(err))).toMatchObject({
      statusCode: 403,
      statusText: 'Forbidden',
      code: 403,
      description: null,
      name: 'Error',
    });
  });
  it('maps a network failure without a status', async () => {
    const { err } = await call(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(err).toMatchObject({ code: null, description: null, name: 'Error' });
    expect(err.statusCode).toBeUndefined();
  });
  it('adds error / error_description with forceLegacyError', async () => {
    const { err } = await call(() => json({ error: 'access_denied', error_description: 'no' }, 403), {
      forceLegacyError: true,
    });
    expect(err).toMatchObject({
      code: 'access_denied',
      description: 'no',
      error: 'access_denied',
      error_description: 'no',
    });
  });
  it('camelCases JSON results unless ignoreCasing, and returns text for text responses', async () => {
    expect((await call(() => json({ country_code: 'AR', _id: '1' }))).result).toEqual({ countryCode: 'AR', Id: '1' });
    expect((await call(() => json({ given_name: 'A' }), { ignoreCasing: true })).result).toEqual({ given_name: 'A' });
    const text = await call(
      () => new Response("We've just sent you an email", { headers: { 'content-type': 'text/html' } }),
    );
    expect(text.result).toBe("We've just sent you an email");
  });
  it('treats a 2xx JSON body with an error field as success', async () => {
    expect((await call(() => json({ error: 'x' }))).err).toBeNull();
  });
  it('sends v10 headers, trims username/email/phoneNumber, and retries retryable statuses', async () => {
    let attempts = 0;
    const { err, env } = await call(
      () => (++attempts < 3 ? new Response('', { status: 503 }) : json({ ok: true })),
      {},
      { username: ' u ', phone_number: ' 1 ' },
      2,
    );
    expect(err).toBeNull();
    expect(attempts).toBe(3);
    const init = env.fetches[0]!.init!;
    expect(init.headers).toEqual({ 'content-type': 'application/json', 'auth0-client': 'T=' });
    expect(JSON.parse(init.body as string)).toEqual({ username: 'u', phone_number: ' 1 ' });
  });
  it('does not retry a 400', async () => {
    let attempts = 0;
    await call(() => (attempts++, json({ error: 'bad' }, 400)), {}, undefined, 3);
    expect(attempts).toBe(1);
  });
  it('gives {} for a 2xx answer with an empty JSON body, never the transport object (COMPATIBILITY D10)', async () => {
    const { err, result } = await call(
      () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect(err).toBeNull();
    expect(result).toEqual({});
  });
});

describe('secrets in request bodies', () => {
  const SECRETS = [
    'password',
    'otp',
    'verification_code',
    'code',
    'code_verifier',
    'refresh_token',
    'subject_token',
    'client_secret',
    'link_with',
  ];
  const body = () => ({
    username: 'alice',
    ...Object.fromEntries(SECRETS.map((key) => [key, `secret-${key}`])),
    nested: { authParams: { password: 'secret-nested' } },
  });
  const expectMasked = (shown: Record<string, any>) => {
    expect(shown.username).toBe('alice');
    for (const key of SECRETS) expect(shown[key]).toBe('*****');
    expect(shown.nested.authParams.password).toBe('*****');
  };

  it('are masked in the error (original and cause) of an HTTP failure and of a network failure', async () => {
    for (const response of [
      () => json({ error: 'invalid_grant' }, 403),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const { err } = await call(response, {}, body());
      expectMasked(err.original.requestBody);
      expect(err.cause).toBe(err.original);
      for (const key of Object.getOwnPropertyNames(err.original))
        expect(String(err.original[key])).not.toContain('secret-');
      expect(JSON.stringify(err)).not.toContain('secret-');
    }
  });

  it('are masked in the request handle, while the request still carries them', async () => {
    const env = fakeEnv();
    env.respond = () => json({});
    const handle = sendRequest({ env }, { method: 'POST', url: 'https://t.example/x', body: body() }, () => {});
    expectMasked(handle.body!);
    expectMasked(handle.getBody()!);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(String(env.fetches[0]!.init!.body))).toEqual(body());
  });
});
