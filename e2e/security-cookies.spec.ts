/**
 * Cookie tossing in Chromium (issue 16 §1 "Transactions", §3 storage; SECURITY.md "Transactions
 * against sibling subdomains"; COMPATIBILITY.md S13). The app runs on https://app.test; a sibling,
 * https://evil.app.test, plants transaction cookies for `Domain=app.test` before the login. With no
 * `cookieDomain`, the library keeps its own transaction in a `__Host-` cookie, which no sibling can
 * set and which is read first, so the planted cookie neither replaces the real transaction nor
 * lets a response with a planted state through. Both hosts map to 127.0.0.1 (browser.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright';
import { defaultDefinition } from './tenant/index.js';
import { useBrowserHarness } from './support/harness.js';
import { startHttpsProxy, type HttpsProxy } from './support/https-proxy.js';
import { BOB, openApp, parseHash, signIn, startLogin, type AppConfig, type LibBuild } from './support/flow.js';

const definition = defaultDefinition();
for (const client of definition.clients.filter((c) => c.client_id === 'spa-client')) {
  client.callbacks.push('https://app.test:*/*');
  client.web_origins.push('https://app.test:*');
}
const h = useBrowserHarness({ testEndpoints: true, config: definition });
let proxy: HttpsProxy;
beforeAll(async () => void (proxy = await startHttpsProxy(h.app.url)));
afterAll(() => proxy.close());

const appOrigin = () => `https://app.test:${proxy.port}`;
const config = (lib: LibBuild): AppConfig => ({
  domain: h.tenant.domain,
  clientID: 'spa-client',
  redirectUri: `${appOrigin()}/pages/app.html?lib=${lib}`,
  responseType: 'token id_token',
});
const NS = 'com.auth0.auth.';
const planted = (state: string) => ({ nonce: 'planted-nonce-0123456789abcdef', state, appState: 'planted' });

/** From a page of https://evil.app.test, sets each cookie for Domain=app.test, as v10 would write it. */
async function toss(context: BrowserContext, cookies: Record<string, unknown>): Promise<void> {
  const url = `https://evil.app.test:${proxy.port}/toss.html`;
  await context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
  const evil = await context.newPage();
  await evil.goto(url);
  const seen = await evil.evaluate((cookies) => {
    for (const [name, value] of Object.entries(cookies)) {
      const encoded = encodeURIComponent(JSON.stringify(value));
      document.cookie = `${name}=${encoded}; domain=app.test; path=/; secure; samesite=none`;
    }
    // Read back before the page closes: the writes are then made, not only queued.
    return document.cookie;
  }, cookies);
  for (const name of Object.keys(cookies)) expect(seen).toContain(`${name}=`);
  await evil.close();
  // The browser's cookie store may still answer from before the writes for a moment: wait for them.
  const tossed = async () =>
    (await context.cookies(appOrigin()))
      .filter((c) => c.domain === '.app.test')
      .map((c) => c.name)
      .sort();
  await expect.poll(tossed, { timeout: 5000 }).toEqual(Object.keys(cookies).sort());
}

