/**
 * Issue 32, the legacy chunk of the CDN main file, in Chromium:
 * - cross-origin login (`webAuth.login` off the hosted page) and sign-up-then-login load
 *   dist/webauth.legacy.min.js on first use, requested before their first request has answered
 *   (the server holds the answer until the chunk is asked for: the two travel together);
 * - a page that only builds URLs, parses a callback and uses `Management` (whose code stays in the
 *   main file: deferring its paging loop made the main file larger) loads no chunk;
 * - a missing chunk reaches the callback as `chunk_load_failed`, and the cross-origin login then
 *   stores no verifier and does not navigate.
 * The API is this file's own server (the tenant's flows are login.spec.ts and management.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newTestContext } from './support/browser.js';

const dist = resolve(import.meta.dirname, '..', 'dist');
const LEGACY = 'webauth.legacy.min.js';

interface Site {
  url: string;
  requests: string[];
  /** Chunk files answered 404. */
  missing: Set<string>;
  close(): Promise<void>;
}

/** Resolves when `file` has been asked for (one waiter per file and page load). */
const asked = new Map<string, () => void>();
const whenAsked = (file: string) => new Promise<void>((done) => asked.set(file, done));

const cors = (req: IncomingMessage) => ({
  'access-control-allow-origin': String(req.headers.origin ?? '*'),
  'access-control-allow-headers': 'content-type, auth0-client, authorization',
  'access-control-allow-methods': 'GET, POST, PATCH',
  'access-control-allow-credentials': 'true',
  'content-type': 'application/json',
});

async function startSite(): Promise<Site> {
  const site: Site = { url: '', requests: [], missing: new Set(), close: async () => {} };
  // An API answer waits for the chunk its answer needs: proof that both were under way at once.
  const held: Record<string, string> = {
    '/co/authenticate': LEGACY,
    '/dbconnections/signup': LEGACY,
  };
  const answers: Record<string, unknown> = {
    '/co/authenticate': { login_ticket: 'LT', co_verifier: 'VERIFIER', co_id: 'co1' },
    '/dbconnections/signup': { _id: 'u1', email: 'ana@example.com' },
    '/api/v2/user-attribute-profiles': { user_attribute_profiles: [{ id: 'p1' }, { id: 'p2' }] },
    '/api/v2/users/auth0%7C1': { user_id: 'auth0|1' },
  };
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    site.requests.push(`${req.method} ${path}`);
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors(req)).end();
    if (path in answers) {
      const chunk = held[path];
      if (chunk) await (site.requests.includes(`GET /cdn/${chunk}`) ? undefined : whenAsked(chunk));
      return void res.writeHead(200, cors(req)).end(JSON.stringify(answers[path]));
    }
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    if (path === '/authorize' && query.get('prompt') === 'none') {
      // renewAuth's hidden iframe: held like the requests above, then answered as a silent
      // callback page that posts its fragment to the parent.
      await (site.requests.includes(`GET /cdn/${LEGACY}`) ? undefined : whenAsked(LEGACY));
      const hash = `#error=login_required&error_description=Login+required&state=${query.get('state')}`;
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<script>parent.postMessage(${JSON.stringify(hash)}, location.origin)</script>`);
    }
    if (path === '/page' || path === '/authorize')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><meta charset="utf-8"><script src="/cdn/webauth.min.js"></script>`);
    const file = resolve(dist, `.${path.replace(/^\/cdn/, '')}`);
    const name = file.slice(dist.length + 1);
    asked.get(name)?.();
    if (!path.startsWith('/cdn/') || !file.startsWith(dist + sep) || site.missing.has(name))
      return void res.writeHead(404).end();
    try {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(dist, name)));
    } catch {
      res.writeHead(404).end();
    }
  };
  const server: Server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done())));
  return site;
}

let browser: Browser;
let site: Site;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchChromium(), startSite()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), site?.close()]);
});

/** A page with the CDN main file and `webAuth`, `management` made on it; requests recorded from here. */
async function openPage() {
  const context = await newTestContext(browser);
  const p = await context.newPage();
  const errors: string[] = [];
  p.on('pageerror', (e) => errors.push(e.message));
  await p.goto(`${site.url}/page`);
  await p.evaluate(() => {
    const w = window as any;
    const options = { domain: location.origin, clientID: 'spa-client', redirectUri: location.origin + '/cb' };
    w.webAuth = new w.auth0.WebAuth({ ...options, responseType: 'token' });
    w.management = new w.auth0.Management({ domain: location.origin, token: 'AT' });
  });
  site.requests.length = 0;
  return { p, errors, close: () => context.close() };
}

/** Runs `test` on a fresh page (openPage), closed afterwards whatever happens. */
async function onPage(test: (p: Page, errors: string[]) => Promise<void>) {
  const { p, errors, close } = await openPage();
  try {
    await test(p, errors);
  } finally {
    await close();
  }
}

const chunkRequests = () => site.requests.filter((r) => r.includes('/cdn/webauth.') && !r.endsWith('/webauth.min.js'));

