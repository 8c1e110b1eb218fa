/**
 * GET /local/test-user.js: a script that names the built-in test user to the example pages, only
 * when the tenant runs its development defaults (`showTestUser`: the command without `--config`),
 * else `null`. A script, so a page on any origin loads it with no CORS; the user and password are
 * the published ones of the built-in definition, never a user's own.
 */
import { ALICE } from '../config/builtin.js';
import type { Handler } from '../http/types.js';

export const TEST_USER_SCRIPT_PATH = '/local/test-user.js';

export const testUserScript: Handler = (ctx) => {
  const user = ctx.tenant.showTestUser ? { email: ALICE.email, password: ALICE.password } : null;
  ctx.res.writeHead(200, {
    'Content-Type': 'application/javascript; charset=utf-8',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  ctx.res.end(`window.LOCAL_TENANT_TEST_USER = ${JSON.stringify(user)};\n`);
};
