/**
 * The tenant process killed (SIGTERM) and started again on the same port with the same `--data`
 * file in the middle of logins: real processes, real HTTP. Users, sessions and refresh tokens
 * survive; a login that was in flight (hosted page transaction, /co/authenticate ticket) is
 * memory-only by design and fails with the tenant's typed error, after which a fresh start works.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../testing/repo.js';
import { DB_CONNECTION, SPA_CLIENT_ID } from '../testing/fixtures.js';
import {
  APP_CALLBACK,
  CookieJar,
  authorizePath,
  codeFor,
  fragmentOf,
  hostedConfigOf,
  hostedLoginBody,
  implicitParams,
  json,
  logIn,
  postJson,
  send,
} from '../testing/test-client.js';

type Json = Record<string, unknown>;
const scratch = mkdtempSync(join(tmpdir(), 'tenant-restart-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `npm run tenant` as a real process; resolves once it prints its ready line. */
function startProcess(port: number, dataFile: string): Promise<{ url: string; stop(): Promise<number | null> }> {
  const cli = ['--import', 'tsx', join(repoRoot(), 'e2e', 'tenant', 'cli', 'cli.ts')];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cli, '--http', '--port', String(port), '--data', dataFile], {
      cwd: repoRoot(),
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    child.on('exit', (code) => reject(new Error(`tenant exited early with ${String(code)}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^Local tenant ready at (\S+)$/.exec(line);
      if (m?.[1]) resolve({ url: m[1], stop: () => (child.kill('SIGTERM'), exited) });
    });
  });
}

const USER = { email: 'restart@example.com', password: 'R3start-secret!' };
const LOGIN = { username: USER.email, password: USER.password };

describe('tenant restarted mid-flow with --data (real processes)', { timeout: 120_000 }, () => {
  it('keeps the user, the session and the refresh token; in-flight logins fail typed and restart cleanly', async () => {
    const port = await freePort();
    const data = join(scratch, 'state.json');
    let tenant = await startProcess(port, data);
    const jar = new CookieJar();
    let refreshToken: string;
    let hosted: Json;
    let ticket: string;
    const coJar = new CookieJar();
    try {
      expect(
        (
          await postJson(tenant, '/dbconnections/signup', {
            client_id: SPA_CLIENT_ID,
            connection: DB_CONNECTION,
            ...USER,
          })
        ).status,
      ).toBe(200);
      // A session (cookie) and a refresh token from a completed code flow.
      const { code, redirectUri } = await codeFor(tenant, { scope: 'openid offline_access' }, jar);
      const exchanged = await postJson(tenant, '/oauth/token', {
        grant_type: 'authorization_code',
        client_id: SPA_CLIENT_ID,
        code,
        redirect_uri: redirectUri,
      });
      refreshToken = String((exchanged.json() as Json)['refresh_token']);
      // Two logins left in flight: the hosted page shown, and a /co/authenticate ticket not yet redeemed.
      const page = await send(tenant, authorizePath(implicitParams()));
      expect(page.status).toBe(200);
      hosted = hostedLoginBody(hostedConfigOf(page.text), LOGIN);
      const co = await postJson(
        tenant,
        '/co/authenticate',
        {
          client_id: SPA_CLIENT_ID,
          ...LOGIN,
          realm: DB_CONNECTION,
          credential_type: 'http://auth0.com/oauth/grant-type/password-realm',
        },
        { origin: 'http://127.0.0.1:3000' },
      );
      expect(co.status).toBe(200);
      coJar.store(co);
      ticket = String((co.json() as Json)['login_ticket']);
    } finally {
      expect(await tenant.stop()).toBe(0);
    }

    tenant = await startProcess(port, data);
    try {
      // The in-flight hosted login: the tenant's typed 400, not a 5xx or a silent success.
      const late = await send(tenant, '/usernamepassword/login', {
        method: 'POST',
        headers: { ...json(hosted).headers, origin: tenant.url },
        body: JSON.stringify(hosted),
      });
      expect(late.status).toBe(400);
      expect(late.json()).toMatchObject({
        error: 'invalid_request',
        error_description: expect.stringMatching(/expired or is unknown/),
      });
      // The unredeemed ticket: an error back to the app's callback, no tokens.
      const redeemed = await send(tenant, authorizePath(implicitParams({ login_ticket: ticket })), {
        headers: coJar.header(),
      });
      expect(redeemed.status).toBe(302);
      expect(redeemed.headers.location).toMatch(new RegExp(`^${APP_CALLBACK}#`));
      expect(fragmentOf(redeemed.headers.location).get('error')).toBeTruthy();
      expect(fragmentOf(redeemed.headers.location).get('access_token')).toBeNull();
      // Starting again works: the signed-up user logs in, the old session is still there.
      const fresh = await logIn(tenant, implicitParams(), new CookieJar(), LOGIN);
      expect(fragmentOf(fresh.headers.location).get('access_token')).toBeTruthy();
      const silent = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })), { headers: jar.header() });
      expect(fragmentOf(silent.headers.location).get('id_token')).toBeTruthy();
      // The refresh token works exactly once (rotation), across the restart.
      const refresh = () =>
        postJson(tenant, '/oauth/token', {
          grant_type: 'refresh_token',
          client_id: SPA_CLIENT_ID,
          refresh_token: refreshToken,
        });
      const first = await refresh();
      expect(first.status).toBe(200);
      const again = await refresh();
      expect(again.status).toBe(400);
      expect(again.json()).toMatchObject({
        error: 'invalid_grant',
        error_description: expect.stringContaining('reuse'),
      });
      // Reuse revokes the family: the rotated token is dead too.
      const rotated = String((first.json() as Json)['refresh_token']);
      expect(
        (
          await postJson(tenant, '/oauth/token', {
            grant_type: 'refresh_token',
            client_id: SPA_CLIENT_ID,
            refresh_token: rotated,
          })
        ).status,
      ).toBe(400);
    } finally {
      expect(await tenant.stop()).toBe(0);
    }
  });
});
