/**
 * Capabilities loaded on first use (issue 32), with captcha as the capability, in Chromium:
 * - the CDN main file under a nonce-only CSP (no 'unsafe-eval', no 'unsafe-inline'): `auth0` is
 *   there right after the script tag, and renderCaptcha loads dist/webauth.captcha.min.js beside it
 *   (with the page's nonce and the chunk's SRI hash), requested before the challenge has answered;
 * - a chunk whose bytes do not match its hash: the callback gets a ChunkLoadError, and the rest works;
 * - the ESM build: the captcha modules are requested on first use only;
 * - self-hosting: the dist files copied to another path of another server work from there.
 * The challenge endpoint is this file's own server (the tenant's flows are e2e/captcha.spec.ts's).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newTestContext } from './support/browser.js';
import { corsHeaders as cors, startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { buildViteApp } from './support/vite-app.js';

const repo = resolve(import.meta.dirname, '..');
const NONCE = 'chunk-test-nonce';
const CHUNK = 'webauth.captcha.min.js';
const IMAGE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.map': 'application/json' };

/** One static site: `mounts` maps a path prefix to a folder; every request is recorded. */
interface Site extends RecordingServer {
  tamper: boolean;
}

async function startSite(mounts: Record<string, string>): Promise<Site> {
  let chunkAsked: () => void = () => {};
  const chunkSeen = new Promise<void>((done) => (chunkAsked = done));
  const answer = async (path: string, req: IncomingMessage, res: ServerResponse) => {
    if (path.endsWith(`/${CHUNK}`) || path.endsWith('/web-auth/captcha/render.js')) chunkAsked();
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors(req)).end();
    if (path === '/usernamepassword/challenge') {
      // Held until the chunk is asked for: the two travel together, not one after the other.
      await chunkSeen;
      const body = JSON.stringify({ required: true, provider: 'auth0', image: IMAGE, type: 'code' });
      return void res.writeHead(200, { ...cors(req), 'content-type': 'application/json' }).end(body);
    }
    if (path.startsWith('/page/')) return void res.writeHead(200, pageHeaders()).end(page(path.slice(6)));
    const prefix = Object.keys(mounts).find((p) => path.startsWith(p));
    const root = prefix && resolve(mounts[prefix]!);
    const file = root && resolve(root, `.${path.slice(prefix.length - 1)}`);
    if (!root || !file || !file.startsWith(root + sep)) return void res.writeHead(404).end();
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      return void res.writeHead(404).end();
    }
    if (site.tamper && path.endsWith(`/${CHUNK}`)) body = Buffer.concat([body, Buffer.from('\n;')]);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  };
  const site: Site = Object.assign(await startRecordingServer(answer), { tamper: false });
  return site;
}

const POLICY = `default-src 'self'; script-src 'nonce-${NONCE}'; img-src data:; object-src 'none'; base-uri 'none'`;
const pageHeaders = () => ({ 'content-type': 'text/html', 'content-security-policy': POLICY });

/** A page that loads the CDN main file from `/<lib>/webauth.min.js` and uses `auth0` at once. */
function page(lib: string): string {
  return `<!doctype html><meta charset="utf-8"><div id="captcha"></div>
<script nonce="${NONCE}">window.violations = []; document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI));</script>
<script nonce="${NONCE}" src="/${lib}webauth.min.js"></script>
<script nonce="${NONCE}">window.webAuth = new auth0.WebAuth({ domain: location.origin, clientID: 'spa-client', redirectUri: location.href, responseType: 'token', state: 'st' });</script>`;
}

/** Calls renderCaptcha and resolves with what its callback got. */
const renderCaptcha = (p: Page) =>
  p.evaluate(
    () =>
      new Promise<{ err: null | Record<string, unknown>; input: boolean }>((done) => {
        const w = window as any;
        w.captcha = w.webAuth.renderCaptcha(document.getElementById('captcha'), {}, (err: any) =>
          done({
            err: err
              ? {
                  name: err.name,
                  code: err.code,
                  error: err.error,
                  message: err.message,
                  isError: err instanceof Error,
                }
              : null,
            input: !!document.querySelector('#captcha input[name="captcha"]'),
          }),
        );
      }),
  );

let browser: Browser;
let site: Site;
let copy: string;
let selfHosted: Site;
beforeAll(async () => {
  // Self-hosting: the built files copied to another folder, served by another server at another path.
  copy = mkdtempSync(join(tmpdir(), 'webauth-self-hosted-'));
  cpSync(join(repo, 'dist'), join(copy, 'js', 'vendor'), { recursive: true });
  [browser, site, selfHosted] = await Promise.all([
    launchChromium(),
    startSite({
      '/cdn/': join(repo, 'dist'),
      '/esm/': join(repo, 'dist', 'esm'),
      '/node_modules/': join(repo, 'node_modules'),
    }),
    startSite({ '/assets/': copy }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), site?.close(), selfHosted?.close()]);
  rmSync(copy, { recursive: true, force: true });
});

async function openPage(base: string, lib: string) {
  const context = await newTestContext(browser);
  const p = await context.newPage();
  const problems: string[] = [];
  p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  p.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
  await p.goto(`${base}/page/${lib}`);
  return { p, problems, close: () => context.close() };
}

