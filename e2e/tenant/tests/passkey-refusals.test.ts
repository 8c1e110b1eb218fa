/**
 * Passkeys (issue 48): every refusal of /passkey/register and the webauthn grant, one test each,
 * with the service's error. Responses come from a software authenticator, forged where needed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { DefinitionError, validateDefinition } from '../config/load.js';
import { type RunningTenant } from '../server/server.js';
import { PASSKEY_TIMEOUT_MS } from '../state/passkey-sessions.js';
import { ALICE, DB_CONNECTION, WEB_SECRET_POST } from '../testing/fixtures.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { postForm, postJson, type Reply } from '../testing/test-client.js';
import { SoftAuthenticator } from '../testing/soft-authenticator.js';
import {
  APP_ORIGIN,
  challenge,
  redeem,
  register,
  signIn,
  signUp,
  WEBAUTHN_GRANT,
} from '../testing/passkey-ceremony.js';

function expectRefused(reply: Reply, error: string, description: RegExp): void {
  expect(reply.status).toBe(400);
  expect(reply.json()).toMatchObject({ error, error_description: expect.stringMatching(description) });
}

let serial = 0;
const newEmail = (): string => `pk${++serial}@example.com`;

describe('passkeys: refusals', () => {
  let tenant: RunningTenant;
  let time = Date.now();

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true, clock: () => time });
  });
  afterAll(() => tenant.close());

  /** A signed-up user's authenticator (its passkey is the last credential). */
  async function enrolled(): Promise<SoftAuthenticator> {
    const authenticator = new SoftAuthenticator();
    expect((await signUp(tenant, authenticator, { email: newEmail() })).status).toBe(200);
    return authenticator;
  }

  it('refuses a form body: authn_response must be an object, as the service says', async () => {
    const authenticator = new SoftAuthenticator();
    const { authSession, options } = await register(tenant, { email: newEmail() });
    const response = authenticator.create(options, { origin: APP_ORIGIN });
    const reply = await postForm(tenant, '/oauth/token', {
      grant_type: WEBAUTHN_GRANT,
      client_id: 'spa-client',
      auth_session: authSession,
      authn_response: JSON.stringify(response),
    });
    expectRefused(reply, 'invalid_request', /^"authn_response" must be of type object$/);
    // The same in JSON.
    expectRefused(
      await redeem(tenant, authSession, JSON.stringify(response)),
      'invalid_request',
      /must be of type object/,
    );
  });

  it('refuses a response made on an origin that is not an allowed web origin of the client', async () => {
    const before = tenant.durableSnapshot();
    const reply = await signUp(
      tenant,
      new SoftAuthenticator(),
      { email: newEmail() },
      { origin: 'https://app.example.test' },
    );
    expectRefused(reply, 'invalid_grant', /origin .* not an allowed web origin/);
    expect(tenant.durableSnapshot()).toBe(before); // nobody was created
  });

  it('refuses a response for another RP ID', async () => {
    const reply = await signUp(tenant, new SoftAuthenticator(), { email: newEmail() }, { rpId: 'example.com' });
    expectRefused(reply, 'invalid_grant', /RP ID/);
  });

  it('refuses a challenge used twice: a response for one session sent with another', async () => {
    const authenticator = await enrolled();
    const first = await challenge(tenant);
    const response = authenticator.get(first.options, { origin: APP_ORIGIN });
    expect((await redeem(tenant, first.authSession, response)).status).toBe(200);
    const second = await challenge(tenant);
    expectRefused(await redeem(tenant, second.authSession, response), 'invalid_grant', /challenge does not belong/);
  });

  it('refuses an auth_session used twice', async () => {
    const authenticator = await enrolled();
    const { authSession, options } = await challenge(tenant);
    expect((await redeem(tenant, authSession, authenticator.get(options, { origin: APP_ORIGIN }))).status).toBe(200);
    const again = authenticator.get(options, { origin: APP_ORIGIN });
    expectRefused(await redeem(tenant, authSession, again), 'invalid_grant', /invalid, expired or already used/);
  });

  it('refuses an expired auth_session (its lifetime is the timeout)', async () => {
    const authenticator = await enrolled();
    const { authSession, options } = await challenge(tenant);
    time += PASSKEY_TIMEOUT_MS + 1;
    const reply = await redeem(tenant, authSession, authenticator.get(options, { origin: APP_ORIGIN }));
    expectRefused(reply, 'invalid_grant', /invalid, expired or already used/);
  });

  it('refuses an auth_session issued to another client', async () => {
    const authenticator = await enrolled();
    const { authSession, options } = await challenge(tenant);
    const reply = await redeem(tenant, authSession, authenticator.get(options, { origin: APP_ORIGIN }), {
      client_id: WEB_SECRET_POST.clientId,
      client_secret: WEB_SECRET_POST.clientSecret,
    });
    expectRefused(reply, 'invalid_grant', /issued to another client/);
  });

  it('refuses a signature counter that goes back', async () => {
    const authenticator = await enrolled();
    expect((await signIn(tenant, authenticator, { counter: 5 })).status).toBe(200);
    expectRefused(await signIn(tenant, authenticator, { counter: 3 }), 'invalid_grant', /counter/);
  });

  it('refuses a credential presented for another user (its user handle names someone else)', async () => {
    const mine = await enrolled();
    const theirs = await enrolled();
    const reply = await signIn(tenant, mine, { userHandle: theirs.credentials[0]?.userHandle ?? '' });
    expectRefused(reply, 'invalid_grant', /belongs to another user/);
  });

  it('refuses an attestation sent to sign-in', async () => {
    const { authSession, options } = await challenge(tenant);
    const response = new SoftAuthenticator().create(
      {
        challenge: options.challenge,
        rp: { id: options.rpId, name: 'x' },
        user: { id: 'dXNlcg', name: 'u', displayName: 'u' },
      },
      { origin: APP_ORIGIN },
    );
    expectRefused(await redeem(tenant, authSession, response), 'invalid_grant', /for a sign-in/);
  });

  it('refuses an assertion sent to sign-up', async () => {
    const authenticator = await enrolled();
    const before = tenant.durableSnapshot();
    const { authSession, options } = await register(tenant, { email: newEmail() });
    const response = authenticator.get({ challenge: options.challenge, rpId: options.rp.id }, { origin: APP_ORIGIN });
    expectRefused(await redeem(tenant, authSession, response), 'invalid_grant', /for a sign-up/);
    expect(tenant.durableSnapshot()).toBe(before);
  });

  it('refuses a client without the webauthn grant, before any session exists', async () => {
    const bodies = {
      '/passkey/register': { client_id: 'hs256-client', user_profile: { email: newEmail() } },
      '/passkey/challenge': { client_id: 'hs256-client' },
    };
    for (const [path, body] of Object.entries(bodies))
      expectRefused(await postJson(tenant, path, body), 'unauthorized_client', /not allowed for the client/);
  });

  it('refuses an unknown user_profile key', async () => {
    const reply = await postJson(tenant, '/passkey/register', {
      client_id: 'spa-client',
      user_profile: { email: newEmail(), favourite_colour: 'blue' },
    });
    expectRefused(reply, 'invalid_request', /^Unknown user_profile key: favourite_colour$/);
  });

  it('refuses to sign up an existing user', async () => {
    const reply = await postJson(tenant, '/passkey/register', {
      client_id: 'spa-client',
      user_profile: { email: ALICE.email.toUpperCase() },
    });
    expectRefused(reply, 'invalid_request', /^The user already exists\.$/);
  });
});

