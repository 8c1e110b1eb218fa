/**
 * The popup chunk (issue 32) with the CDN main file, in Chromium with its popup blocker on (Playwright
 * turns it off by default; this file keeps Chromium's own default):
 * - a popup login from a click opens its window in the task of the call, before the popup chunk
 *   has arrived (its answer is held until the window exists), and logs in through the chunk on
 *   both sides (the opener's watch, the callback page's `popup.callback`);
 * - a callback page whose chunk arrives before the opener's: its one 'ready' is kept for the
 *   opener's chunk, which answers it;
 * - a popup chunk that is missing: the callback gets `chunk_load_failed`, the window is closed;
 * - passwordless stays in the main file (its request handle is returned with its body at once): a
 *   passwordless start sends its request and loads no chunk;
 * - a page that uses neither never requests the popup chunk.
 * This file's own server plays the tenant (`/authorize` redirects back with a token).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath, newTestContext } from './support/browser.js';

const dist = resolve(import.meta.dirname, '..', 'dist');
const CHUNK = 'webauth.popup-flow.min.js';
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.map': 'application/json' };

interface Site {
  url: string;
  requests: string[];
  /** The page (`opener`, `callback`) each popup chunk request came from, by its Referer. */
  chunkFrom: string[];
  /** Held until released: the popup chunk's answer. */
  hold: Promise<void> | null;
  /** Held until released: the body of the opener's popup chunk (its headers, `no-store`, go at once). */
  holdOpenerBody: Promise<void> | null;
  /** The popup chunk answers 404. */
  missing: boolean;
  /** `/authorize` answers a page that stays (no redirect back). */
  stay: boolean;
}
let site: Site;
let server: Server;
let browser: Browser;

const cors = (req: IncomingMessage) => ({
  'access-control-allow-origin': String(req.headers.origin ?? '*'),
  'access-control-allow-headers': 'content-type, auth0-client',
  'access-control-allow-credentials': 'true',
});

const setup = `<script src="/cdn/webauth.min.js"></script>
<script>window.webAuth = new auth0.WebAuth({ domain: location.origin, clientID: 'spa-client', redirectUri: location.origin + '/page/callback', responseType: 'token' });</script>`;
const PAGES: Record<string, string> = {
  // The click handler records whether window.open ran inside the popup.authorize call.
  opener: `<button id="login">Log in</button>${setup}
<script>
window.messages = [];
addEventListener('message', (e) => messages.push(e.data));
// Without a user gesture (a page's own script as it loads), the popup blocker refuses.
window.blockedWithoutGesture = window.open('about:blank') === null;
document.getElementById('login').onclick = () => {
  const open = window.open;
  let inCall = true;
  window.open = function (...args) { window.openedInCall = inCall; window.open = open; return open.apply(this, args); };
  window.outcome = new Promise((done) => webAuth.popup.authorize({}, (err, result) =>
    done({ err: err && { name: err.name, code: err.code, error: err.error, isError: err instanceof Error }, token: result ? result.accessToken : null })));
  inCall = false;
};
</script>`,
  callback: `${setup}<script>webAuth.popup.callback();</script>`,
  plain: setup,
};

