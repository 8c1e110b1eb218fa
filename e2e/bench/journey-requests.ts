/**
 * The requests of one `usePKCE` + `useRefreshTokens` + `logout` journey, as the server received
 * them: method, path, body type, the page's Origin, and whether a CORS preflight came first.
 * `node scripts/run-e2e-ts.mjs e2e/bench/journey-requests.ts [--lib umd|esm] [--server tenant|oidc]
 * [--no-telemetry]`.
 * Prints the list; asserts nothing (e2e/oidc/journey.spec.ts asserts on the oidc-provider one).
 */
import { parseArgs } from 'node:util';
import { startTenant } from '../tenant/index.js';
import { startAppServer } from '../support/app-server.js';
import { launchChromium, newTestContext } from '../support/browser.js';
import { openApp, parseHash, signIn, startLogin, type AppConfig, type LibBuild } from '../support/flow.js';
import { startSecureApp } from '../oidc/secure-app.js';
import { loginAtProvider } from '../oidc/flow.js';
import { formatJourney, type SeenRequest } from '../oidc/journey.js';

const { values: args } = parseArgs({
  options: {
    lib: { type: 'string', default: 'umd' },
    server: { type: 'string', default: 'tenant' },
    // Without the Auth0-Client header: what the body type alone costs in preflights.
    'no-telemetry': { type: 'boolean', default: false },
  },
});
const lib = args.lib as LibBuild;

interface Server {
  domain: string;
  requests: SeenRequest[];
  /** Resolves once the server has handled the revocation (by its own events where it has them). */
  waitForEvent?(name: string): Promise<void>;
  close(): Promise<void>;
}

async function main() {
  const oidc = args.server === 'oidc';
  const [app, browser] = await Promise.all([oidc ? startSecureApp() : startAppServer(), launchChromium()]);
  // Imported only when used: oidc-provider prints a runtime warning when it loads.
  const server: Server = oidc
    ? await (await import('../oidc/provider.js')).startOidcProvider({ appOrigin: app.url })
    : await startTenant({ testEndpoints: true });
  try {
    const cfg: AppConfig = {
      domain: server.domain,
      clientID: 'spa-client',
      redirectUri: `${app.url}/pages/app.html?lib=${lib}`,
      responseType: 'code',
      usePKCE: true,
      useRefreshTokens: true,
      cacheLocation: 'localstorage',
      ...(args['no-telemetry'] ? { _sendTelemetry: false } : {}),
    };
    const page = await (await newTestContext(browser)).newPage();
    await openApp(page, app.url, lib);
    // oidc-provider keeps offline_access only with prompt=consent (OpenID Connect Core 11).
    if (oidc) await loginAtProvider(page, app.url, cfg, { prompt: 'consent' });
    else {
      await startLogin(page, cfg);
      await signIn(page, app.url);
    }
    const login = await parseHash(page, cfg);
    if (login.err) throw new Error(`login failed: ${JSON.stringify(login.err)}`);
    await page.reload();
    await page.evaluate(async (cfg) => new (await (window as any).libReady).WebAuth(cfg).checkSession({}), cfg);
    // The provider's logout page can take over before Playwright sees the revocation's answer.
    const revoked = server.waitForEvent
      ? server.waitForEvent('refresh_token.destroyed')
      : page.waitForResponse((r) => new URL(r.url()).pathname === '/oauth/revoke');
    const left = page.waitForRequest((r) => new URL(r.url()).pathname === '/v2/logout');
    await page.evaluate(async (cfg) => {
      new (await (window as any).libReady).WebAuth(cfg).logout({ returnTo: cfg.redirectUri, clientID: cfg.clientID });
    }, cfg);
    await Promise.all([revoked, left]);
    const telemetry = args['no-telemetry'] ? ', _sendTelemetry: false' : '';
    console.log(`${args.server} (${lib}${telemetry}): the journey's requests to ${server.domain}, app on ${app.url}`);
    console.log(formatJourney(server.requests, app.url));
  } finally {
    await Promise.all([browser.close(), server.close(), app.close()]);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
