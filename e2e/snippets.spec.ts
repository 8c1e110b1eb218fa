/**
 * Runs the README's and docs/'s code as a user would paste it, in Chromium against the local tenant (and the
 * CommonJS line in Node): each block marked `snippet: run (e2e/snippets.spec.ts: NAME)` has a test
 * named NAME here, and each test checks what the snippet is meant to do.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { newTestContext } from './support/browser.js';
import { ALICE, BOB, appUrl, openApp, parseHash, signIn, startLogin, type AppConfig } from './support/flow.js';
import { useBrowserHarness } from './support/harness.js';
import {
  forTenant,
  modulePage,
  readmeSnippets,
  startSnippetSite,
  type SnippetSite,
} from './support/readme-snippets.js';

const root = new URL('../', import.meta.url);
const CLIENT_ID = 'spa-client';
const snippets = readmeSnippets();
const h = useBrowserHarness();

/** The documentation's code block named `name`, for this run's tenant. */
const code = (name: string): string => forTenant(snippets.get(name)!, h.tenant.domain, CLIENT_ID);

let bundle: Buffer;
let cdnTag: string;
let site: SnippetSite;
beforeAll(async () => {
  bundle = await readFile(new URL('dist/webauth.min.js', root));
  cdnTag = snippets.get('cdn-tag')!.code.trim();
  site = await startSnippetSite(h.app.url);
});
afterAll(() => site.close());

