/**
 * The CDN chunk loader against markup injected into the page (no script: the pages run under a
 * nonce-only script policy), in Chromium, with the built dist/:
 * - `<img name="currentScript">` after the main script tag (the name shadows `document.currentScript`
 *   by the time a chunk registers) and before it (with a src on another origin, where the chunks
 *   would have been asked for);
 * - `<base href>` on another origin below a `defer` tag with a relative src (in force by the time
 *   the main file runs).
 * Each page still gets its captcha (webauth.captcha.min.js) and its cross-origin login's answer
 * (webauth.legacy.min.js), both chunks from the main file's own folder, and the other origin is
 * never asked for a chunk. A page's own `<base href>` before the tag still counts, the injected one
 * after it does not. The same pages with no injection are e2e/chunks.spec.ts's.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newTestContext } from './support/browser.js';
import { corsHeaders as cors, startRecordingServer, type RecordingServer as Site } from './support/recording-server.js';

const dist = resolve(import.meta.dirname, '..', 'dist');
const NONCE = 'clobber-test-nonce';
const IMAGE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
// No base-uri: the page leaves <base> to the browser, as most do.
const POLICY = `script-src 'nonce-${NONCE}'; object-src 'none'`;

const json = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { ...cors(req), 'content-type': 'application/json' }).end(JSON.stringify(body));

/** The markup of each page: what the injection puts before and after the main script tag. */
const PAGES: Record<string, (attacker: string) => string> = {
  'img-after': () => `<script nonce="${NONCE}" src="/cdn/webauth.min.js"></script>\n<img name="currentScript" alt="">`,
  'img-before': (attacker) =>
    `<img name="currentScript" alt="" src="${attacker}/cdn/pixel.png">\n<script nonce="${NONCE}" src="/cdn/webauth.min.js"></script>`,
  'base-defer': (attacker) =>
    `<script nonce="${NONCE}" defer src="cdn/webauth.min.js"></script>\n<base href="${attacker}/">`,
  // The page's own base comes first, so it is the one in force, and the main file is in /app/cdn/.
  'own-base': (attacker) =>
    `<base href="/app/">\n<script nonce="${NONCE}" defer src="cdn/webauth.min.js"></script>\n<base href="${attacker}/">`,
};

let browser: Browser;
let site: Site;
let attacker: Site;

beforeAll(async () => {
  attacker = await startRecordingServer((_path, _req, res) => void res.writeHead(404).end());
  site = await startRecordingServer((path, req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors(req)).end();
    if (path === '/usernamepassword/challenge')
      return json(req, res, 200, { required: true, provider: 'auth0', image: IMAGE, type: 'code' });
    if (path === '/co/authenticate')
      return json(req, res, 403, { error: 'access_denied', error_description: 'Wrong email or password.' });
    const page = PAGES[path.slice(1).replace(/\.html$/, '')];
    if (page)
      return void res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': POLICY }).end(
        `<!doctype html><meta charset="utf-8">
<script nonce="${NONCE}">window.violations = []; document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI));</script>
${page(attacker.url)}
<div id="captcha"></div>`,
      );
    const file = resolve(dist, `.${path.replace(/^(\/app)?\/cdn\//, '/')}`);
    if (!/^(\/app)?\/cdn\//.test(path) || !file.startsWith(dist + sep)) return void res.writeHead(404).end();
    try {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all([browser?.close(), site?.close(), attacker?.close()]);
});

/** Opens `/<name>.html`, renders a captcha and runs a cross-origin login; returns what each got. */
async function useChunks(name: string) {
  const context = await newTestContext(browser);
  const problems: string[] = [];
  try {
    const p = await context.newPage();
    p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await p.goto(`${site.url}/${name}.html`);
    site.requests.length = 0;
    attacker.requests.length = 0;
    const outcome = await p.evaluate(async () => {
      const w = window as any;
      const webAuth = new w.auth0.WebAuth({
        domain: location.origin,
        clientID: 'spa-client',
        redirectUri: location.origin + '/callback',
        responseType: 'token',
        state: 'st',
      });
      const captcha = await new Promise<string>((done) =>
        webAuth.renderCaptcha(document.getElementById('captcha'), {}, (err: any) =>
          done(
            err ? `${err.code}: ${err.message}` : document.querySelector('#captcha input') ? 'rendered' : 'no input',
          ),
        ),
      );
      const login = await new Promise<string>((done) =>
        webAuth.login({ realm: 'db', username: 'ana', password: 'pw' }, (err: any) =>
          done(`${err.code}: ${err.description ?? err.message}`),
        ),
      );
      // The injection is in force: document.currentScript is the image, or the base is foreign.
      const injected =
        document.currentScript instanceof HTMLImageElement || new URL(document.baseURI).origin !== location.origin;
      return { injected, captcha, login, violations: w.violations };
    });
    return { ...outcome, problems };
  } finally {
    await context.close();
  }
}

const chunkRequests = (s: Site) => s.requests.filter((r) => /\/webauth\.[\w-]+\.min\.js$/.test(r));

describe('chunks located and accepted despite markup injected into the page', () => {
  it.each([
    ['<img name="currentScript"> after the main script tag', 'img-after'],
    ['<img name="currentScript" src> on another origin before the main script tag', 'img-before'],
    ['<base href> on another origin after a defer tag with a relative src', 'base-defer'],
  ])('%s', async (_title, name) => {
    const outcome = await useChunks(name);
    expect(outcome).toEqual({
      injected: true,
      captcha: 'rendered',
      login: 'access_denied: Wrong email or password.',
      violations: [],
      problems: [],
    });
    expect(chunkRequests(site).sort()).toEqual(['GET /cdn/webauth.captcha.min.js', 'GET /cdn/webauth.legacy.min.js']);
    expect(chunkRequests(attacker)).toEqual([]);
  });

  it("follows the page's own <base href> before the tag, not one injected after it", async () => {
    const outcome = await useChunks('own-base');
    expect(outcome).toMatchObject({ captcha: 'rendered', login: 'access_denied: Wrong email or password.' });
    expect(outcome.problems).toEqual([]);
    expect(chunkRequests(site).sort()).toEqual([
      'GET /app/cdn/webauth.captcha.min.js',
      'GET /app/cdn/webauth.legacy.min.js',
    ]);
    expect(chunkRequests(attacker)).toEqual([]);
  });
});
