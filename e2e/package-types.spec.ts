/**
 * The published package as TypeScript projects resolve it: publint and arethetypeswrong on what
 * `npm pack` produces, then real consumers compiled with tsc against the installed tarball: an ES
 * module and a CommonJS module under `nodenext`, and an app on the legacy `node` resolution that
 * imports auth0-js's file names. Declarations are checked too (no skipLibCheck).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { libraryTarball } from './support/library-tarball.js';

const exec = promisify(execFile);
const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

/** Exit code and output of a command; never throws on a non-zero exit. */
async function run(cmd: string, args: string[], cwd: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await exec(cmd, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

let work: string;
let tarball: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'webauth-types-'));
  // dist/ is built by the test command before the e2e suite runs.
  const packed = await libraryTarball();
  await copyFile(packed, join(work, basename(packed)));
  tarball = join(
    work,
    (await readdir(work)).find((f) => f.endsWith('.tgz'))!,
  );
}, 120_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const USES = `
const webAuth = new WebAuth({ domain: 'tenant.example.com', clientID: 'c', redirectUri: 'https://app.example.com/cb', responseType: 'token id_token' });
const url: string = webAuth.client.buildAuthorizeUrl({ state: 's', nonce: 'n' });
const management = new Management({ domain: 'tenant.example.com', token: 't' });
webAuth.parseHash({}, (err, result) => {
  if (err) console.log(err.error, err.errorDescription);
  console.log(result?.idTokenPayload?.sub, url, management);
});
`;

/** A project with the tarball installed under `name`, its files and tsconfig compiler options. */
async function project(dir: string, name: string, files: Record<string, string>, options: Record<string, unknown>) {
  const root = join(work, dir);
  await mkdir(root, { recursive: true });
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: dir, private: true, type: 'module' }));
  const install = await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', `${name}@file:${tarball}`],
    root,
  );
  expect(install.code, install.out).toBe(0);
  for (const [file, text] of Object.entries(files)) await writeFile(join(root, file), text);
  const compilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    types: [],
    ...options,
  };
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: Object.keys(files) }));
  return run(bin('tsc'), ['-p', 'tsconfig.json'], root);
}

it('passes publint --strict', async () => {
  const r = await run(bin('publint'), ['--strict', '--pack', 'npm'], repoRoot);
  expect(r.code, r.out).toBe(0);
  expect(r.out).toContain('All good');
}, 120_000);

it('passes arethetypeswrong for node16 (ESM and CJS) and bundlers on every entry point', async () => {
  const args = [tarball, '--profile', 'node16', '--format', 'ascii'];
  // Source maps that auth0-js's paths answer with (COMPATIBILITY.md, Package paths) are not modules.
  const { exports } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { exports: object };
  const maps = Object.keys(exports)
    .filter((key) => key.endsWith('.map'))
    .map((key) => key.slice(2));
  expect(maps.length).toBeGreaterThan(0);
  const r = await run(bin('attw'), [...args, '--exclude-entrypoints', 'modular', 'lazy', ...maps], repoRoot);
  expect(r.code, r.out).toBe(0);
  // The modular and lazy entries are ESM only: from CommonJS they load through require(esm) (Node
  // >= 20.19, our `engines`), which arethetypeswrong still reports as dynamic-import-only.
  const modular = await run(
    bin('attw'),
    [...args, '--entrypoints', 'modular', 'lazy', '--ignore-rules', 'cjs-resolves-to-esm'],
    repoRoot,
  );
  expect(modular.code, modular.out).toBe(0);
  expect(modular.out).toContain('"webauth-js/modular"');
  expect(modular.out).toContain('"webauth-js/lazy"');
}, 120_000);

it('type-checks ES module and CommonJS consumers under nodenext', async () => {
  const esm = `import auth0, { WebAuth, Management, isWebAuthError } from 'webauth-js';\n${USES}\nnew auth0.WebAuth({ domain: 'd', clientID: 'c' });\nconsole.log(isWebAuthError(null));\n`;
  const modular = `import { authorize, parseHash, type WebAuthConfig } from 'webauth-js/modular';
const config: WebAuthConfig = { domain: 'tenant.example.com', clientID: 'c', responseType: 'token id_token' };
const result = await parseHash(config);
if (result) console.log(result.idTokenPayload?.sub, result.appState);
else authorize(config, { connection: 'github' });
`;
  const cjs = `import auth0 = require('webauth-js');\nconst { WebAuth, Management } = auth0;\n${USES}\n`;
  const r = await project(
    'nodenext',
    'webauth-js',
    { 'esm.mts': esm, 'cjs.cts': cjs, 'modular.mts': modular },
    { module: 'nodenext', moduleResolution: 'nodenext' },
  );
  expect(r.code, r.out).toBe(0);
}, 120_000);

it("type-checks an app importing auth0-js's file names under the legacy node resolution", async () => {
  const app = `import auth0 from 'auth0-js/dist/auth0.min.js';\nconst { WebAuth, Management } = auth0;\n${USES}\n`;
  const r = await project(
    'legacy',
    'auth0-js',
    { 'app.ts': app },
    { module: 'esnext', moduleResolution: 'node', esModuleInterop: true },
  );
  expect(r.code, r.out).toBe(0);
}, 120_000);

it('fails the consumer check when a declaration is broken (the check can fail)', async () => {
  const bad = `import { WebAuth } from 'webauth-js';\nconst n: number = new WebAuth({ domain: 'd', clientID: 'c' }).client.buildAuthorizeUrl({});\n`;
  const r = await project(
    'negative',
    'webauth-js',
    { 'bad.mts': bad },
    { module: 'nodenext', moduleResolution: 'nodenext' },
  );
  expect(r.code).not.toBe(0);
  expect(r.out).toContain("Type 'string' is not assignable to type 'number'");
}, 120_000);
