/**
 * Management end to end: current-user calls from the browser with a user's token (with our two
 * builds and with auth0-js 10.2.1 itself, `ref`), and listing user attribute profiles from Node with
 * a machine token (the example script, run as a user would).
 */
import { suiteTenantOptions } from './support/suite-tenant.js';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { startTenant, type RunningTenant } from './tenant/index.js';
import { newTestContext } from './support/browser.js';
import { useBrowserHarness, type BrowserHarness } from './support/harness.js';
import {
  ALICE,
  ALL_LIBS,
  BOB,
  appUrl,
  openApp,
  parseHash,
  signIn,
  startLogin,
  type AppConfig,
  type LibBuild,
} from './support/flow.js';

const CURRENT_USER_SCOPES =
  'openid profile email read:current_user update:current_user_metadata update:current_user_identities';

/** Signs `user` in on `page` with `lib` and returns the parsed authResult. */
async function signInAs(
  h: BrowserHarness,
  page: Page,
  lib: LibBuild,
  user: typeof ALICE,
  scope: string,
  audience?: string,
): Promise<{ page: Page; result: Record<string, any> }> {
  const config: AppConfig = {
    domain: h.tenant.domain,
    clientID: 'spa-client',
    redirectUri: appUrl(h.app.url, lib),
    responseType: 'token id_token',
  };
  await openApp(page, h.app.url, lib);
  await startLogin(page, config, { scope, ...(audience ? { audience } : {}) });
  await signIn(page, h.app.url, user);
  const { err, result } = await parseHash(page, config);
  expect(err).toBeNull();
  return { page, result: result as Record<string, any> };
}

/**
 * Calls `management[method](...args, cb)` in the page with a Management client for `token` and
 * returns `{ ok }` or the error's fields. The callback form, so the same call runs on auth0-js.
 */
function callManagement(page: Page, domain: string, token: string, method: string, ...args: unknown[]): Promise<any> {
  return page.evaluate(
    async ([domain, token, method, args]) => {
      const lib = await (window as any).libReady;
      const management = new lib.Management({ domain, token });
      return new Promise((resolve) =>
        management[method](...args, (e: any, ok: unknown) =>
          resolve(e ? { error: { statusCode: e.statusCode, code: e.code, description: e.description } } : { ok }),
        ),
      );
    },
    [domain, token, method, args] as const,
  );
}

describe.each(ALL_LIBS)('current user from the browser with the %s build', (lib) => {
  // A tenant per build: linking consumes bob as a separate user.
  const h = useBrowserHarness();

  it('reads, patches and links the signed-in user', async () => {
    const alice = await signInAs(h, h.page, lib, ALICE, CURRENT_USER_SCOPES, `${h.tenant.url}/api/v2/`);
    const call = (token: string, method: string, ...args: unknown[]) =>
      callManagement(alice.page, h.tenant.domain, token, method, ...args);
    const token = alice.result.accessToken as string;
    const sub = alice.result.idTokenPayload.sub as string;

    const user = await call(token, 'getUser', sub);
    expect(user.ok).toMatchObject({ user_id: sub, email: ALICE.email });
    if (lib !== 'ref') {
      // Ours only: without a callback the call returns a Promise (COMPATIBILITY A1); v10 throws.
      const viaPromise = await alice.page.evaluate(
        async ([domain, token, sub]) => new (await (window as any).libReady).Management({ domain, token }).getUser(sub),
        [h.tenant.domain, token, sub] as const,
      );
      expect(viaPromise).toEqual(user.ok);
    }

    await call(token, 'patchUserMetadata', sub, { theme: 'dark', lang: 'en' });
    const patched = await call(token, 'patchUserMetadata', sub, { theme: 'light' });
    expect(patched.ok.user_metadata).toEqual({ theme: 'light', lang: 'en' });
    expect((await call(token, 'getUser', sub)).ok.user_metadata).toEqual({ theme: 'light', lang: 'en' });

    const other = await call(token, 'getUser', 'auth0|bob');
    expect(other.error).toMatchObject({ statusCode: 403 });

    // A context of bob's own: in alice's, the tenant's session would sign her in again.
    const bobPage = await (await newTestContext(h.browser)).newPage();
    const bob = await signInAs(h, bobPage, lib, BOB, 'openid profile email');
    const identities = await call(token, 'linkUser', sub, bob.result.idToken);
    expect(identities.ok).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: 'bob' })]));

    // The secondary user is gone as a separate user: a machine token with read:users gets 404.
    const machine = await machineToken(h, bobPage, 'read:users');
    const gone = await call(machine, 'getUser', 'auth0|bob');
    expect(gone.error).toMatchObject({ statusCode: 404 });
  });
});

/** A client-credentials token for `mgmt-global`, fetched by our Authentication client on `page` (test setup only). */
async function machineToken(h: BrowserHarness, page: Page, scope: string): Promise<string> {
  await openApp(page, h.app.url, 'umd');
  return page.evaluate(
    async ([domain, scope]) => {
      const lib = await (window as any).libReady;
      const auth = new lib.Authentication({ domain, clientID: 'mgmt-global' });
      const result = await new Promise<any>((resolve, reject) =>
        auth.oauthToken(
          {
            grantType: 'client_credentials',
            clientSecret: 'mgmt-global-secret',
            audience: `https://${domain}/api/v2/`,
            scope,
          },
          (e: unknown, r: unknown) => (e ? reject(e) : resolve(r)),
        ),
      );
      return result.accessToken as string;
    },
    [h.tenant.domain, scope] as const,
  );
}

describe('user attribute profiles from Node', () => {
  let tenant: RunningTenant;
  let caDir: string;
  beforeAll(async () => {
    tenant = await startTenant({ ...(await suiteTenantOptions()), testEndpoints: true });
    caDir = mkdtempSync(join(tmpdir(), 'webauth-ca-'));
    writeFileSync(join(caDir, 'tenant.pem'), tenant.certPem!);
  });
  afterAll(async () => {
    await tenant?.close();
    if (caDir) rmSync(caDir, { recursive: true, force: true });
  });

  const list = async (pageSize: number) => {
    const { stdout } = await promisify(execFile)(process.execPath, ['examples/node-management/list-profiles.mjs'], {
      env: {
        ...process.env,
        TENANT_DOMAIN: tenant.domain,
        PAGE_SIZE: String(pageSize),
        NODE_EXTRA_CA_CERTS: join(caDir, 'tenant.pem'),
      },
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
