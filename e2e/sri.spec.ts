/**
 * The README's CDN snippet carries the Subresource Integrity hash of the built dist/webauth.min.js
 * (`npm run build && npm run sri` rewrites it), and Chromium accepts exactly that file with it.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { launchChromium } from './support/browser.js';
import { serveDirectory } from './support/static-server.js';
import type { AppServer } from './support/app-server.js';

const root = new URL('../', import.meta.url);
let bundle: Buffer;
let snippet: string;
let integrity: string;

beforeAll(async () => {
  bundle = await readFile(new URL('dist/webauth.min.js', root));
  const readme = await readFile(new URL('README.md', root), 'utf8');
  const tags = readme.match(/<script src="https:\/\/cdn\.jsdelivr\.net\/npm\/webauth-js@[^"]+"[^>]*><\/script>/g) ?? [];
  expect(tags).toHaveLength(1);
  snippet = tags[0]!;
  integrity = /integrity="([^"]+)"/.exec(snippet)?.[1] ?? '';
});

describe('README CDN snippet', () => {
  it('names this version and carries the sha384 of the built bundle (run `npm run sri` after a build)', async () => {
    const { version } = JSON.parse(await readFile(new URL('package.json', root), 'utf8'));
    expect(snippet).toContain(`webauth-js@${version}/dist/webauth.min.js`);
    expect(snippet).toContain('crossorigin="anonymous"');
    // It changes with every change to the CDN file (and with every merge of such changes).
    expect(integrity, "README.md's CDN snippet is stale: run `npm run build && npm run sri`").toBe(
      'sha384-' + createHash('sha384').update(bundle).digest('base64'),
    );
  });

  describe('in Chromium', () => {
    let browser: Browser;
    let server: AppServer;
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'webauth-sri-'));
      const page = (file: string) =>
        `<!doctype html><script src="/${file}" integrity="${integrity}" crossorigin="anonymous"></script>`;
      await Promise.all([
        writeFile(join(dir, 'webauth.min.js'), bundle),
        writeFile(join(dir, 'tampered.js'), Buffer.concat([bundle, Buffer.from('\n;')])),
        writeFile(join(dir, 'good.html'), page('webauth.min.js')),
        writeFile(join(dir, 'bad.html'), page('tampered.js')),
      ]);
      [browser, server] = await Promise.all([launchChromium(), serveDirectory(dir)]);
    });
    afterAll(async () => {
      await Promise.all([browser?.close(), server?.close()]);
      await rm(dir, { recursive: true, force: true });
    });

    it.each([
      ['good.html', 'function'],
      ['bad.html', 'undefined'],
    ])('%s: the bundle runs only when it matches the hash', async (file, type) => {
      const page = await browser.newPage();
      await page.goto(`${server.url}/${file}`, { waitUntil: 'load' });
      expect(await page.evaluate(() => typeof (window as any).auth0?.WebAuth)).toBe(type);
      await page.close();
    });
  });
});
