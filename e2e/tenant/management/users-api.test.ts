import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB } from '../testing/fixtures.js';
import { send } from '../testing/test-client.js';
import {
  call,
  clientToken,
  expectError,
  expectRateLimitHeaders,
  startApiTenant,
  userTokens,
} from '../testing/management-harness.js';
import type { ApiTenant } from '../testing/management-harness.js';
import type { UserView } from './user-view.js';

const ALICE_PATH = '/api/v2/users/auth0%7Calice';
const BOB_PATH = '/api/v2/users/auth0%7Cbob';

describe('GET /api/v2/users/{id}', () => {
  let api: ApiTenant;
  let alice: string;

  beforeAll(async () => {
    api = await startApiTenant();
    alice = (await userTokens(api)).accessToken;
  });
  afterAll(() => api.close());

  it("returns the token's own user, whether the id is percent-encoded or not", async () => {
    const reply = await call(api, ALICE_PATH, { token: alice });
    expect(reply.status).toBe(200);
    expectRateLimitHeaders(reply);
    expect(reply.json()).toEqual({
      user_id: 'auth0|alice',
      email: ALICE.email,
      email_verified: true,
      name: ALICE.name,
      nickname: 'alice',
      picture: `${api.tenant.url}/avatars/alice.svg`,
      updated_at: ALICE.updatedAt,
      identities: [
        { connection: 'Username-Password-Authentication', user_id: 'alice', provider: 'auth0', isSocial: false },
      ],
      user_metadata: {},
      app_metadata: {},
    });
    const raw = await call(api, '/api/v2/users/auth0|alice', { token: alice });
    expect(raw.json()).toEqual(reply.json());
  });

  it("403 for another user's id, even an unknown one, and without read:current_user", async () => {
    const detail = /read:users,read:current_user \(current-user scopes only cover the token's own user\)/;
    expectError(await call(api, BOB_PATH, { token: alice }), 403, 'insufficient_scope', detail);
    expectError(await call(api, '/api/v2/users/auth0%7Cnobody', { token: alice }), 403, 'insufficient_scope', detail);
    // An encoded `/` stays part of the id: `auth0|alice/x` is not alice.
    expectError(
      await call(api, '/api/v2/users/auth0%7Calice%2Fx', { token: alice }),
      403,
      'insufficient_scope',
      detail,
    );
    const metadataOnly = (await userTokens(api, ALICE, 'update:current_user_metadata')).accessToken;
    expectError(
      await call(api, ALICE_PATH, { token: metadataOnly }),
      403,
      'insufficient_scope',
      'Insufficient scope, expected any of: read:users,read:current_user',
    );
  });

  it('400 for malformed percent-encoding in the id', async () => {
    expectError(await call(api, '/api/v2/users/auth0%E0%A4%A', { token: alice }), 400, 'invalid_uri');
  });

  it('any user with read:users (client credentials), 404 for an unknown one', async () => {
    const machine = await clientToken(api, undefined, 'read:users');
    expect(((await call(api, BOB_PATH, { token: machine })).json() as UserView).email).toBe(BOB.email);
    expectError(
      await call(api, '/api/v2/users/auth0%7Cnobody', { token: machine }),
      404,
      'inexistent_user',
      'The user does not exist.',
    );
  });
});

describe('PATCH /api/v2/users/{id}', () => {
  let api: ApiTenant;
  let alice: string;
  const get = async (path = ALICE_PATH, token = alice): Promise<UserView> =>
    (await call(api, path, { token })).json() as UserView;

  beforeAll(async () => {
    api = await startApiTenant();
    alice = (await userTokens(api)).accessToken;
  });
  afterAll(() => api.close());

  it('merges user_metadata: values overwrite and add keys, nested objects are replaced, null removes', async () => {
    const first = await call(api, ALICE_PATH, {
      method: 'PATCH',
      token: alice,
      json: { user_metadata: { theme: 'dark', address: { city: 'Paris', zip: '75001' }, keep: 1 } },
    });
    expect(first.status).toBe(200);
    expectRateLimitHeaders(first);
    api.advance(1000);
    const second = await call(api, ALICE_PATH, {
      method: 'PATCH',
      token: alice,
      json: { user_metadata: { theme: 'light', lang: 'fr', address: { city: 'Lyon' }, keep: null } },
    });
    const expected = { theme: 'light', address: { city: 'Lyon' }, lang: 'fr' };
    expect((second.json() as UserView).user_metadata).toEqual(expected);
    const after = await get();
    expect(after.user_metadata).toEqual(expected);
    expect(after.updated_at > ALICE.updatedAt).toBe(true);
    expect(after.name).toBe(ALICE.name);
  });

  it('lets create:current_user_metadata only add keys, and delete:current_user_metadata only remove them', async () => {
    const create = (await userTokens(api, ALICE, 'read:current_user create:current_user_metadata')).accessToken;
    expect(
      (await call(api, ALICE_PATH, { method: 'PATCH', token: create, json: { user_metadata: { added: true } } }))
        .status,
    ).toBe(200);
    expectError(
      await call(api, ALICE_PATH, { method: 'PATCH', token: create, json: { user_metadata: { added: false } } }),
      403,
      'insufficient_scope',
      'Insufficient scope, expected any of: update:users,update:current_user_metadata (to change "user_metadata")',
    );
    const remove = (await userTokens(api, ALICE, 'delete:current_user_metadata')).accessToken;
    expectError(
      await call(api, ALICE_PATH, { method: 'PATCH', token: remove, json: { user_metadata: { more: 1 } } }),
      403,
      'insufficient_scope',
    );
    expect(
      (await call(api, ALICE_PATH, { method: 'PATCH', token: remove, json: { user_metadata: { added: null } } }))
        .status,
    ).toBe(200);
    expect((await get()).user_metadata).not.toHaveProperty('added');
  });

  it('403 for other attributes without update:users, changing nothing', async () => {
    const before = await get();
    expectError(
      await call(api, ALICE_PATH, { method: 'PATCH', token: alice, json: { name: 'Mallory' } }),
      403,
      'insufficient_scope',
      /expected any of: update:users \(to change "name"\)/,
    );
    expectError(
      await call(api, ALICE_PATH, {
        method: 'PATCH',
        token: alice,
        json: { user_metadata: { x: 1 }, email_verified: false },
      }),
      403,
      'insufficient_scope',
    );
    expectError(
      await call(api, ALICE_PATH, { method: 'PATCH', token: alice, json: { app_metadata: { plan: 'gold' } } }),
      403,
      'insufficient_scope',
      /update:users,update:users_app_metadata/,
    );
    expectError(
      await call(api, BOB_PATH, { method: 'PATCH', token: alice, json: { user_metadata: { x: 1 } } }),
      403,
      'insufficient_scope',
      /own user/,
    );
    expect(await get()).toEqual(before);
  });

  it('400/415 for bad bodies, changing nothing', async () => {
    const before = await get();
    const bad: Array<[unknown, RegExp]> = [
      [{}, /at least one attribute/],
      [[], /must be a JSON object/],
      ['text', /must be a JSON object/],
      [null, /must be a JSON object/],
      [{ user_id: 'auth0|mallory' }, /additional properties not allowed: "user_id"/],
      [{ user_metadata: 'x' }, /"user_metadata" must be an object/],
      [{ user_metadata: { ok: 1 }, nickname: '' }, /"nickname" must be a string/],
      [{ user_metadata: { big: 'x'.repeat(17_000) } }, /exceed 16384 bytes/],
    ];
    for (const [json, message] of bad) {
      expectError(await call(api, ALICE_PATH, { method: 'PATCH', token: alice, json }), 400, 'invalid_body', message);
    }
    const formBody = {
      method: 'PATCH',
      token: alice,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    expectError(await call(api, ALICE_PATH, formBody), 415, 'unsupported_media_type');
    const empty = await call(api, ALICE_PATH, {
      method: 'PATCH',
      token: alice,
      headers: { 'content-type': 'application/json' },
    });
    expectError(empty, 400, 'invalid_body');
    // Invalid JSON is refused by the shared router (its own error shape) before /api/v2 code runs.
    const broken = await send(api.tenant, ALICE_PATH, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
      body: '{"user_metadata":',
    });
    expect(broken.status).toBe(400);
    expect(await get()).toEqual(before);
  });

  it('with update:users changes any user; a new email is unverified; a taken email is 409', async () => {
    const machine = await clientToken(api, undefined, 'read:users update:users');
    const reply = await call(api, BOB_PATH, {
      method: 'PATCH',
      token: machine,
      json: { name: 'Robert', email: 'robert@example.com', app_metadata: { plan: 'gold' } },
    });
    expect(reply.status).toBe(200);
    expect(reply.json()).toMatchObject({
      name: 'Robert',
      email: 'robert@example.com',
      email_verified: false,
      app_metadata: { plan: 'gold' },
    });
    expectError(
      await call(api, BOB_PATH, { method: 'PATCH', token: machine, json: { email: 'ALICE@example.com' } }),
      409,
      'user_exists',
    );
    expect((await get(BOB_PATH, machine)).email).toBe('robert@example.com');
    const appOnly = await clientToken(api, undefined, 'update:users_app_metadata');
    expect(
      (await call(api, BOB_PATH, { method: 'PATCH', token: appOnly, json: { app_metadata: { plan: null } } })).json(),
    ).toMatchObject({ app_metadata: {} });
    expectError(
      await call(api, '/api/v2/users/auth0%7Cnobody', { method: 'PATCH', token: machine, json: { name: 'x' } }),
      404,
      'inexistent_user',
    );
  });
});
