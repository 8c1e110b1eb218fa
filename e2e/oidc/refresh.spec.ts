/**
 * Rotating refresh tokens and logout's revocation against oidc-provider, for the UMD and ESM
 * builds: `usePKCE` + `useRefreshTokens` + `cacheLocation: 'localstorage'` across reloads. The
 * provider's own events and introspection say what happened to each token, not only the page.
 */
import { describe, expect, it } from 'vitest';
import { formatJourney, journeyRows } from './journey.js';
import { openApp, parseHash, type LibBuild } from '../support/flow.js';
import { callback, loginAtProvider } from './flow.js';
import { storedRefreshToken, useProviderHarness } from './harness.js';
import { ACCOUNT, CLIENT_ID } from './provider.js';

const h = useProviderHarness();

const refreshing = (lib: LibBuild) =>
  h.config(lib, { responseType: 'code', usePKCE: true, useRefreshTokens: true, cacheLocation: 'localstorage' });

/**
 * Signs in with the code flow. oidc-provider issues a refresh token for `offline_access` only when
 * the request also says `prompt=consent` (OpenID Connect Core 11); the identity service does not ask.
 */
async function signedIn(lib: LibBuild): Promise<string> {
  await openApp(h.page, h.app.url, lib);
  await loginAtProvider(h.page, h.app.url, refreshing(lib), { prompt: 'consent' });
  const login = await parseHash(h.page, refreshing(lib));
  expect(login.err).toBeNull();
  expect(login.result).toMatchObject({ hasRefreshToken: true, refreshToken: null });
  const token = await storedRefreshToken(h.page);
  expect(token).toBeTruthy();
  return token!;
}

/** Reloads the app page, then checkSession (a refresh grant); returns the token stored after it. */
async function reloadAndRenew(lib: LibBuild): Promise<string> {
  await h.page.reload();
  const renewed = await callback(h.page, refreshing(lib), 'checkSession');
  expect(renewed.err).toBeNull();
  expect((renewed.result as Record<string, any>).idTokenPayload.sub).toBe(ACCOUNT.sub);
  return (await storedRefreshToken(h.page))!;
}

const eventsFor = (jti: string) => h.op.events.filter((e) => e.jti === jti).map((e) => e.name);

describe.each(['umd', 'esm'] as const satisfies readonly LibBuild[])('oidc-provider: refresh tokens (%s)', (lib) => {
  it('rotate once per renewal across reloads; the provider refuses a reused one', async () => {
    const first = await signedIn(lib);
    const second = await reloadAndRenew(lib);
    const third = await reloadAndRenew(lib);
    expect(new Set([first, second, third]).size).toBe(3);
    // Opaque tokens: the value is the provider's id for it. Each was issued, then consumed once.
    expect(eventsFor(first)).toEqual(['refresh_token.saved', 'refresh_token.consumed']);
    expect(eventsFor(second)).toEqual(['refresh_token.saved', 'refresh_token.consumed']);
    expect(eventsFor(third)).toEqual(['refresh_token.saved']);
    expect(await h.op.introspect(first, 'refresh_token')).toEqual({ active: false });
    expect(await h.op.introspect(third, 'refresh_token')).toMatchObject({ active: true, client_id: CLIENT_ID });

    // The old token replayed: refused, and the provider revokes the whole grant (reuse detection).
    const replay = await h.op.send('POST', '/oauth/token', {
      form: { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: first },
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    expect(await h.op.introspect(third, 'refresh_token')).toEqual({ active: false });
    const after = await callback(h.page, refreshing(lib), 'checkSession');
    expect(after.err?.json).toMatchObject({ error: 'login_required' });
  });

  it('logout revokes the refresh token (form body, token_type_hint) before leaving', async () => {
    const token = await signedIn(lib);
    expect(await h.op.introspect(token, 'refresh_token')).toMatchObject({ active: true });
    const revoked = h.page.waitForRequest((r) => new URL(r.url()).pathname === '/oauth/revoke');
    const left = h.page.waitForRequest((r) => new URL(r.url()).pathname === '/v2/logout');
    const cfg = refreshing(lib);
    await h.page.evaluate(async (cfg) => {
      new (await (window as any).libReady).WebAuth(cfg).logout({ returnTo: cfg.redirectUri, clientID: cfg.clientID });
    }, cfg);
    const request = await revoked;
    expect(request.headers()['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(request.postData() ?? ''))).toEqual({
      client_id: CLIENT_ID,
      token,
      token_type_hint: 'refresh_token',
    });
    await left;
    // The provider's side: the token is gone.
    await h.op.waitForEvent('refresh_token.destroyed', token);
    expect(await h.op.introspect(token, 'refresh_token')).toEqual({ active: false });
  });

  it('the journey (login, reload + renewal, logout) sends form bodies; its requests are printed', async () => {
    const before = h.op.requests.length;
    await signedIn(lib);
    const current = await reloadAndRenew(lib);
    const left = h.page.waitForRequest((r) => new URL(r.url()).pathname === '/v2/logout');
    const revoked = h.page.waitForRequest((r) => new URL(r.url()).pathname === '/oauth/revoke');
    await h.page.evaluate(async (cfg) => {
      new (await (window as any).libReady).WebAuth(cfg).logout({ returnTo: cfg.redirectUri, clientID: cfg.clientID });
    }, refreshing(lib));
    await Promise.all([left, revoked]);
    await h.op.waitForEvent('refresh_token.destroyed', current);
    const journey = h.op.requests.slice(before);
    console.log(`oidc-provider journey (${lib}):\n${formatJourney(journey, h.app.url)}`);
    const fromApp = journeyRows(journey, h.app.url).filter((r) => r.from === 'app' && r.method === 'POST');
    expect(fromApp.map((r) => [r.path, r.contentType])).toEqual([
      ['/oauth/token', 'application/x-www-form-urlencoded'],
      ['/oauth/token', 'application/x-www-form-urlencoded'],
      ['/oauth/revoke', 'application/x-www-form-urlencoded'],
    ]);
  });
});
