/**
 * The built library under a strict Content-Security-Policy in Chromium: no 'unsafe-eval', no
 * 'unsafe-inline' (the ESM page's import map is allowed by its hash only), connections and frames
 * only to the page itself and the tenant. Both builds run buildAuthorizeUrl, a redirect login with
 * a verified parseHash, and checkSession, with no policy violation and no console error.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import { ALICE } from './support/flow.js';

const h = useBrowserHarness({ testEndpoints: true, http: true, host: '127.0.0.1' });

const pageHtml = readFileSync(new URL('./pages/csp.html', import.meta.url), 'utf8');
const importMap = /<script type="importmap">([^<]*)<\/script>/.exec(pageHtml)![1]!;
const importMapHash = `'sha256-${createHash('sha256').update(importMap).digest('base64')}'`;

const policy = (tenant: string) =>
  `default-src 'self'; script-src 'self' ${importMapHash}; connect-src 'self' ${tenant}; frame-src ${tenant}; object-src 'none'; base-uri 'none'`;

/** A proxy in front of the app server that adds the policy to every response. */
let proxy: Server;
let origin: string;
beforeAll(async () => {
  proxy = createServer((req, res) => {
    const upstream = request(
      new URL(req.url ?? '/', h.app.url),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-security-policy': policy(h.tenant.url) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => (proxy.closeAllConnections(), proxy.close(() => done()))));

let consoleErrors: string[];
beforeEach(() => {
  consoleErrors = [];
  h.page.on('console', (message) => {
    // The browser's own favicon request (404 here) is not the library's doing.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      consoleErrors.push(`${message.location().url}: ${message.text()}`);
  });
  h.page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
});

describe.each(['umd', 'esm'] as const)('the %s build under a strict CSP', (lib) => {
  const pageUrl = () => `${origin}/pages/csp.html?lib=${lib}`;
  const config = () => ({
    domain: h.tenant.url,
    clientID: 'spa-client',
    redirectUri: pageUrl(),
    responseType: 'token id_token',
    overrides: { __token_issuer: h.tenant.issuer },
  });
  const app = () => h.page.evaluate(() => (window as any).cspApp.ready);
  const violations = () => h.page.evaluate(() => (window as any).cspViolations);

  it('loads with the policy in force and builds an authorize URL', async () => {
    const response = await h.page.goto(pageUrl());
    expect(response!.headers()['content-security-policy']).toBe(policy(h.tenant.url));
    expect(await app()).toBe(lib);
    const url = await h.page.evaluate(
      ([cfg]) => (window as any).cspApp.buildAuthorizeUrl(cfg, { state: 's', nonce: 'n' }),
      [config()] as const,
    );
    expect(new URL(url).origin + new URL(url).pathname).toBe(`${h.tenant.url}/authorize`);
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
    // The policy is really enforced (so the checks above can fail): an inline script is refused.
    const ran = await h.page.evaluate(async () => {
      const refused = new Promise((resolve) => document.addEventListener('securitypolicyviolation', resolve));
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.appendChild(script);
      // An inline script that is allowed runs as it is inserted; one that is refused reports it.
      if ((window as any).inlineRan !== true) await refused;
      return (window as any).inlineRan === true;
    });
    expect(ran).toBe(false);
    expect(await violations()).toMatchObject([{ directive: 'script-src-elem' }]);
    expect(consoleErrors.some((e) => e.includes('Content Security Policy'))).toBe(true);
  });

  it('signs in with a redirect, verifies the response in parseHash, then checkSession succeeds', async () => {
    await h.page.goto(pageUrl());
    await app();
    await Promise.all([
      h.page.waitForURL((url) => url.pathname === '/authorize'),
      h.page.evaluate(([cfg]) => (window as any).cspApp.authorize(cfg, {}), [config()] as const),
    ]);
    await h.page.fill('#username', ALICE.email);
    await h.page.fill('#password', ALICE.password);
    await Promise.all([h.page.waitForURL((url) => url.origin === origin), h.page.click('#submit')]);
    await app();
    const parsed = await h.page.evaluate(([cfg]) => (window as any).cspApp.parseHash(cfg), [config()] as const);
    expect(parsed.err).toBeNull();
    expect(parsed.result.idTokenPayload).toMatchObject({ iss: h.tenant.issuer, aud: 'spa-client', email: ALICE.email });
    const silent = await h.page.evaluate(
      ([cfg]) => (window as any).cspApp.checkSession(cfg, { scope: 'openid email' }),
      [config()] as const,
    );
    expect(silent.err).toBeNull();
    expect(silent.result.idTokenPayload).toMatchObject({ email: ALICE.email });
    expect(await violations()).toEqual([]);
    expect(
      consoleErrors.filter(
        (e) => e.startsWith(origin) || e.startsWith('pageerror') || e.includes('Content Security Policy'),
      ),
    ).toEqual([]);
  });
});
