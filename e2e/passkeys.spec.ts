/**
 * Passkeys (issue 48) in Chromium, UMD and ESM, against the local tenant's passkey API, with a
 * virtual platform authenticator (CDP WebAuthn: ctap2, internal, resident keys, user
 * verification). WebAuthn needs a secure context and refuses IP addresses as RP IDs, so the app
 * runs on http://localhost:PORT (Chromium maps localhost to the app server's loopback address) and
 * the tenant's RP ID is `localhost`.
 */
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { defaultDefinition, startTenant, type RunningTenant } from './tenant/index.js';
import { newTestContext } from './support/browser.js';
import { appUrl, openApp, type AppConfig, type LibBuild } from './support/flow.js';
import { useBrowserHarness } from './support/harness.js';
import { suiteTenantOptions } from './support/suite-tenant.js';
import { addPortableAuthenticator } from './support/virtual-authenticator.js';
import { addVirtualAuthenticator as addTenantAuthenticator } from './tenant/playwright/index.js';

/** A virtual passkey authenticator for `page` (the tenant package's test helper). */
const addVirtualAuthenticator = (page: Page) => addTenantAuthenticator(page.context(), page);

const h = useBrowserHarness();
const GRANT = 'urn:okta:params:oauth:grant-type:webauthn';
/** The app on a host name: WebAuthn takes no IP address as RP ID. */
const appOrigin = () => h.app.url.replace('127.0.0.1', 'localhost');
let emails = 0;
const newEmail = (lib: LibBuild) => `passkey-${lib}-${++emails}-${Date.now()}@example.com`;

const passkeyApp = (lib: LibBuild, extra: Record<string, unknown> = {}): AppConfig => ({
  domain: h.tenant.domain,
  clientID: 'spa-client',
  redirectUri: appUrl(appOrigin(), lib),
  responseType: 'code',
  usePKCE: true,
  ...extra,
});
const refreshApp = (lib: LibBuild, extra: Record<string, unknown> = {}) =>
  passkeyApp(lib, { useRefreshTokens: true, cacheLocation: 'localstorage', ...extra });

/** What a call gave, as it crossed the page boundary (the error's own fields, name, cause's name). */
interface Outcome {
  result?: any;
  err?: Record<string, any>;
}

/**
 * Runs `webAuth.passkey[method](options)` in the page on a new instance built from `config`.
 */
function passkey(page: Page, config: AppConfig, method: 'signup' | 'login', options: Record<string, unknown>) {
  return page.evaluate(
    async ([config, method, options]) => {
      const lib = await (window as any).libReady;
      try {
        return { result: await new lib.WebAuth(config).passkey[method](options) };
      } catch (e: any) {
        const own = JSON.parse(JSON.stringify(e));
        return { err: { ...own, name: e.name, message: e.message, cause: e.cause?.name, mfa: 'mfa_token' in e } };
      }
    },
    [config, method, options] as const,
  ) as Promise<Outcome>;
}

/** The tenant's record of the webauthn grant requests and passkey challenges since `from`. */
const passkeyRequests = (tenant: RunningTenant, from = 0) =>
  tenant.requests
    .slice(from)
    .filter((r) => r.method === 'POST') // not the CORS preflights
    .filter((r) => r.path.startsWith('/passkey/') || (r.body as any)?.grant_type === GRANT);