describe('the CDN build with its captcha chunk', () => {
  it('loads the chunk beside the main file under a nonce-only CSP, in parallel with the challenge', async () => {
    site.requests.length = 0;
    const { p, problems, close } = await openPage(site.url, 'cdn/');
    try {
      expect(await p.evaluate(() => typeof (window as any).webAuth.renderCaptcha)).toBe('function');
      expect(site.requests.filter((r) => r.includes(CHUNK))).toEqual([]);
      expect(await renderCaptcha(p)).toEqual({ err: null, input: true });
      expect(site.requests.filter((r) => r.includes(CHUNK))).toEqual([`GET /cdn/${CHUNK}`]);
      expect(await p.evaluate(() => (window as any).captcha.getValue())).toBe('');
      // The chunk's script carried the page's nonce, its hash and crossorigin (the policy admits
      // nonce-bearing scripts only, so it could not have run otherwise).
      expect(await p.evaluate(() => (window as any).violations)).toEqual([]);
      expect(problems).toEqual([]);
      // A second captcha reuses the loaded chunk.
      expect(await renderCaptcha(p)).toEqual({ err: null, input: true });
      expect(site.requests.filter((r) => r.includes(CHUNK))).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('fails closed with a ChunkLoadError when the chunk does not match its hash, and the rest works', async () => {
    site.tamper = true;
    const { p, problems, close } = await openPage(site.url, 'cdn/');
    try {
      const { err, input } = await renderCaptcha(p);
      expect(input).toBe(false);
      expect(err).toMatchObject({
        name: 'ChunkLoadError',
        code: 'chunk_load_failed',
        error: 'chunk_load_failed',
        isError: true,
      });
      expect(err!.message).toContain(CHUNK);
      expect(problems.filter((m) => m.startsWith('pageerror'))).toEqual([]);
      // The browser refused the bytes (its console names the integrity check); nothing ran.
      expect(problems.some((m) => /integrity/i.test(m))).toBe(true);
      const url = await p.evaluate(() => (window as any).webAuth.client.buildAuthorizeUrl({ nonce: 'n' }));
      expect(new URL(url).pathname).toBe('/authorize');
      // A reload tries again (a failed chunk is not remembered): with the right bytes it renders.
      site.tamper = false;
      const reloaded = await p.evaluate(
        () => new Promise<unknown>((done) => (window as any).captcha.reload((err: unknown) => done(err ?? null))),
      );
      expect(reloaded).toBeNull();
      expect(await p.evaluate(() => !!document.querySelector('#captcha input[name="captcha"]'))).toBe(true);
    } finally {
      site.tamper = false;
      await close();
    }
  });

  it('works self-hosted: the dist folder copied to another path of another server', async () => {
    const { p, problems, close } = await openPage(selfHosted.url, 'assets/js/vendor/');
    try {
      expect(await renderCaptcha(p)).toEqual({ err: null, input: true });
      expect(selfHosted.requests).toContain(`GET /assets/js/vendor/${CHUNK}`);
      expect(site.requests.filter((r) => r.includes(CHUNK) && r.includes('vendor'))).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the ESM build', () => {
  it('requests the captcha modules on first use only', async () => {
    const context = await newTestContext(browser);
    const p = await context.newPage();
    try {
      const imports = {
        jose: '/node_modules/jose/dist/webapi/index.js',
        'idb-keyval': '/node_modules/idb-keyval/dist/index.js',
      };
      await p.goto(`${site.url}/esm/version.js`);
      site.requests.length = 0;
      await p.setContent(
        `<div id="captcha"></div><script type="importmap">${JSON.stringify({ imports })}</script>` +
          `<script type="module">import { WebAuth } from '${site.url}/esm/index.js'; window.webAuth = new WebAuth({ domain: '${site.url}', clientID: 'spa-client', redirectUri: '${site.url}/', responseType: 'token', state: 'st' });</script>`,
      );
      await p.waitForFunction(() => (window as any).webAuth);
      // The on-demand part: the chunk's entry and the captcha folder's modules but for its start,
      // which runs in the call (web-auth/captcha/captcha-start.ts).
      const captchaModules = () =>
        site.requests.filter(
          (r) => r.includes('/chunks/captcha.js') || (r.includes('/web-auth/captcha/') && !r.includes('captcha-start')),
        );
      expect(site.requests.length).toBeGreaterThan(10);
      expect(captchaModules()).toEqual([]);
      expect(await renderCaptcha(p)).toEqual({ err: null, input: true });
      expect(captchaModules()).toContain('GET /esm/chunks/captcha.js');
      expect(captchaModules()).toContain('GET /esm/web-auth/captcha/render.js');
      const count = captchaModules().length;
      expect(await renderCaptcha(p)).toEqual({ err: null, input: true });
      expect(captchaModules()).toHaveLength(count);
    } finally {
      await context.close();
    }
  });
});

describe('an app built with Vite', () => {
  it('gets the captcha code as a chunk of its own, not in its entry file', async () => {
    const chunks = await buildViteApp(
      "import { WebAuth } from 'webauth-js';\nconst w = new WebAuth({ domain: 'x.example.com', clientID: 'c' });\n" +
        "document.body.onclick = () => w.renderCaptcha(document.getElementById('c'), {}, () => {});\nw.authorize({});\n",
      '<div id="c"></div>',
    );
    const withCaptcha = chunks.filter((o) => o.code.includes('captcha-challenge'));
    expect(chunks.find((o) => o.isEntry)!.code).toContain('response_type');
    expect(withCaptcha).toHaveLength(1);
    expect(withCaptcha[0]!.isEntry).toBe(false);
  });
});
