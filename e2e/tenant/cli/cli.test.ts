/**
 * The command line, as a real process started the way `npm run tenant` starts it: scripts/tenant.mjs,
 * which runs an esbuild bundle of cli.ts (rebuilt when a tenant source is newer).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../config/load.js';
import { repoRoot } from '../testing/repo.js';
import { postJson, send, sendAdmin } from '../testing/test-client.js';

const root = repoRoot();
const cli = [join(root, 'scripts', 'tenant.mjs')];
const scratch = mkdtempSync(join(tmpdir(), 'tenant-cli-'));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runToEnd(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...cli, ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts the CLI, waits for the ready line, and returns the URL, the admin token line's token and a stopper. */
function startCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{
  url: string;
  adminToken?: string;
  printed: string[];
  stop(signal: NodeJS.Signals): Promise<number | null>;
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cli, ...args], { cwd: root, env });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const timer = setTimeout(() => reject(new Error('no ready line')), 60_000);
    let adminToken: string | undefined;
    const printed: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      adminToken ??= /^Admin token: (\S+)$/.exec(line)?.[1];
      const m = /^Local tenant ready at (\S+)$/.exec(line);
      if (!m?.[1]) return void printed.push(line);
      clearTimeout(timer);
      const stop = (signal: NodeJS.Signals) => (child.kill(signal), exited);
      resolve({ url: m[1], ...(adminToken ? { adminToken } : {}), printed, stop });
    });
    child.on('exit', (code) => reject(new Error(`exited early with ${String(code)}`)));
  });
}

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

// A start takes about a second; a loaded 2-core machine can stretch that a lot.
describe('npm run tenant (cli.ts)', { timeout: 120_000 }, () => {
  it('prints the admin token and the ready line, serves, and stops cleanly on SIGTERM', async () => {
    const tenant = await startCli(['--http', '--port', '0', '--test-endpoints']);
    expect(tenant.url).toMatch(/^http:\/\/localhost:\d+$/);
    const doc = await send({ url: tenant.url }, '/.well-known/openid-configuration');
    expect(doc.json()).toMatchObject({ issuer: `${tenant.url}/` });
    expect(tenant.adminToken).toMatch(/^[\w-]{43}$/);
    expect((await send({ url: tenant.url }, '/__admin/outbox')).status).toBe(403);
    const outbox = await sendAdmin({ url: tenant.url, adminToken: tenant.adminToken ?? '' }, '/__admin/outbox');
    expect(outbox.status).toBe(200);
    expect(await tenant.stop('SIGTERM')).toBe(0);
  });

  it('with the built-in definition prints the client ID, the user and a login URL that opens the login page', async () => {
    const tenant = await startCli(['--http', '--port', '0']);
    const text = tenant.printed.join('\n');
    expect(text).toContain('client ID  spa-client');
    expect(text).toContain('user       alice@example.com / Passw0rd!alice');
    const open = /^ {2}open {7}(\S+)$/m.exec(text)?.[1] ?? '';
    expect(open.startsWith(`${tenant.url}/authorize?client_id=spa-client&`)).toBe(true);
    const page = await send({ url: tenant.url }, open.slice(tenant.url.length));
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="login-form"');
    // The login page names the test user too, as the terminal does.
    expect(page.text).toContain('<code>alice@example.com</code>');
    expect(await tenant.stop('SIGTERM')).toBe(0);
  });

  it("with the user's own --config prints no client, user or URL: only the ready line", async () => {
    const file = join(scratch, 'own.json');
    writeFileSync(file, (await runToEnd(['--print-config'])).stdout);
    const tenant = await startCli(['--http', '--port', '0', '--config', file]);
    expect(tenant.printed).toEqual([]);
    // Nor does its login page name a user, even for a definition that holds the built-in ones.
    const query = 'client_id=spa-client&response_type=id_token&scope=openid&nonce=n';
    const page = await send({ url: tenant.url }, `/authorize?${query}&redirect_uri=http://localhost:3000/`);
    expect(page.text).toContain('id="login-form"');
    expect(page.text).not.toContain('id="test-user"');
    expect(await tenant.stop('SIGTERM')).toBe(0);
  });

  it('serves HTTPS by default, its certificate made without the openssl binary', async () => {
    // No PATH at all: nothing the tenant could spawn is found.
    const tenant = await startCli(['--port=0'], { ...process.env, PATH: '' });
    expect(tenant.url).toMatch(/^https:\/\/localhost:\d+$/);
    // No test endpoints, no token to print.
    expect(tenant.adminToken).toBeUndefined();
    expect(await tenant.stop('SIGINT')).toBe(0);
  });

  it('persists --data across a SIGINT restart', async () => {
    const file = join(scratch, 'data.json');
    const first = await startCli(['--http', '--port', '0', '--data', file]);
    const signup = await postJson({ url: first.url }, '/dbconnections/signup', {
      client_id: 'spa-client',
      connection: 'Username-Password-Authentication',
      email: 'cli@example.com',
      password: 'Cl1-secret',
    });
    expect(signup.status).toBe(200);
    expect(await first.stop('SIGINT')).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('cli@example.com');
    const second = await startCli(['--http', '--port', '0', '--data', file]);
    const login = await postJson({ url: second.url }, '/oauth/token', {
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      client_id: 'spa-client',
      username: 'cli@example.com',
      password: 'Cl1-secret',
      realm: 'Username-Password-Authentication',
    });
    expect(login.status).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('prints the built-in definition, a valid starting point for --config', async () => {
    const run = await runToEnd(['--print-config']);
    expect(run.code).toBe(0);
    expect(() => validateDefinition(JSON.parse(run.stdout))).not.toThrow();
  });

  it('exits 2 on usage errors and 1 when the tenant cannot start', async () => {
    const usage = await runToEnd(['--verbose']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: webauth-local-tenant');
    const config = await runToEnd(['--http', '--port', '0', '--config', join(scratch, 'missing.json')]);
    expect(config.code).toBe(1);
    expect(config.stderr).toMatch(/Could not start the local tenant: Invalid tenant definition/);
  });
});
