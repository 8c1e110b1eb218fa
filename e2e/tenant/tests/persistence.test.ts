import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { ALICE } from '../testing/fixtures.js';
import { defaultDefinition } from '../config/defaults.js';
import type { RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { dpopKey, dpopLogin, dpopProof, tokenRequest } from '../testing/dpop-proof.js';
import {
  ALICE_LOGIN,
  CookieJar,
  authorizePath,
  codeFor,
  fragmentOf,
  implicitParams,
  logIn,
  postJson,
  send,
  type Reply,
} from '../testing/test-client.js';

type Json = Record<string, unknown>;
const DB = 'Username-Password-Authentication';
const SIGNUP = { client_id: 'spa-client', connection: DB, email: 'kept2@example.com', password: 'K3pt-secret2' };
const ZOE = { user_id: 'auth0|zoe', email: 'zoe@example.com', password: 'Passw0rd!zoe' };

function passwordLogin(tenant: RunningTenant, username: string, password: string): Promise<Reply> {
  return postJson(tenant, '/oauth/token', {
    grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
    client_id: 'spa-client',
    username,
    password,
    realm: DB,
  });
}
const dir = mkdtempSync(join(tmpdir(), 'tenant-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--data persistence', () => {
  it('keeps users, sessions and refresh tokens across restarts, never plain passwords', async () => {
    const file = join(dir, 'state.json');
    const first = await startQuickTenant({ http: true, dataFile: file });
    const jar = new CookieJar();
    let refreshToken: string;
    try {
      expect(
        (
          await postJson(first, '/dbconnections/signup', {
            client_id: 'spa-client',
            connection: 'Username-Password-Authentication',
            email: 'kept@example.com',
            password: 'K3pt-secret',
          })
        ).status,
      ).toBe(200);
      await logIn(first, implicitParams(), jar, ALICE_LOGIN);
      const { code, redirectUri } = await codeFor(first, { scope: 'openid offline_access' });
      refreshToken = String(
        (
          (
            await postJson(first, '/oauth/token', {
              grant_type: 'authorization_code',
              client_id: 'spa-client',
              code,
              redirect_uri: redirectUri,
            })
          ).json() as Json
        )['refresh_token'],
      );
    } finally {
      await first.close();
    }
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      version: number;
      users: Json[];
      sessions: Json[];
      refreshTokens: Json[];
    };
    expect(saved.version).toBe(1);
    expect(saved.users.map((u) => u['email'])).toContain('kept@example.com');
    expect(saved.sessions.length).toBeGreaterThan(0);
    expect(saved.refreshTokens.length).toBe(1);
    expect(readFileSync(file, 'utf8')).not.toContain('K3pt-secret');
    expect(readFileSync(file, 'utf8')).not.toContain(ALICE.password);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await startQuickTenant({ http: true, dataFile: file, port: 0 });
    try {
      const login = await postJson(second, '/oauth/token', {
        grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
        client_id: 'spa-client',
        username: 'kept@example.com',
        password: 'K3pt-secret',
        realm: 'Username-Password-Authentication',
      });
      expect(login.status).toBe(200);
      const silent = await send(second, authorizePath(implicitParams({ prompt: 'none' })), { headers: jar.header() });
      expect(fragmentOf(silent.headers.location).get('id_token')).toBeTruthy();
      const refreshed = await postJson(second, '/oauth/token', {
        grant_type: 'refresh_token',
        client_id: 'spa-client',
        refresh_token: refreshToken,
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps a DPoP-bound refresh token bound across a restart', async () => {
    const file = join(dir, 'dpop.json');
    const key = await dpopKey();
    const first = await startQuickTenant({ http: true, dataFile: file });
    let refreshToken: string;
    try {
      refreshToken = String((await dpopLogin(first, key))['refresh_token']);
    } finally {
      await first.close();
    }
    const second = await startQuickTenant({ http: true, dataFile: file, port: 0 });
    try {
      const body = { grant_type: 'refresh_token', client_id: 'spa-client', refresh_token: refreshToken };
      expect((await tokenRequest(second, body)).json()).toMatchObject({ error: 'invalid_grant' });
      const ok = await tokenRequest(second, body, await dpopProof(key, `${second.url}/oauth/token`));
      expect(ok.status).toBe(200);
      expect(ok.json()).toMatchObject({ token_type: 'DPoP' });
    } finally {
      await second.close();
    }
  });

  it('restores only the users of the current definition: the built-in users stay out of a --config', async () => {
    const file = join(dir, 'custom.json');
    const first = await startQuickTenant({ http: true, dataFile: file });
    const jar = new CookieJar();
    try {
      expect((await postJson(first, '/dbconnections/signup', SIGNUP)).status).toBe(200);
      await logIn(first, implicitParams(), jar, ALICE_LOGIN);
    } finally {
      await first.close();
    }
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Json;
    expect(saved['definitionUsers']).toContain('auth0|alice');
    const custom = defaultDefinition();
    for (const c of custom.connections) c.users = [];
    custom.organizations = [];
    custom.connections.find((c) => c.name === DB)!.users = [ZOE];

    const checkCustom = async (): Promise<void> => {
      const second = await startQuickTenant({ http: true, dataFile: file, config: custom, port: 0 });
      try {
        const alice = await passwordLogin(second, ALICE_LOGIN.username, ALICE_LOGIN.password);
        expect(alice.json()).toMatchObject({ error: 'invalid_grant' });
        // Her session from the first run went with her.
        const silent = await send(second, authorizePath(implicitParams({ prompt: 'none' })), { headers: jar.header() });
        expect(fragmentOf(silent.headers.location).get('error')).toBe('login_required');
        expect((await passwordLogin(second, SIGNUP.email, SIGNUP.password)).status).toBe(200);
        expect((await passwordLogin(second, ZOE.email, ZOE.password)).status).toBe(200);
      } finally {
        await second.close();
      }
    };
    await checkCustom();
    // A file written before the definition's users were listed: only the built-in ones can be seeded.
    writeFileSync(file, JSON.stringify({ ...saved, definitionUsers: undefined }));
    await checkCustom();
  });

  it('refuses to start from a broken data file and leaves it alone', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"version": 1, "users": [');
    await expect(startQuickTenant({ http: true, dataFile: file })).rejects.toThrow(/not a tenant data file/);
    expect(readFileSync(file, 'utf8')).toBe('{"version": 1, "users": [');
    writeFileSync(file, JSON.stringify({ version: 2, users: [], sessions: [], refreshTokens: [] }));
    await expect(startQuickTenant({ http: true, dataFile: file })).rejects.toThrow(/version 1/);
  });
});

describe('rotateKeys', () => {
  it('starts with a previous and a current key; tokens use the current one', async () => {
    const tenant = await startQuickTenant({ http: true, rotateKeys: true });
    try {
      const { keys } = (await send(tenant, '/.well-known/jwks.json')).json() as { keys: Array<{ kid: string }> };
      expect(keys).toHaveLength(2);
      expect(keys[0]?.kid).not.toBe(keys[1]?.kid);
      const reply = await logIn(tenant, implicitParams(), new CookieJar(), ALICE_LOGIN);
      expect(decodeProtectedHeader(fragmentOf(reply.headers.location).get('id_token') ?? '').kid).toBe(keys[0]?.kid);
    } finally {
      await tenant.close();
    }
  });
});