/** Runs webAuth.login and resolves with its callback's error, or `navigated` when the page left for /authorize. */
const login = (p: Page) =>
  Promise.race([
    p.waitForURL(/\/authorize\?/).then(() => 'navigated'),
    p.evaluate(
      () =>
        new Promise((done) =>
          (window as any).webAuth.login({ realm: 'db', username: 'ana', password: 'pw' }, (err: any) =>
            done({ name: err.name, code: err.code, error: err.error }),
          ),
        ),
    ),
  ]).catch((err: Error) => {
    // The navigation ends the page's script: the race is then the navigation's.
    if (/context was destroyed/.test(err.message)) return p.waitForURL(/\/authorize\?/).then(() => 'navigated');
    throw err;
  });

describe('the legacy chunk of the CDN main file', () => {
  it('a page that does not use them never requests them', () =>
    onPage(async (p, errors) => {
      const result = await p.evaluate(async () => {
        const w = window as any;
        const url = w.webAuth.client.buildAuthorizeUrl({ state: 's', nonce: 'n' });
        const parsed = await new Promise((done) =>
          w.webAuth.parseHash({ hash: '' }, (e: unknown, r: unknown) => done([e, r])),
        );
        const user = await w.management.getUser('auth0|1');
        const profiles: string[] = [];
        for await (const profile of w.management.userAttributeProfiles({ take: 2 })) profiles.push(profile.id);
        // Argument errors still throw at once, without a load.
        const thrown = [
          () => w.webAuth.login({ realm: 'db', username: 'ana', password: 'pw' }, 'not a function'),
          () => w.management.userAttributeProfiles({ take: 0 }),
          () => w.webAuth.redirect.signupAndLogin({ connection: 'db' }, () => {}),
        ].map((f) => {
          try {
            f();
            return 'no throw';
          } catch (e: any) {
            return e.message;
          }
        });
        return { path: new URL(url).pathname, parsed, user, profiles, thrown };
      });
      expect(result).toEqual({
        path: '/authorize',
        parsed: [null, null],
        user: { user_id: 'auth0|1' },
        profiles: ['p1', 'p2'],
        thrown: [
          'cb parameter is not valid',
          'take option must be an integer of at least 1',
          'email option is required',
        ],
      });
      expect(site.requests).toContain('GET /api/v2/users/auth0%7C1');
      expect(chunkRequests()).toEqual([]);
      expect(errors).toEqual([]);
    }));

  it('cross-origin login loads the legacy chunk with /co/authenticate, then goes to /authorize', () =>
    onPage(async (p) => {
      expect(await login(p)).toBe('navigated');
      const url = new URL(p.url());
      expect(url.searchParams.get('login_ticket')).toBe('LT');
      // /co/authenticate was answered only once the chunk had been asked for: both were under way.
      expect(site.requests).toContain('POST /co/authenticate');
      expect(chunkRequests()).toEqual([`GET /cdn/${LEGACY}`]);
    }));

  it('sign-up then login loads the legacy chunk with the sign-up request', () =>
    onPage(async (p) => {
      const navigated = p.waitForURL(/\/authorize\?/);
      await p.evaluate(() =>
        (window as any).webAuth.redirect.signupAndLogin(
          { connection: 'db', email: 'ana@example.com', password: 'pw' },
          () => {},
        ),
      );
      await navigated;
      const signup = site.requests.indexOf('POST /dbconnections/signup');
      const chunk = site.requests.indexOf(`GET /cdn/${LEGACY}`);
      const coAuthenticate = site.requests.indexOf('POST /co/authenticate');
      expect(signup).toBeGreaterThanOrEqual(0);
      expect(chunk).toBeGreaterThanOrEqual(0);
      // The chunk was asked for before the sign-up answered (it was held until then).
      expect(chunk).toBeLessThan(coAuthenticate);
      expect(chunkRequests()).toEqual([`GET /cdn/${LEGACY}`]);
    }));

  it('renewAuth loads the legacy chunk with its iframe, which reads the answer', () =>
    onPage(async (p) => {
      const err = await p.evaluate(
        () =>
          new Promise((done) =>
            (window as any).webAuth.renewAuth({ usePostMessage: true, timeout: 20000 }, (e: any) => done(e?.error)),
          ),
      );
      expect(err).toBe('login_required');
      expect(site.requests.some((r) => r.startsWith('GET /authorize'))).toBe(true);
      expect(chunkRequests()).toEqual([`GET /cdn/${LEGACY}`]);
    }));

  it('a missing chunk reaches the callback as chunk_load_failed: no verifier kept, no navigation', async () => {
    site.missing.add(LEGACY);
    try {
      await onPage(async (p, errors) => {
        expect(await login(p)).toEqual({
          name: 'ChunkLoadError',
          code: 'chunk_load_failed',
          error: 'chunk_load_failed',
        });
        expect(site.requests).toContain('POST /co/authenticate');
        expect(new URL(p.url()).pathname).toBe('/page');
        expect(await p.evaluate(() => document.cookie + JSON.stringify({ ...localStorage }))).not.toContain('VERIFIER');
        expect(errors).toEqual([]);
      });
    } finally {
      site.missing.clear();
    }
  });
});
