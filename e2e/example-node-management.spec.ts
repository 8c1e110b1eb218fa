/**
 * examples/node-management as its README says to run it: the tenant started by `npm run tenant`'s
 * script with --cert-file, then the example script with NODE_EXTRA_CA_CERTS, as separate processes.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTenant } from './tenant/index.js';

const ROOT = join(import.meta.dirname, '..');
let dir: string;
let tenant: ChildProcess | undefined;
let domain: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'node-management-'));
  const child = spawn(
    process.execPath,
    ['scripts/tenant.mjs', '--port', '0', '--cert-file', join(dir, 'tenant-cert.pem')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  tenant = child;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the tenant exited (${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const ready = /^Local tenant ready at (https:\/\/\S+)$/.exec(line);
      if (ready) resolve(ready[1]!);
    });
  });
  domain = new URL(url).host;
});
afterAll(() => {
  tenant?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function listProfiles(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['examples/node-management/list-profiles.mjs'], {
    cwd: ROOT,
    env: { ...process.env, TENANT_DOMAIN: domain, NODE_EXTRA_CA_CERTS: join(dir, 'tenant-cert.pem'), ...env },
    timeout: 30_000,
  });
  return stdout.trimEnd().split('\n');
}

it('lists the fixture profiles with a client-credentials token', async () => {
  const lines = await listProfiles({});
  expect(lines.at(-1)).toMatch(/^\d+ profiles$/);
  const count = Number(lines.at(-1)!.split(' ')[0]);
  expect(count).toBeGreaterThanOrEqual(12);
  expect(lines).toHaveLength(count + 1);
  expect(lines).toEqual(
    expect.arrayContaining([
      'uap_0aLx2Kc9WpEe\tCustomers\t1 attribute',
      'uap_5hTqY0mZrVb3\tWorkforce (all strategies)\t3 attributes',
      'uap_Z9yGm4sQn1Tu\tSixty-four attributes\t64 attributes',
      'uap_E4fG5hI6jK7l\tMinimal\t1 attribute',
    ]),
  );
  // Page by page through the cursors: the same list for another page size.
  expect(await listProfiles({ PAGE_SIZE: '2' })).toEqual(lines);
});

it('reports a wrong client secret as the typed error, with exit status 1', async () => {
  const failed = await listProfiles({ CLIENT_SECRET: 'wrong' }).catch((err: { code: number; stderr: string }) => err);
  expect(failed).toMatchObject({ code: 1 });
  expect((failed as { stderr: string }).stderr.trim()).toBe('Failed: invalid_client: Wrong client credentials.');
});

it('runs against the plain-HTTP tenant with the domain given as http://localhost:PORT', async () => {
  const plain = await startTenant({ http: true });
  try {
    const lines = await listProfiles({ TENANT_DOMAIN: plain.url, NODE_EXTRA_CA_CERTS: '' });
    expect(plain.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(lines).toEqual(await listProfiles({}));
  } finally {
    await plain.close();
  }
});