describe('passkeys: user verification required by the connection', () => {
  let tenant: RunningTenant;

  beforeAll(async () => {
    const config = defaultDefinition();
    const db = config.connections.find((c) => c.name === DB_CONNECTION);
    if (db?.strategy === 'auth0') db.passkeys = { user_verification: 'required' };
    tenant = await startQuickTenant({ http: true, config });
  });
  afterAll(() => tenant.close());

  it('asks for it in the options and refuses a response without the UV flag', async () => {
    const { options } = await register(tenant, { email: newEmail() });
    expect(options).toMatchObject({ authenticatorSelection: { userVerification: 'required' } });
    const authenticator = new SoftAuthenticator();
    const up = await signUp(tenant, authenticator, { email: newEmail() }, { userVerified: false });
    expectRefused(up, 'invalid_grant', /User verification was required/);
    // With UV the same sign-up passes, and a later sign-in without UV is refused too.
    expect((await signUp(tenant, authenticator, { email: newEmail() })).status).toBe(200);
    expectRefused(await signIn(tenant, authenticator, { userVerified: false }), 'invalid_grant', /User verification/);
  });
});

describe('passkeys: the definition', () => {
  it('takes passkeys.rp_id as a host name, never an IP address', () => {
    const check = (rpId: string): string[] => {
      const config = { ...defaultDefinition(), passkeys: { rp_id: rpId } };
      try {
        validateDefinition(config);
        return [];
      } catch (err) {
        if (err instanceof DefinitionError) return [...err.problems];
        throw err;
      }
    };
    expect(check('app.example.test')).toEqual([]);
    expect(check('127.0.0.1')).toEqual([expect.stringContaining('passkeys/rp_id')]);
    expect(check('https://app.example.test')).toEqual([expect.stringContaining('passkeys/rp_id')]);
  });
});