describe.each(['umd', 'esm'] as const)('a sibling subdomain tosses transaction cookies (%s build)', (lib) => {
  it('STN-B1 (RFC 6265bis __Host- prefix; browser-based-apps BCP, cookie tossing): a same-named cookie planted before the login does not replace the library’s __Host- transaction', async () => {
    const state = 'app-chosen-state-0123456789abcdef'; // an app-supplied state is known in advance
    await toss(h.context, { [NS + state]: planted(state), [`_${NS}${state}_compat`]: planted(state) });
    await openApp(h.page, appOrigin(), lib);
    await startLogin(h.page, config(lib), { state, appState: 'real' });
    const ours = (await h.context.cookies(appOrigin())).find((c) => c.name === `__Host-${NS}${state}`);
    expect(ours).toMatchObject({ domain: 'app.test', path: '/', secure: true, sameSite: 'Lax' });
    await signIn(h.page, appOrigin());
    const hash = new URL(h.page.url()).hash;

    const real = await parseHash(h.page, config(lib));
    expect(real.err).toBeNull();
    expect(real.result).toMatchObject({ appState: 'real', state, idTokenPayload: { email: 'alice@example.com' } });
    // Used once: a replay now finds only the planted cookie, whose nonce is not the token's.
    const replay = await parseHash(h.page, config(lib), { hash });
    expect(replay.result).toBeNull();
    expect(replay.err).toMatchObject({ isError: true, json: { error: 'invalid_token' } });
  });

  it('STN-B2 (RFC 9700 §4.7.1, CSRF): a response rewritten to a planted state fails with invalid_token; the real state still succeeds', async () => {
    const evilState = 'planted-state-0123456789abcdef';
    await toss(h.context, { [NS + evilState]: planted(evilState) });
    await openApp(h.page, appOrigin(), lib);
    await startLogin(h.page, config(lib), { appState: 'real' });
    await signIn(h.page, appOrigin());
    const hash = new URL(h.page.url()).hash;
    const rewritten = hash.replace(/([#&])state=[^&]*/, `$1state=${evilState}`);
    expect(rewritten).not.toBe(hash);

    const forged = await parseHash(h.page, config(lib), { hash: rewritten });
    expect(forged.result).toBeNull();
    expect(forged.err).toMatchObject({ isError: true, json: { error: 'invalid_token' } });
    const real = await parseHash(h.page, config(lib), { hash });
    expect(real.err).toBeNull();
    expect(real.result).toMatchObject({ appState: 'real', idTokenPayload: { email: 'alice@example.com' } });
  });
});

describe('STN-B3: the same toss against auth0-js 10.2.1 (the reference)', () => {
  it('its first-cookie-wins read takes the planted transaction, so the real login fails', async () => {
    const state = 'app-chosen-state-0123456789abcdef';
    await toss(h.context, { [NS + state]: planted(state), [`_${NS}${state}_compat`]: planted(state) });
    await openApp(h.page, appOrigin(), 'ref');
    await startLogin(h.page, config('ref'), { state, appState: 'real' });
    await signIn(h.page, appOrigin());
    const real = await parseHash(h.page, config('ref'));
    expect(real.result).toBeNull();
    expect(real.err).toMatchObject({ json: { error: 'invalid_token' } });
  });
});

// STN-B4: where the __Host- cookie is written (https, no cookieDomain) v10's names are not read, so
// a sibling that plants a v10-named transaction for the state and nonce of its own login (login
// CSRF) gets nowhere (COMPATIBILITY D22; until this round it was a documented residual).
describe('STN-B4: a planted v10-named transaction for the attacker’s own login', () => {
  it('is refused, with and without the planted cookie', async () => {
    const state = 'attacker-state-0123456789abcdef';
    const nonce = 'attacker-nonce-0123456789abcdef';
    // The attacker's own browser: a login as bob, its response kept instead of parsed.
    const attacker = await h.browser.newContext({ ignoreHTTPSErrors: true });
    const page = await attacker.newPage();
    await openApp(page, appOrigin(), 'umd');
    await startLogin(page, config('umd'), { state, nonce });
    await signIn(page, appOrigin(), BOB);
    const bobsResponse = new URL(page.url()).hash;
    await attacker.close();

    await openApp(h.page, appOrigin(), 'umd');
    const refused = await parseHash(h.page, config('umd'), { hash: bobsResponse });
    expect(refused.err).toMatchObject({ json: { error: 'invalid_token' } });

    await toss(h.context, { [NS + state]: { nonce, state } });
    const planted = await parseHash(h.page, config('umd'), { hash: bobsResponse });
    expect(planted.err).toMatchObject({ json: { error: 'invalid_token' } });
    expect(planted.result).toBeNull();
  });
});
