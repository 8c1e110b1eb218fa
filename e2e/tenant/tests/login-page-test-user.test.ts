/** The hosted login page names the built-in test user only for the command's development defaults. */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { ALICE } from '../config/builtin.js';
import { type RunningTenant, type TenantOptions } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { authorizePath, implicitParams, send } from '../testing/test-client.js';

let tenant: RunningTenant | undefined;
afterEach(async () => {
  await tenant?.close();
  tenant = undefined;
});

async function loginPage(options: TenantOptions): Promise<string> {
  tenant = await startQuickTenant({ http: true, ...options });
  const reply = await send(tenant, authorizePath(implicitParams()));
  expect(reply.status).toBe(200);
  expect(reply.text).toContain('id="login-form"');
  return reply.text;
}

describe('the test user on the hosted login page', () => {
  it('is shown with the built-in definition when the command asks for it', async () => {
    const html = await loginPage({ showTestUser: true });
    expect(html).toContain('id="test-user"');
    expect(html).toContain(`<code>${ALICE.email}</code>`);
    expect(html).toContain(`<code>${ALICE.password}</code>`);
  });

  it('is not shown by default (tests, startTenant)', async () => {
    const html = await loginPage({});
    expect(html).not.toContain('id="test-user"');
    expect(html).not.toContain(ALICE.password);
  });

  it("is never shown with a definition of the user's own, even when asked", async () => {
    const html = await loginPage({ showTestUser: true, config: defaultDefinition() });
    expect(html).not.toContain('id="test-user"');
    expect(html).not.toContain(ALICE.password);
  });
});

describe('the test user for the example pages (GET /local/test-user.js)', () => {
  async function script(options: TenantOptions): Promise<string> {
    tenant = await startQuickTenant({ http: true, ...options });
    const reply = await send(tenant, '/local/test-user.js');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('javascript');
    return reply.text;
  }

  it('names the built-in user with the development defaults', async () => {
    expect(await script({ showTestUser: true })).toBe(
      `window.LOCAL_TENANT_TEST_USER = ${JSON.stringify({ email: ALICE.email, password: ALICE.password })};\n`,
    );
  });

  it("is null by default and with a definition of the user's own", async () => {
    expect(await script({})).toBe('window.LOCAL_TENANT_TEST_USER = null;\n');
    await tenant!.close();
    expect(await script({ showTestUser: true, config: defaultDefinition() })).toBe(
      'window.LOCAL_TENANT_TEST_USER = null;\n',
    );
  });
});