describe.each(['umd', 'esm'] as const)('passkeys (%s)', (lib) => {
  it('sign-up, then sign-in in a new page with the same passkey: the same sub; JSON requests', async () => {
    const scripts: string[] = [];
    h.page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await openApp(h.page, appOrigin(), lib);
    // The passkey code loads on first use only (UMD: a chunk file beside the main file).
    expect(scripts.filter((s) => s.includes('passkeys'))).toEqual([]);
    const authenticator = await addPortableAuthenticator(h.page);
    const from = h.tenant.requests.length;
    const email = newEmail(lib);
    const signup = await passkey(h.page, passkeyApp(lib), 'signup', { email, name: 'Passkey User' });
    expect(signup.err).toBeUndefined();
    expect(signup.result).toMatchObject({ tokenType: 'Bearer', refreshToken: null, appState: null });
    if (lib === 'umd') expect(scripts).toContain('/dist/webauth.passkeys.min.js');
    const sub = signup.result.idTokenPayload.sub as string;
    expect(sub).toMatch(/^auth0\|/);
    expect(signup.result.idTokenPayload).toMatchObject({ aud: 'spa-client', email });

    const [register, grant] = passkeyRequests(h.tenant, from);
    expect(register).toMatchObject({ method: 'POST', path: '/passkey/register' });
    expect(register!.headers['content-type']).toBe('application/json');
    expect(register!.body).toEqual({
      client_id: 'spa-client',
      user_profile: { email, name: 'Passkey User' },
    });
    expect(grant!.headers['content-type']).toBe('application/json');
    expect(grant!.body).toMatchObject({
      grant_type: GRANT,
      client_id: 'spa-client',
      scope: 'openid profile email',
      authn_response: { type: 'public-key', authenticatorAttachment: 'platform', response: {} },
    });
    expect(Object.keys((grant!.body as any).authn_response.response).sort()).toEqual([
      'attestationObject',
      'clientDataJSON',
    ]);
    const [held] = await authenticator.credentials();
    expect(held).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // Another page, with nothing of the first one (storage, memory), and the same passkey.
    const context = await newTestContext(h.browser);
    try {
      const page = await context.newPage();
      await openApp(page, appOrigin(), lib);
      await (await addPortableAuthenticator(page)).import(await authenticator.export());
      const login = await passkey(page, passkeyApp(lib), 'login', {});
      expect(login.err).toBeUndefined();
      expect(login.result.idTokenPayload.sub).toBe(sub);
      const assertion = passkeyRequests(h.tenant, from).at(-1)!;
      expect(Object.keys((assertion.body as any).authn_response.response).sort()).toEqual([
        'authenticatorData',
        'clientDataJSON',
        'signature',
        'userHandle',
      ]);
    } finally {
      await context.close();
    }
  });

  it('useRefreshTokens: a reload renews by refresh token, without an iframe', async () => {
    await openApp(h.page, appOrigin(), lib);
    await addVirtualAuthenticator(h.page);
    const signup = await passkey(h.page, refreshApp(lib), 'signup', { email: newEmail(lib) });
    expect(signup.err).toBeUndefined();
    expect(signup.result).toMatchObject({ hasRefreshToken: true, refreshToken: null });
    const grant = passkeyRequests(h.tenant).at(-1)!;
    expect((grant.body as any).scope).toBe('openid profile email offline_access');

    const from = h.tenant.requests.length;
    await h.page.reload();
    const renewed = await h.page.evaluate(async (config) => {
      const lib = await (window as any).libReady;
      return new lib.WebAuth(config).checkSession({});
    }, refreshApp(lib));
    expect(renewed.idTokenPayload.sub).toBe(signup.result.idTokenPayload.sub);
    const later = h.tenant.requests.slice(from);
    expect(later.filter((r) => r.path === '/authorize')).toEqual([]);
    expect(later.filter((r) => (r.body as any)?.grant_type === 'refresh_token')).toHaveLength(1);
  });

  it('useDpop: the grant carries a proof and the tokens are bound to the page key', async () => {
    await openApp(h.page, appOrigin(), lib);
    await addVirtualAuthenticator(h.page);
    const proofs: { url: string; proof: string }[] = [];
    h.page.on('request', (r) => {
      const proof = r.headers()['dpop'];
      if (proof) proofs.push({ url: r.url(), proof });
    });
    const config = refreshApp(lib, { useDpop: true });
    const outcome = await h.page.evaluate(
      async ([config, email]) => {
        const lib = await (window as any).libReady;
        const webAuth = new lib.WebAuth(config);
        const result = await webAuth.passkey.signup({ email });
        const profile = await webAuth.client.userInfo(result.accessToken);
        const bearer = await fetch(`https://${config.domain}/userinfo`, {
          headers: { authorization: `Bearer ${result.accessToken}` },
        });
        return { result, profile, jkt: await webAuth.dpop.thumbprint(), bearer: bearer.status };
      },
      [config, newEmail(lib)] as const,
    );
    expect(outcome.result.tokenType).toBe('DPoP');
    expect(outcome.profile.sub).toBe(outcome.result.idTokenPayload.sub);
    const grant = proofs.filter((p) => new URL(p.url).pathname === '/oauth/token');
    expect(grant).toHaveLength(1);
    const header = decodeProtectedHeader(grant[0]!.proof);
    expect(await calculateJwkThumbprint(header.jwk as JWK)).toBe(outcome.jkt);
    expect(decodeJwt(outcome.result.accessToken).cnf).toEqual({ jkt: outcome.jkt });
    expect(outcome.bearer).toBe(401); // a copied token without the key is refused
    // The challenges carry no proof: only the token request is bound.
    expect(proofs.filter((p) => new URL(p.url).pathname.startsWith('/passkey/'))).toEqual([]);
  });

  it('no passkey for this site: passkey_cancelled with the browser NotAllowedError, no token request', async () => {
    await openApp(h.page, appOrigin(), lib);
    await addVirtualAuthenticator(h.page); // empty
    const from = h.tenant.requests.length;
    const login = await passkey(h.page, refreshApp(lib), 'login', {});
    expect(login.err).toMatchObject({
      name: 'PasskeyError',
      code: 'passkey_cancelled',
      error: 'passkey_cancelled',
      cause: 'NotAllowedError',
    });
    expect(passkeyRequests(h.tenant, from).map((r) => r.path)).toEqual(['/passkey/challenge']);
    expect(await h.page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('refresh')))).toEqual([]);
  });

  it('a replayed auth_session is refused (invalid_grant), and nothing is kept of the refused call', async () => {
    await openApp(h.page, appOrigin(), lib);
    await addVirtualAuthenticator(h.page);
    const config = refreshApp(lib);
    expect((await passkey(h.page, config, 'signup', { email: newEmail(lib) })).err).toBeUndefined();
    await h.page.evaluate(() => localStorage.clear()); // signed out here; the passkey stays
    const outcome = await h.page.evaluate(async (config) => {
      const lib = await (window as any).libReady;
      const { client } = new lib.WebAuth(config);
      const { authSession, publicKey } = await client.getLoginChallenge({});
      const credential = await navigator.credentials.get({ publicKey });
      const first = await client.getTokenWithPasskey({ authSession, credential });
      localStorage.clear();
      const replay = await client.getTokenWithPasskey({ authSession, credential }).catch((e: any) => e);
      return {
        first: first.idTokenPayload.sub,
        replay: { name: replay.name, code: replay.code, statusCode: replay.statusCode },
        kept: Object.keys(localStorage).filter((k) => k.includes('refresh')),
      };
    }, config);
    expect(outcome.first).toMatch(/^auth0\|/);
    expect(outcome.replay).toEqual({ name: 'PasskeyError', code: 'invalid_grant', statusCode: 400 });
    expect(outcome.kept).toEqual([]);
  });
});