async function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  site.requests.push(`${req.method} ${path}`);
  if (req.method === 'OPTIONS') return void res.writeHead(204, cors(req)).end();
  if (path === '/authorize') {
    if (site.stay) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>signing in</p>');
    const state = url.searchParams.get('state') ?? '';
    const hash = `access_token=AT-popup&token_type=Bearer&expires_in=3600&state=${encodeURIComponent(state)}`;
    return void res.writeHead(302, { location: `${url.searchParams.get('redirect_uri')}#${hash}` }).end();
  }
  if (path === '/passwordless/start') {
    return void res.writeHead(200, { ...cors(req), 'content-type': 'application/json' }).end('{"_id":"x"}');
  }
  if (path.startsWith('/page/')) {
    return void res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>${PAGES[path.slice(6)]}`);
  }
  const file = resolve(dist, `.${path.slice('/cdn'.length)}`);
  if (!path.startsWith('/cdn/') || !file.startsWith(dist + sep)) return void res.writeHead(404).end();
  if (path.endsWith(`/${CHUNK}`)) {
    site.chunkFrom.push(new URL(req.headers.referer ?? 'http://x/').pathname.replace('/page/', ''));
    if (site.missing) return void res.writeHead(404).end();
    await site.hold;
  }
  const body = readFileSync(join(file));
  const type = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
  if (site.holdOpenerBody && path.endsWith(`/${CHUNK}`) && String(req.headers.referer).endsWith('/page/opener')) {
    res.writeHead(200, { ...type, 'cache-control': 'no-store' }).flushHeaders();
    await site.holdOpenerBody;
    return void res.end(body);
  }
  res.writeHead(200, type).end(body);
}

beforeAll(async () => {
  site = { url: '', requests: [], chunkFrom: [], hold: null, holdOpenerBody: null, missing: false, stay: false };
  server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Chromium's own default: popups need a user gesture.
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  });
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done())));
});

async function openPage(name: string) {
  const context = await newTestContext(browser);
  const p = await context.newPage();
  const problems: string[] = [];
  p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  site.requests.length = 0;
  site.chunkFrom.length = 0;
  await p.goto(`${site.url}/page/${name}`);
  return { p, context, problems };
}
const chunkRequests = () => site.requests.filter((r) => r.includes(CHUNK));
const outcome = (p: Page) => p.evaluate(() => (window as any).outcome);

describe('popup login with the CDN main file', () => {
  it('opens the window in the task of the call, before the popup chunk arrives, and logs in through the chunk', async () => {
    const { p, context, problems } = await openPage('opener');
    let release = () => {};
    site.hold = new Promise<void>((done) => (release = done));
    try {
      // The blocker is on (Playwright's evaluate counts as a gesture: the page's own load is not).
      expect(await p.evaluate(() => (window as any).blockedWithoutGesture)).toBe(true);
      expect(chunkRequests()).toEqual([]);
      const [popup] = await Promise.all([context.waitForEvent('page'), p.click('#login')]);
      // The window exists while the chunk's answer is still held; the chunk was asked for with it.
      // (The window's callback page may ask for its own copy before the release: not counted here.)
      expect(await p.evaluate(() => (window as any).openedInCall)).toBe(true);
      await expect
        .poll(() => site.chunkFrom.filter((from) => from === 'opener'), { timeout: 10_000 })
        .toEqual(['opener']);
      release();
      expect(await outcome(p)).toEqual({ err: null, token: 'AT-popup' });
      await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
      // The opener's chunk and the callback page's (a page of its own, same file).
      expect(chunkRequests()).toEqual([`GET /cdn/${CHUNK}`, `GET /cdn/${CHUNK}`]);
      expect([...site.chunkFrom].sort()).toEqual(['callback', 'opener']);
      expect(problems).toEqual([]);
    } finally {
      release();
      site.hold = null;
      await context.close();
    }
  });

  it("a callback page that says 'ready' before the opener's popup chunk arrives: the opener answers it on arrival", async () => {
    const { p, context, problems } = await openPage('opener');
    let release = () => {};
    site.holdOpenerBody = new Promise<void>((done) => (release = done));
    try {
      const [popup] = await Promise.all([context.waitForEvent('page'), p.click('#login')]);
      // The callback page has its own chunk and has posted its one 'ready'; the opener's is held.
      await expect
        .poll(() => p.evaluate(() => (window as any).messages), { timeout: 10_000 })
        .toContain('{"a":"ready"}');
      expect([...site.chunkFrom].sort()).toEqual(['callback', 'opener']);
      release();
      expect(await outcome(p)).toEqual({ err: null, token: 'AT-popup' });
      await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      release();
      site.holdOpenerBody = null;
      await context.close();
    }
  });

  it('a missing popup chunk: the callback gets chunk_load_failed and the window is closed', async () => {
    const { p, context } = await openPage('opener');
    site.missing = true;
    site.stay = true;
    try {
      const [popup] = await Promise.all([context.waitForEvent('page'), p.click('#login')]);
      expect(await outcome(p)).toEqual({
        err: { name: 'ChunkLoadError', code: 'chunk_load_failed', error: 'chunk_load_failed', isError: true },
        token: null,
      });
      await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
      expect(site.chunkFrom).toEqual(['opener']);
    } finally {
      site.missing = false;
      site.stay = false;
      await context.close();
    }
  });
});

describe('pages without popups', () => {
  it('passwordless start sends its request from the main file and loads no chunk', async () => {
    const { p, context, problems } = await openPage('plain');
    try {
      const result = await p.evaluate(
        () =>
          new Promise((done) =>
            (window as any).webAuth.passwordlessStart(
              { connection: 'email', send: 'code', email: 'ana@example.com' },
              (err: unknown, res: unknown) => done({ err, res }),
            ),
          ),
      );
      expect(result).toEqual({ err: null, res: { Id: 'x' } });
      expect(site.requests).toContain('POST /passwordless/start');
      expect(site.requests.filter((r) => r.includes('.min.js'))).toEqual(['GET /cdn/webauth.min.js']);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page that builds an authorize URL and parses a hash never requests the popup chunk', async () => {
    const { p, context, problems } = await openPage('plain');
    try {
      const parsed = await p.evaluate(
        () =>
          new Promise((done) => {
            const w = (window as any).webAuth;
            w.client.buildAuthorizeUrl({ state: 's', nonce: 'n' });
            w.parseHash({ hash: '#error=login_required&state=nope' }, (err: any) => done(err && err.error));
          }),
      );
      expect(parsed).toBe('login_required');
      expect(site.requests.filter((r) => r.includes('.min.js'))).toEqual(['GET /cdn/webauth.min.js']);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
