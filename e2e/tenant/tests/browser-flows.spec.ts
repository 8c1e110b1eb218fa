/**
 * Tenant flows that need a real browser beyond the hosted page: cross-origin (embedded) login with
 * and without its cookie, and the web_message response in a hidden iframe. Chromium contexts block
 * third-party cookies, so an app on https://localhost (same site as the tenant) gets the cookie
 * paths and an app on http://127.0.0.1 (another site) gets the fallbacks; the blockThirdPartyCookies
 * switch is checked against the Fetch Metadata Chromium really sends. The app side runs
 * auth0-js 10.2.1 (same protocol as webauth-js) from a small server started here.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { launchChromium, newTestContext } from '../../support/browser.js';
import { createSelfSignedCert } from '../server/cert.js';
import { ALICE, CROSS_ORIGIN_VERIFICATION_PATH } from '../testing/fixtures.js';
import { repoRoot } from '../testing/repo.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';

const LIBRARY = readFileSync(join(repoRoot(), 'node_modules', 'auth0-js', 'dist', 'auth0.min.js'));

function appHandler(tenantDomain: () => string) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '').split(/[?#]/)[0];
    const html = (body: string): void => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><meta charset="utf-8"><script src="/lib.js"></script>${body}`);
    };
    if (path === '/lib.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(LIBRARY);
    } else if (path === '/app.html') {
      html('<p>app</p>');
    } else if (path === CROSS_ORIGIN_VERIFICATION_PATH) {
      html(
        `<script>new auth0.WebAuth({ domain: ${JSON.stringify(tenantDomain())}, clientID: 'spa-client' }).crossOriginVerification();</script>`,
      );
    } else {
      res.writeHead(404);
      res.end();
    }
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

let tenant: RunningTenant;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const servers: Server[] = [];
/** https://localhost:<port>: the same site as the tenant. */
let sameSite: string;
/** http://127.0.0.1:<port>: another site. */
let crossSite: string;

beforeAll(async () => {
  [tenant, browser] = await Promise.all([startQuickTenant({ testEndpoints: true }), launchChromium()]);
  const cert = await createSelfSignedCert();
  const https = createHttpsServer(
    { key: cert.keyPem, cert: cert.certPem },
    appHandler(() => tenant.domain),
  );
  const http = createHttpServer(appHandler(() => tenant.domain));
  servers.push(https, http);
  sameSite = `https://localhost:${await listen(https)}`;
  crossSite = `http://127.0.0.1:${await listen(http)}`;
});
afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all([browser?.close(), tenant?.close(), ...servers.map((s) => new Promise((r) => s.close(r)))]);
});
beforeEach(async () => {
  await context?.close();
  context = await newTestContext(browser);
  page = await context.newPage();
});

/** Embedded login with the library on the app page; resolves once back on the app with a hash. */
async function embeddedLogin(appOrigin: string): Promise<URLSearchParams> {
  await page.goto(`${appOrigin}/app.html`);
  await Promise.all([
    page.waitForURL((url) => url.origin === appOrigin && url.hash.length > 1, { timeout: 20_000 }),
    page.evaluate(
      ([domain, redirectUri, user]) => {
        new (window as any).auth0.WebAuth({
          domain,
          clientID: 'spa-client',
          redirectUri,
          responseType: 'id_token',
        }).login(
          { realm: 'Username-Password-Authentication', username: user.email, password: user.password },
          () => undefined,
        );
      },
      [tenant.domain, `${appOrigin}/app.html`, ALICE] as const,
    ),
  ]);
  return new URLSearchParams(new URL(page.url()).hash.slice(1));
}

function silentResponse(appOrigin: string): Promise<Record<string, string>> {
  const src = `${tenant.url}/authorize?${new URLSearchParams({ client_id: 'spa-client', response_type: 'id_token', redirect_uri: `${appOrigin}/app.html`, nonce: 'n2', state: 's2', prompt: 'none', response_mode: 'web_message' })}`;
  return page.evaluate(
    ([frameSrc, origin]) =>
      new Promise<Record<string, string>>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.origin === origin && event.data && event.data.type === 'authorization_response')
            resolve(event.data.response);
        });
        const frame = document.createElement('iframe');
        frame.style.display = 'none';
        frame.src = frameSrc;
        document.body.append(frame);
      }),
    [src, tenant.url] as const,
  );
}

describe('in Chromium', () => {
  it('same site: the /co/authenticate cookie lets /authorize redeem the ticket, and web_message sees the session', async () => {
    const seen = tenant.requests.length;
    const fragment = await embeddedLogin(sameSite);
    expect(fragment.get('id_token')).toBeTruthy();
    expect(tenant.requests.slice(seen).map((r) => r.path)).not.toContain('/co/verify');
    const response = await silentResponse(sameSite);
    expect(response['state']).toBe('s2');
    expect(response['id_token']).toBeTruthy();
  });

  it('another site (third-party cookies blocked): /co/verify asks the app page, and fails closed', async () => {
    const seen = tenant.requests.length;
    const started = Date.now();
    const fragment = await embeddedLogin(crossSite);
    const requests = tenant.requests.slice(seen);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /co/verify', 'POST /co/verify']),
    );
    // The verification page answered (well before the page's 10 s timeout), but in a third-party
    // iframe Chromium partitions its storage, so it cannot read the verifier the app stored: the
    // tenant refuses the ticket through the response instead of signing anyone in.
    expect(Date.now() - started).toBeLessThan(8000);
    expect(requests.find((r) => r.method === 'POST' && r.path === '/co/verify')?.body).toMatchObject({
      co_verifier: '',
    });
    expect(Object.fromEntries(fragment)).toMatchObject({
      error: 'access_denied',
      error_description: expect.stringContaining('verifier does not match'),
    });
    // The session cookie does not reach a cross-site iframe either: silent auth reports it.
    const response = await silentResponse(crossSite);
    expect(response).toMatchObject({ error: 'login_required', state: 's2' });
  });

  it('blockThirdPartyCookies: Chromium marks the hidden iframe cross-site (refused), a same-site one is spared', async () => {
    await embeddedLogin(sameSite);
    tenant.setSwitches({ blockThirdPartyCookies: true });
    try {
      const seen = tenant.requests.length;
      expect(await silentResponse(sameSite)).toMatchObject({ id_token: expect.any(String), state: 's2' });
      await page.goto(`${crossSite}/app.html`);
      expect(await silentResponse(crossSite)).toMatchObject({ error: 'login_required', state: 's2' });
      const frames = tenant.requests.slice(seen).filter((r) => r.path === '/authorize');
      // The Fetch Metadata the switch reads, as Chromium sends it for each frame.
      expect(frames.map((r) => [r.headers['sec-fetch-site'], r.headers['sec-fetch-dest']])).toEqual([
        ['same-site', 'iframe'],
        ['cross-site', 'iframe'],
      ]);
    } finally {
      tenant.setSwitches({ blockThirdPartyCookies: false });
    }
  });
});