describe.each(['umd', 'esm'] as const)('passkeys for another RP ID (%s)', (lib) => {
  /** A tenant whose RP ID is not this page's. */
  let other: RunningTenant;
  beforeAll(async () => {
    other = await startTenant({
      ...(await suiteTenantOptions()),
      config: { ...defaultDefinition(), passkeys: { rp_id: 'example.test' } },
    });
  });
  afterAll(() => other?.close());

  it('the browser refuses the ceremony, and the tenant a credential made for another RP ID', async () => {
    await openApp(h.page, appOrigin(), lib);
    await addVirtualAuthenticator(h.page);
    const config = passkeyApp(lib, { domain: other.domain });
    // The tenant names an RP ID this page may not use: Chromium refuses before any prompt.
    const refused = await passkey(h.page, config, 'signup', { email: newEmail(lib) });
    expect(refused.err).toMatchObject({ code: 'passkey_not_supported', cause: 'SecurityError' });
    // A passkey of the page's own RP ID (localhost) answering this tenant's challenge.
    const outcome = await h.page.evaluate(
      async ([config, email]) => {
        const lib = await (window as any).libReady;
        const { client } = new lib.WebAuth(config);
        const { authSession, publicKey } = await client.getSignupChallenge({ email });
        const credential = await navigator.credentials.create({ publicKey: { ...publicKey, rp: { name: 'x' } } });
        const err = await client.getTokenWithPasskey({ authSession, credential }).catch((e: any) => e);
        return { name: err.name, code: err.code, statusCode: err.statusCode };
      },
      [config, newEmail(lib)] as const,
    );
    expect(outcome).toEqual({ name: 'PasskeyError', code: 'invalid_grant', statusCode: 400 });
    expect(other.requests.filter((r) => r.method === 'POST' && r.path === '/oauth/token')).toHaveLength(1);
  });
});
