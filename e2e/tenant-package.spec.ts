/**
 * The tenant package as users get it (issue 33): `npm pack` of the webauth-local-tenant
 * workspace, installed from the tarball into an empty folder (its dependencies from the npm
 * cache or registry), started through its command, answering discovery and a password-realm
 * login; its entries imported by plain Node (no TypeScript at run time); publint and
 * arethetypeswrong on it as on the library.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TENANT_PACKAGE as NAME, npmInstall, packTenant, runCommand } from './support/tenant-tarball.js';

const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

const run = runCommand;

let work: string;
let tarball: string;
let app: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tenant-package-'));
  // prepack builds the package (tsc, then the library's dist/webauth.min.js, which `npm test` built);
  // a tarball kept from an earlier pack of the same inputs is reused.
  tarball = await packTenant(work);
  app = join(work, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  await npmInstall(app, [tarball]);
}, 240_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Starts the installed command and resolves with its URL once it prints the ready line. */
function startCommand(args: string[]): Promise<{ url: string; stop(): Promise<number | null> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(app, 'node_modules', '.bin', NAME), args, { cwd: app });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    child.on('exit', (code) => reject(new Error(`${NAME} exited with ${String(code)}: ${stderr}`)));
    child.on('error', reject);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^Local tenant ready at (\S+)$/.exec(line);
      if (m?.[1]) resolve({ url: m[1], stop: () => (child.kill('SIGTERM'), exited) });
    });
  });
}

it('holds dist/ only, with the hosted page library and no TypeScript sources', async () => {
  const r = await run('tar', ['-tzf', tarball], work);
  expect(r.code, r.out).toBe(0);
  const files = r.out.trim().split('\n');
  expect(files).toContain('package/dist/cli/cli.js');
  expect(files).toContain('package/dist/assets/webauth.min.js');
  // The hosted page's captcha needs the chunk the CDN file loads beside itself.
  expect(files).toContain('package/dist/assets/webauth.captcha.min.js');
  expect(files).toContain('package/dist/playwright/index.d.ts');
  expect(files.filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
  expect(files.filter((f) => !f.startsWith('package/dist/'))).toEqual(
    expect.arrayContaining(['package/package.json', 'package/README.md']),
  );
  expect(files.some((f) => /\.test\.|\/testing\/|\/tests\//.test(f))).toBe(false);
});

it('carries its licence and a README for users: install from source, no internal sections', async () => {
  const pkg = join(app, 'node_modules', NAME);
  expect(await readFile(join(pkg, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  const readme = await readFile(join(pkg, 'README.md'), 'utf8');
  expect(readme).toContain('## Install from source');
  expect(readme).toContain('npm pack --workspace webauth-local-tenant');
  // Layout and tests are for contributors (CONTRIBUTING.md).
  expect(readme.match(/^## (Layout|Tests|For the Management API.*)$/gm)).toBeNull();
});

it('runs from its command: discovery and a password-realm login', async () => {
  const tenant = await startCommand(['--http', '--port', '0']);
  try {
    const discovery = (await (await fetch(`${tenant.url}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery['issuer']).toBe(`${tenant.url}/`);
    expect(discovery['token_endpoint']).toBe(`${tenant.url}/oauth/token`);
    const login = await fetch(`${tenant.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
        client_id: 'spa-client',
        username: 'alice@example.com',
        password: 'Passw0rd!alice',
        realm: 'Username-Password-Authentication',
        scope: 'openid profile',
      }),
    });
    expect(login.status).toBe(200);
    const tokens = (await login.json()) as Record<string, unknown>;
    expect(tokens['token_type']).toBe('Bearer');
    expect(String(tokens['id_token']).split('.')).toHaveLength(3);
    expect((await fetch(`${tenant.url}/static/webauth.min.js`)).status).toBe(200);
    expect((await fetch(`${tenant.url}/static/webauth.captcha.min.js`)).status).toBe(200);
  } finally {
    expect(await tenant.stop()).toBe(0);
  }
}, 60_000);

it('imports both entries from plain Node and signs a user in through the helpers', async () => {
  const script = `
import { startTenant } from '${NAME}';
import { signIn, createTestClock } from '${NAME}/playwright';
const clock = createTestClock();
const tenant = await startTenant({ http: true, clock: clock.now });
const cookies = [];
const session = await signIn({ addCookies: async (c) => void cookies.push(...c) }, tenant, { email: 'alice@example.com' });
await tenant.close();
console.log(JSON.stringify({ user: session.userId, cookie: cookies[0].name }));
`;
  await writeFile(join(app, 'check.mjs'), script);
  const r = await run(process.execPath, ['check.mjs'], app);
  expect(r.code, r.out).toBe(0);
  expect(JSON.parse(r.out.trim())).toEqual({ user: 'auth0|alice', cookie: 'webauth_tenant_session' });
}, 60_000);

it('passes publint --strict on the tarball', async () => {
  // The tarball, not the workspace: its dist/ is built only by a pack, and the tarball may come from
  // the kept one (packTenant) without a pack in this checkout.
  const r = await run(bin('publint'), ['--strict', tarball], work);
  expect(r.code, r.out).toBe(0);
  expect(r.out).toContain('All good');
}, 120_000);

it('passes arethetypeswrong (ESM only: node16 ESM and bundlers) on both entries', async () => {
  const r = await run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii'], repoRoot);
  expect(r.code, r.out).toBe(0);
  expect(r.out).toContain(`"${NAME}/playwright"`);
}, 120_000);
