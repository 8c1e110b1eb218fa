/**
 * The CDN chunk loader (scripts/cdn-chunks.mjs) on a small bundle of its own, in Chromium: two
 * capabilities loaded on demand that share a module the main file does not use, so rollup gives
 * that module a chunk of its own. Its hash travels in the chunks that import it (a chain of trust
 * from the main file); tampered bytes anywhere in the chain fail the load, never hang, and a
 * later call tries again. The real build's chunks are e2e/chunks.spec.ts's.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import terserModule from '@rollup/plugin-terser';
import { rollup, type Plugin } from 'rollup';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cdnChunkFileNames, terserOptions } from '../rollup.config.mjs';
import { cdnChunks } from '../scripts/cdn-chunks.mjs';
import { launchChromium, newTestContext } from './support/browser.js';
import { serveDirectory } from './support/static-server.js';
import type { AppServer } from './support/app-server.js';

const SOURCES: Record<string, string> = {
  'main.js': `export const version = 't';
export const one = () => import('./chunks/one.js').then((m) => m.run());
export const two = () => import('./chunks/two.js').then((m) => m.run());`,
  'chunks/one.js': `import { shared } from '../shared.js'; export const run = () => 'one ' + shared('1');`,
  'chunks/two.js': `import { shared } from '../shared.js'; export const run = () => 'two ' + shared('2');`,
  'shared.js': `export const shared = (x) => ['shared', x, 'and more text than rollup would inline'].join(':');`,
};
// The plugin's types declare an ES default export over a CommonJS file; under NodeNext that reads as the module.
const terser = ((terserModule as { default?: unknown }).default ?? terserModule) as (options: object) => Plugin;
const PAGE = `<!doctype html><meta charset="utf-8"><script src="dist/webauth.min.js"></script>`;
// Two copies of the same build on one page, the first kept by the page before the second loads.
const TWO_COPIES = `<!doctype html><meta charset="utf-8"><script src="dist/webauth.min.js"></script>
<script>window.first = auth0;</script><script src="copy/webauth.min.js"></script>`;

let dir: string;
let browser: Browser;
let server: AppServer;
let files: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'webauth-cdn-chunks-'));
  for (const [name, text] of Object.entries(SOURCES)) {
    mkdirSync(dirname(join(dir, 'src', name)), { recursive: true });
    writeFileSync(join(dir, 'src', name), text);
  }
  const bundle = await rollup({
    input: join(dir, 'src', 'main.js'),
    preserveEntrySignatures: 'allow-extension',
    plugins: [cdnChunks({ names: ['one', 'two', 'version'], hook: 'webauthjs_chunk_test', banner: '/*! test */' })],
  });
  await bundle.write({
    dir: join(dir, 'dist'),
    format: 'amd',
    exports: 'named',
    entryFileNames: 'webauth.min.js',
    chunkFileNames: cdnChunkFileNames,
    plugins: [terser(terserOptions)],
  });
  await bundle.close();
  files = readdirSync(join(dir, 'dist')).sort();
  writeFileSync(join(dir, 'index.html'), PAGE);
  cpSync(join(dir, 'dist'), join(dir, 'copy'), { recursive: true });
  writeFileSync(join(dir, 'two-copies.html'), TWO_COPIES);
  [browser, server] = await Promise.all([launchChromium(), serveDirectory(dir)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Opens the page, runs the calls in order, and returns each one's value or error message with the requests. */
async function run(calls: ('one' | 'two')[]) {
  const context = await newTestContext(browser);
  const requested: string[] = [];
  context.on('request', (r) => requested.push(new URL(r.url()).pathname));
  const page = await context.newPage();
  await page.goto(`${server.url}/index.html`);
  const results = await page.evaluate(async (calls) => {
    const out: string[] = [];
    for (const name of calls) out.push(await (window as any).auth0[name]().catch((e: Error) => `error: ${e.message}`));
    return out;
  }, calls);
  await context.close();
  return { results, chunks: requested.filter((p) => p.startsWith('/dist/webauth.') && p !== '/dist/webauth.min.js') };
}

const shared = () => files.find((f) => f.startsWith('webauth.shared-'))!;
const tamper = (file: string) => {
  const path = join(dir, 'dist', file);
  const bytes = readFileSync(path);
  writeFileSync(path, Buffer.concat([bytes, Buffer.from('\n;')]));
  return () => writeFileSync(path, bytes);
};

it('builds one chunk per capability and one for the code they share, each hash held by its importer', () => {
  expect(files.filter((f) => f.endsWith('.js'))).toEqual([
    'webauth.min.js',
    'webauth.one.min.js',
    shared(),
    'webauth.two.min.js',
  ]);
  expect(shared()).toMatch(/^webauth\.shared-[\w-]{10}\.min\.js$/);
  const main = readFileSync(join(dir, 'dist', 'webauth.min.js'), 'utf8');
  const one = readFileSync(join(dir, 'dist', 'webauth.one.min.js'), 'utf8');
  expect(main).toMatch(/"webauth\.one\.min\.js":"sha256-[\w+/]{43}="/);
  expect(main).not.toContain(shared());
  expect(one).toMatch(new RegExp(`"${shared().replace(/\./g, '\\.')}":"sha256-[\\w+/]{43}="`));
  expect(main + one).not.toContain('@sri:');
});

it('loads a capability with the shared chunk, once, and the second capability reuses it', async () => {
  const { results, chunks } = await run(['one', 'two', 'one']);
  expect(results).toEqual([
    'one shared:1:and more text than rollup would inline',
    'two shared:2:and more text than rollup would inline',
    'one shared:1:and more text than rollup would inline',
  ]);
  expect(chunks.sort()).toEqual([`/dist/webauth.one.min.js`, `/dist/${shared()}`, `/dist/webauth.two.min.js`].sort());
});

it('fails closed when the shared chunk does not match the hash its importer holds, then recovers', async () => {
  const restore = tamper(shared());
  let outcome;
  try {
    outcome = await run(['one']);
  } finally {
    restore();
  }
  expect(outcome.results[0]).toMatch(/^error: webauth\.shared-[\w-]+\.min\.js could not be loaded/);
  const again = await run(['one']);
  expect(again.results).toEqual(['one shared:1:and more text than rollup would inline']);
});

it('fails closed when a capability chunk does not match, so the hash it carries is never trusted', async () => {
  const restore = tamper('webauth.two.min.js');
  let outcome;
  try {
    outcome = await run(['two']);
  } finally {
    restore();
  }
  expect(outcome.results[0]).toMatch(/^error: webauth\.two\.min\.js could not be loaded/);
  // The shared chunk is never fetched: its hash would have come from the refused file.
  expect(outcome.chunks).toEqual(['/dist/webauth.two.min.js']);
});

it('hands a chunk to the loader that made its script element: two copies of the main file on one page', async () => {
  const context = await newTestContext(browser);
  const requested: string[] = [];
  context.on('request', (r) => requested.push(new URL(r.url()).pathname));
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/two-copies.html`);
    // The second copy's hook replaced the first's: the first copy's chunks register through it.
    const results = await page.evaluate(async () => {
      const w = window as any;
      const call = (lib: any, name: string) => lib[name]().catch((e: Error) => `error: ${e.message}`);
      return [await call(w.first, 'one'), await call(w.auth0, 'two'), await call(w.first, 'two')];
    });
    expect(results).toEqual([
      'one shared:1:and more text than rollup would inline',
      'two shared:2:and more text than rollup would inline',
      'two shared:2:and more text than rollup would inline',
    ]);
    const chunks = requested.filter((p) => /\/webauth\.(?!min\.js$)/.test(p)).sort();
    expect(chunks).toEqual(
      [
        '/dist/webauth.one.min.js',
        `/dist/${shared()}`,
        '/dist/webauth.two.min.js',
        `/copy/${shared()}`,
        '/copy/webauth.two.min.js',
      ].sort(),
    );
  } finally {
    await context.close();
  }
});

it('ignores a registration from a script element it did not make, while its own load is under way', async () => {
  const context = await newTestContext(browser);
  let asked!: () => void;
  let release!: () => void;
  const requested = new Promise<void>((done) => (asked = done));
  const held = new Promise<void>((done) => (release = done));
  await context.route('**/dist/webauth.one.min.js', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/index.html`);
    const result = page.evaluate(() => (window as any).auth0.one().catch((e: Error) => `error: ${e.message}`));
    await requested;
    // A forged module for the same chunk, from an inline script and from a script with a src.
    await page.evaluate(async () => {
      const forge =
        "webauthjs_chunk_test(['exports'], function (e) { window.forged = true; e.run = function () { return 'forged'; }; }, {});";
      const inline = document.createElement('script');
      inline.textContent = forge;
      document.head.appendChild(inline);
      const external = document.createElement('script');
      external.src = `data:text/javascript,${encodeURIComponent(forge)}`;
      await new Promise((done) => ((external.onload = done), document.head.appendChild(external)));
    });
    release();
    expect(await result).toBe('one shared:1:and more text than rollup would inline');
    expect(await page.evaluate(() => (window as any).forged)).toBeUndefined();
  } finally {
    release();
    await context.close();
  }
});
