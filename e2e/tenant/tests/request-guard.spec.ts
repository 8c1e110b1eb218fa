/**
 * The test endpoints against web pages in Chromium (issue 53, finding 1): a page of another origin
 * the developer visits while the tenant runs reads nothing of them and changes nothing, and a page
 * whose own DNS name points at 127.0.0.1 (DNS rebinding) gets 403 on every route.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { launchChromium, newTestContext } from '../../support/browser.js';
import type { RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';

let tenant: RunningTenant;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let site: Server;
/** http://attacker.test:<port>: another origin and site than the tenant (Chromium maps *.test to loopback). */
let attacker: string;

beforeAll(async () => {
  site = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another site</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  attacker = `http://attacker.test:${(site.address() as AddressInfo).port}`;
  [tenant, browser] = await Promise.all([startQuickTenant({ http: true, testEndpoints: true }), launchChromium()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), tenant?.close(), new Promise((resolve) => site?.close(resolve))]);
});
beforeEach(async () => {
  await context?.close();
  context = await newTestContext(browser);
  page = await context.newPage();
});

describe('the test endpoints and a web page', () => {
  it('a page on another origin reads nothing and changes nothing', async () => {
    await page.goto(`${tenant.url}/.well-known/jwks.json`);
    await page.goto(`${attacker}/`);
    const attempts = await page.evaluate(async (base) => {
      const read = async (path: string, init?: RequestInit): Promise<string> => {
        try {
          const reply = await fetch(base + path, init);
          return `${reply.status} ${await reply.text()}`;
        } catch {
          return 'unreadable';
        }
      };
      const json = { 'content-type': 'application/json' };
      return {
        requests: await read('/__admin/requests'),
        outbox: await read('/__admin/outbox'),
        session: await read('/__admin/sessions', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: 'alice@example.com' }),
        }),
        guessedToken: await read('/__admin/requests', { headers: { 'X-Tenant-Admin-Token': 'guess' } }),
        // A request whose answer the page cannot read still reaches the server.
        reset: (await fetch(`${base}/__admin/reset`, { method: 'POST', mode: 'no-cors' })).type,
      };
    }, tenant.url);
    expect(attempts).toEqual({
      requests: 'unreadable',
      outbox: 'unreadable',
      session: 'unreadable',
      guessedToken: 'unreadable',
      reset: 'opaque',
    });
    // Not reset: the log still holds the request before the page's.
    expect(tenant.requests.map((r) => r.path)).toContain('/.well-known/jwks.json');
    expect(JSON.parse(tenant.durableSnapshot())).toMatchObject({ sessions: [] });
  });

  it('a name rebound to 127.0.0.1 gets 403 on every route; the tenant’s own name works', async () => {
    const rebound = `http://rebound.test:${tenant.port}`;
    for (const path of ['/.well-known/openid-configuration', '/__admin/requests', '/authorize']) {
      const reply = await page.goto(`${rebound}${path}`);
      expect(reply?.status(), path).toBe(403);
      expect(await reply?.json()).toMatchObject({ error: 'access_denied' });
    }
    expect((await page.goto(`${tenant.url}/.well-known/openid-configuration`))?.status()).toBe(200);
  });
});
