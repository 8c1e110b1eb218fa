/** --login-page: /authorize serves the operator's template with its configuration and a CSP nonce. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { parseArgs } from '../cli/cli-args.js';
import { APP_CALLBACK, authorizePath, implicitParams, send } from '../testing/test-client.js';

const TEMPLATE =
  '<!doctype html><style>p{}</style><p>Log in</p><script src="/static/webauth.min.js"></script>' +
  "<script>const config = '@@config@@';</script><script\ntype=module>'@@config@@'</script>";

let dir: string;
let file: string;
let tenant: RunningTenant;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'login-page-'));
  file = join(dir, 'login.html');
  writeFileSync(file, TEMPLATE);
  tenant = await startQuickTenant({ http: true, loginPage: file });
});
afterAll(async () => {
  await tenant?.close();
  rmSync(dir, { recursive: true, force: true });
});

const configsIn = (html: string) =>
  [...html.matchAll(/'([A-Za-z0-9+/=]{40,})'/g)].map((m) => JSON.parse(Buffer.from(m[1]!, 'base64').toString('utf8')));

describe('a custom login page', () => {
  it('fills @@config@@ with the transaction, and names the template nonce in the CSP', async () => {
    const reply = await send(tenant, authorizePath(implicitParams({ login_hint: 'zoë@example.com' })));
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain('@@config@@');
    const [config, again] = configsIn(reply.text);
    expect(again).toEqual(config);
    expect(config).toMatchObject({
      auth0Domain: tenant.url, // plain HTTP: the library logs in cross-origin
      auth0Tenant: 'local',
      clientID: 'spa-client',
      callbackURL: APP_CALLBACK,
      authorizationServer: { url: tenant.url, issuer: tenant.issuer },
      internalOptions: { responseType: 'token id_token', scope: 'openid profile email', nonce: 'nonce-456' },
      extraParams: { login_hint: 'zoë@example.com' },
      connection: 'Username-Password-Authentication',
    });
    // The tenant's signed transaction state, never the application's.
    expect(config.internalOptions.state).not.toBe('state-123');
    expect(config.internalOptions._csrf).toEqual(expect.any(String));

    const nonce = /'nonce-([^']+)'/.exec(String(reply.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(reply.text.match(/<(script|style) nonce="([^"]+)"/g)).toHaveLength(4);
    expect([...reply.text.matchAll(/nonce="([^"]+)"/g)].every((m) => m[1] === nonce)).toBe(true);
    expect(reply.headers['content-security-policy']).toContain(`style-src 'nonce-${nonce}'`);
    expect(reply.headers['content-security-policy']).toContain(`form-action 'self' http://127.0.0.1:3000`);
  });

  it('uses a new nonce and the current template at each request', async () => {
    const first = await send(tenant, authorizePath(implicitParams()));
    writeFileSync(file, TEMPLATE.replace('Log in', 'Sign in'));
    const second = await send(tenant, authorizePath(implicitParams()));
    expect(second.text).toContain('Sign in');
    expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
  });

  it('refuses to start without the template, and is a CLI flag', async () => {
    await expect(startQuickTenant({ http: true, loginPage: join(dir, 'missing.html') })).rejects.toThrow(
      'Login page template not found',
    );
    expect(parseArgs(['--login-page', file])).toEqual({ kind: 'run', options: { port: 4400, loginPage: file } });
    expect(parseArgs(['--login-page='])).toMatchObject({ kind: 'error' });
    // --cert-file (for the Node example): the certificate only exists over HTTPS.
    expect(parseArgs(['--cert-file', 'c.pem'])).toEqual({ kind: 'run', options: { port: 4400 }, certFile: 'c.pem' });
    expect(parseArgs(['--cert-file', 'c.pem', '--http'])).toEqual({
      kind: 'error',
      message: '--cert-file needs HTTPS (drop --http)',
    });
  });

  it('serves scripts beside the template at /static/login-page/, and nothing else', async () => {
    writeFileSync(join(dir, 'lock-page.js'), 'window.loaded = true;');
    writeFileSync(join(dir, 'notes.txt'), 'private');
    const script = await send(tenant, '/static/login-page/lock-page.js');
    expect(script.status).toBe(200);
    expect(script.text).toBe('window.loaded = true;');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    for (const path of ['notes.txt', 'missing.js', '..%2Flogin.js', '../login.html', 'sub/lock-page.js'])
      expect((await send(tenant, `/static/login-page/${path}`)).status).toBe(404);
    // A tenant without a login page serves none.
    const other = await startQuickTenant({ http: true });
    try {
      expect((await send(other, '/static/login-page/lock-page.js')).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
