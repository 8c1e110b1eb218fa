/**
 * Management end to end: current-user calls from the browser with a user's token, and listing user
 * attribute profiles from Node with a machine token (the example script, run as a user would).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { startTenant, type RunningTenant } from './tenant/server.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newTestContext } from './support/browser.js';
import { ALICE, BOB, appUrl, openApp, parseHash, signIn, startLogin, type AppConfig } from './support/flow.js';

let tenant: RunningTenant;
let app: AppServer;
let browser: Browser;
let caDir: string;

beforeAll(async () => {
  [tenant, app, browser] = await Promise.all([startTenant({ testEndpoints: true }), startAppServer(), launchChromium()]);
  caDir = mkdtempSync(join(tmpdir(), 'webauth-ca-'));
  writeFileSync(join(caDir, 'tenant.pem'), tenant.certPem!);
});
afterAll(async () => {
  await Promise.all([browser?.close(), tenant?.close(), app?.close()]);
  rmSync(caDir, { recursive: true, force: true });
});

const CURRENT_USER_SCOPES = 'openid profile email read:current_user update:current_user_metadata update:current_user_identities';

/** Signs `user` in on a fresh page and returns the parsed authResult. */
async function signInAs(user: typeof ALICE, scope: string, audience?: string): Promise<{ page: Page; result: Record<string, any>; config: AppConfig }> {
  const page = await (await newTestContext(browser)).newPage();
  const config: AppConfig = { domain: tenant.domain, clientID: 'spa-client', redirectUri: appUrl(app.url, 'umd'), responseType: 'token id_token' };
  await openApp(page, app.url, 'umd');
  await startLogin(page, config, { scope, ...(audience ? { audience } : {}) });
  await signIn(page, app.url, user);
  const { err, result } = await parseHash(page, config);
  expect(err).toBeNull();
  return { page, result: result as Record<string, any>, config };
}

/** Runs `body` in the page with a Management client for `token`; returns its result or error fields. */
function withManagement(page: Page, token: string, body: string, arg: unknown = null): Promise<any> {
  return page.evaluate(
    async ([domain, token, body, arg]) => {
      const lib = await (window as any).libReady;
      const management = new lib.Management({ domain, token });
      try {
        return { ok: await new Function('management', 'arg', `return (async () => { ${body} })();`)(management, arg) };
      } catch (e: any) {
        return { error: { statusCode: e.statusCode, code: e.code, description: e.description } };
      }
    },
    [tenant.domain, token, body, arg] as const,
  );
}

describe('current user from the browser', () => {
  it('reads, patches and links the signed-in user', async () => {
    const alice = await signInAs(ALICE, CURRENT_USER_SCOPES, `${tenant.url}/api/v2/`);
    const token = alice.result.accessToken as string;
    const sub = alice.result.idTokenPayload.sub as string;

    const user = await withManagement(alice.page, token, 'return management.getUser(arg);', sub);
    expect(user.ok).toMatchObject({ user_id: sub, email: ALICE.email });

    await withManagement(alice.page, token, "return management.patchUserMetadata(arg, { theme: 'dark', lang: 'en' });", sub);
    const patched = await withManagement(alice.page, token, "return management.patchUserMetadata(arg, { theme: 'light' });", sub);
    expect(patched.ok.user_metadata).toEqual({ theme: 'light', lang: 'en' });
    expect((await withManagement(alice.page, token, 'return management.getUser(arg);', sub)).ok.user_metadata).toEqual({ theme: 'light', lang: 'en' });

    const other = await withManagement(alice.page, token, "return management.getUser('auth0|bob');");
    expect(other.error).toMatchObject({ statusCode: 403 });

    const bob = await signInAs(BOB, 'openid profile email');
    const identities = await withManagement(alice.page, token, 'return management.linkUser(arg[0], arg[1]);', [sub, bob.result.idToken]);
    expect(identities.ok).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: 'bob' })]));

    // The secondary user is gone as a separate user: a machine token with read:users gets 404.
    const machine = await machineToken('read:users');
    const gone = await withManagement(alice.page, machine, "return management.getUser('auth0|bob');");
    expect(gone.error).toMatchObject({ statusCode: 404 });
  });
});

/** A client-credentials token for `mgmt-global`, fetched by our Authentication client in the page. */
async function machineToken(scope: string): Promise<string> {
  const page = await (await newTestContext(browser)).newPage();
  await openApp(page, app.url, 'umd');
  return page.evaluate(
    async ([domain, scope]) => {
      const lib = await (window as any).libReady;
      const auth = new lib.Authentication({ domain, clientID: 'mgmt-global' });
      const result = await new Promise<any>((resolve, reject) =>
        auth.oauthToken({ grantType: 'client_credentials', clientSecret: 'mgmt-global-secret', audience: `https://${domain}/api/v2/`, scope }, (e: unknown, r: unknown) => (e ? reject(e) : resolve(r))),
      );
      return result.accessToken as string;
    },
    [tenant.domain, scope] as const,
  );
}

describe('user attribute profiles from Node', () => {
  const list = async (pageSize: number) => {
    const { stdout } = await promisify(execFile)(process.execPath, ['examples/node-management/list-profiles.mjs'], {
      env: { ...process.env, TENANT_DOMAIN: tenant.domain, PAGE_SIZE: String(pageSize), NODE_EXTRA_CA_CERTS: join(caDir, 'tenant.pem') },
      timeout: 60_000,
    });
    return stdout.trim().split('\n');
  };

  it('lists every profile through the iterator, the same for every page size', async () => {
    const byOne = await list(1);
    expect(byOne.at(-1)).toMatch(/^\d+ profiles$/);
    const count = Number(byOne.at(-1)!.split(' ')[0]);
    expect(count).toBeGreaterThanOrEqual(12);
    expect(byOne.some((line) => line.endsWith('\t64 attributes'))).toBe(true);
    expect(await list(5)).toEqual(byOne);
    expect(await list(100)).toEqual(byOne);
  });
});