let logs: string[];
let pageErrors: string[];
beforeEach(async () => {
  logs = [];
  pageErrors = [];
  // The CDN address never reaches the network: Chromium gets the built file and checks its integrity.
  await h.context.route('https://cdn.jsdelivr.net/**', (route) =>
    route.fulfill({
      body: bundle,
      headers: { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' },
    }),
  );
  watch(h.page);
});

/** Records the page's console lines (arguments as JSON) and uncaught errors. */
function watch(page: Page): void {
  page.on('console', (m) => {
    void Promise.all(m.args().map((a) => a.jsonValue().catch(() => '?'))).then((args) =>
      logs.push(
        `${m.type()}: ${args.length ? args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') : m.text()}`,
      ),
    );
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));
}

/** Makes the site's `/` and `/callback` answer the given HTML (every other path: the app server's). */
function serve(pages: Record<string, string>): void {
  site.pages = pages;
}

/** Clicks `selector`, signs alice in on the tenant's page and waits to be back on the app. */
async function logInWith(selector: string): Promise<void> {
  await Promise.all([h.page.waitForURL((url) => url.pathname === '/authorize'), h.page.click(selector)]);
  await signIn(h.page, site.url);
}

/** What the module snippet exposed once it ran to its end. */
async function scope(page: Page = h.page): Promise<Record<string, any>> {
  await expect
    .poll(() => page.evaluate(() => (window as any).snippetScope !== undefined), {
      timeout: 15_000,
      message: `the snippet did not run to its end: ${JSON.stringify({ pageErrors, logs })}`,
    })
    .toBe(true);
  expect(pageErrors).toEqual([]);
  return page.evaluate(() => JSON.parse(JSON.stringify((window as any).snippetScope)));
}

/** Signs `user` in through the test app and returns the parsed result. */
async function tokensOf(page: Page, user: typeof ALICE, options: Record<string, unknown>): Promise<any> {
  const config: AppConfig = {
    domain: h.tenant.domain,
    clientID: CLIENT_ID,
    redirectUri: appUrl(h.app.url, 'umd'),
    responseType: 'token id_token',
  };
  await openApp(page, h.app.url, 'umd');
  await startLogin(page, config, options);
  await signIn(page, h.app.url, user);
  const { err, result } = await parseHash(page, config);
  expect(err).toBeNull();
  return result;
}

/** A client-credentials token of the tenant's Management client, straight from /oauth/token. */
async function machineToken(scope: string): Promise<string> {
  const reply = await h.context.request.post(`${h.tenant.url}/oauth/token`, {
    form: {
      grant_type: 'client_credentials',
      client_id: 'mgmt-global',
      client_secret: 'mgmt-global-secret',
      audience: `${h.tenant.issuer}api/v2/`,
      scope,
    },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { access_token: string }).access_token;
}

/** A Management API GET with a token, outside the page (Playwright's request client). */
async function managementGet(path: string, token: string): Promise<any> {
  const reply = await h.context.request.get(`${h.tenant.url}/api/v2/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status()).toBe(200);
  return reply.json();
}

const inputs = (values: Record<string, string>) => `<script>window.snippetInputs = ${JSON.stringify(values)};</script>`;

describe('README snippets', () => {
  it('each runnable snippet has its test below', () => {
    expect([...snippets.keys()].sort()).toEqual([
      'cdn-tag',
      'debug',
      'hint',
      'management',
      'modular',
      'profiles',
      'quick-start-esm',
      'quick-start-umd',
      'require',
      'session-events',
    ]);
  });

  it('cdn-tag: the script tag loads the build under its integrity hash and defines auth0', async () => {
    serve({ '/': `<!doctype html><body>${cdnTag}</body>` });
    await h.page.goto(`${site.url}/`);
    const globals = await h.page.evaluate(() => {
      const lib = (window as any).auth0;
      return lib && [typeof lib.WebAuth, typeof lib.Authentication, typeof lib.Management];
    });
    expect(globals).toEqual(['function', 'function', 'function']);
  });

  it('require: the CommonJS line gives WebAuth from the package', async () => {
    const check = `${snippets.get('require')!.code}
console.log(require.resolve('webauth-js'), typeof WebAuth, typeof new WebAuth({ domain: 'a.example.com', clientID: 'c' }).parseHash);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', check], { cwd: fileURLToPath(root) });
    const [path, ...types] = stdout.trim().split(' ');
    expect(path).toMatch(/dist[\\/]webauth\.min\.cjs$/);
    expect(types).toEqual(['function', 'function']);
  });

  const umdPage = () => `<!doctype html><body>${cdnTag}${code('quick-start-umd')}</body>`;

  it('quick-start-umd: logs alice in by redirect and prints her verified email on the callback page', async () => {
    serve({ '/': umdPage(), '/callback': umdPage() });
    await h.page.goto(`${site.url}/`);
    await logInWith('#login');
    expect(new URL(h.page.url()).pathname).toBe('/callback');
    await expect
      .poll(() => logs, { timeout: 15_000, message: h.page.url() + JSON.stringify(logs) })
      .toContain(`log: Signed in as ${ALICE.email}`);
    expect(logs.filter((l) => l.startsWith('error:'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('quick-start-esm: parseHash as a Promise returns the verified result', async () => {
    serve({ '/': umdPage(), '/callback': modulePage(code('quick-start-esm'), ['authResult']) });
    await h.page.goto(`${site.url}/`);
    await logInWith('#login');
    const { authResult } = await scope();
    expect(authResult.idTokenPayload).toMatchObject({ email: ALICE.email, iss: h.tenant.issuer, aud: CLIENT_ID });
    expect(authResult.accessToken).toEqual(expect.any(String));
  });

  it('modular: authorize from the login button, parseHash on return, fragment removed', async () => {
    serve({ '/': modulePage(code('modular'), ['authResult'], '<button id="loginButton">Log in</button>') });
    await h.page.goto(`${site.url}/`);
    expect((await scope()).authResult).toBeNull();
    await logInWith('#loginButton');
    await expect
      .poll(() => h.page.evaluate(() => (window as any).snippetScope?.authResult?.idTokenPayload?.email), {
        timeout: 15_000,
      })
      .toBe(ALICE.email);
    expect(new URL(h.page.url()).hash).toBe('');
    expect(pageErrors).toEqual([]);
  });

  it('session-events: the listener hears a logout in another tab of the app', async () => {
    const page = modulePage(code('session-events'), ['webAuth', 'stopListening']);
    serve({ '/': page });
    await h.page.goto(`${site.url}/`);
    await scope(); // the snippet awaited onSessionEvent: this page listens
    expect(await h.page.evaluate(() => typeof (window as any).snippetScope.stopListening)).toBe('function');
    const other = await h.context.newPage();
    await other.goto(`${site.url}/`);
    await other.waitForFunction(() => (window as any).snippetScope !== undefined);
    // The other tab leaves for the tenant's logout page, having told this one.
    await Promise.all([
      other.waitForURL((url) => url.pathname === '/v2/logout'),
      other.evaluate(() => (window as any).snippetScope.webAuth.logout()),
    ]);
    await expect.poll(() => logs, { timeout: 15_000 }).toContain('log: Signed out in another tab');
    expect(pageErrors).toEqual([]);
    await other.close();
  });

  it('debug and hint: traces every decision without a secret, and login_required carries the hint', async () => {
    const page = modulePage(`${code('debug')}\n${code('hint')}`, ['webAuth']);
    serve({ '/': page, '/callback': page });
    await h.page.goto(`${site.url}/`);
    await scope();
    // No session yet: the hint snippet's checkSession fails with login_required and says why.
    await expect
      .poll(() => logs.filter((l) => l.startsWith('warning:')), { timeout: 15_000 })
      .toEqual([
        'warning: login_required third-party cookies may be blocked: serve the tenant from a custom domain of this site',
      ]);
    expect(logs.some((l) => /^debug: \[webauth\] webMessage /.test(l))).toBe(true);

    await Promise.all([
      h.page.waitForURL((url) => url.pathname === '/authorize'),
      h.page.evaluate(() => (window as any).snippetScope.webAuth.authorize()),
    ]);
    expect(logs.some((l) => /^debug: \[webauth\] authorize /.test(l))).toBe(true);
    await signIn(h.page, site.url);
    const response = new URLSearchParams(new URL(h.page.url()).hash.slice(1));
    await scope();
    const result = await h.page.evaluate(
      () =>
        new Promise((resolve) =>
          (window as any).snippetScope.webAuth.parseHash((err: any, r: any) =>
            resolve(err ? err.error : r.idTokenPayload.email),
          ),
        ),
    );
    expect(result).toBe(ALICE.email);
    // Console events reach the test after the evaluation's result: with the key set already loaded,
    // parseHash answers before its trace has arrived.
    await expect.poll(() => logs.some((l) => /^debug: \[webauth\] parseHash /.test(l))).toBe(true);
    const secrets = ['access_token', 'id_token', 'state'].map((k) => response.get(k));
    expect(secrets.every((s) => s && s.length > 8)).toBe(true);
    for (const line of logs) for (const secret of secrets) expect(line).not.toContain(secret);
  });

  it('management: reads alice, merges user_metadata and links bob', async () => {
    const alice = await tokensOf(h.page, ALICE, {
      scope: 'openid profile email read:current_user update:current_user_metadata update:current_user_identities',
      audience: `${h.tenant.url}/api/v2/`,
    });
    const bob = await tokensOf(await (await newTestContext(h.browser)).newPage(), BOB, { scope: 'openid' });
    const userId = alice.idTokenPayload.sub as string;
    const prelude = 'const { accessToken, userId, secondaryIdToken } = window.snippetInputs;\n';
    serve({
      '/': `${inputs({ accessToken: alice.accessToken, userId, secondaryIdToken: bob.idToken })}${modulePage(
        prelude + code('management'),
        ['user'],
      )}`,
    });
    await h.page.goto(`${site.url}/`);
    const { user } = await scope();
    expect(user).toMatchObject({ user_id: userId, email: ALICE.email });

    const stored = await managementGet(`users/${encodeURIComponent(userId)}`, await machineToken('read:users'));
    expect(stored.user_metadata).toMatchObject({ theme: 'dark' });
    expect(stored.identities).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: 'bob' })]));
  });

  it('profiles: one page of ten, then every profile through the iterator', async () => {
    const token = await machineToken('read:user_attribute_profiles');
    const prelude = `import { Management } from 'webauth-js';
const management = new Management({ domain: window.snippetInputs.domain, token: window.snippetInputs.token });\n`;
    serve({
      '/': `${inputs({ domain: h.tenant.domain, token })}${modulePage(prelude + code('profiles'), ['page'])}`,
    });
    await h.page.goto(`${site.url}/`);
    const { page } = await scope();

    const all: string[] = [];
    for (let from: string | undefined, guard = 0; guard < 50; guard++) {
      const list = await managementGet(`user-attribute-profiles?take=7${from ? `&from=${from}` : ''}`, token);
      all.push(...list.user_attribute_profiles.map((p: { name: string }) => p.name));
      if (!(from = list.next)) break;
    }
    expect(all.length).toBeGreaterThan(0);
    expect(page.user_attribute_profiles.map((p: { name: string }) => p.name)).toEqual(all.slice(0, 10));
    await expect.poll(() => logs.filter((l) => l.startsWith('log:'))).toEqual(all.map((name) => `log: ${name}`));
  });
});
