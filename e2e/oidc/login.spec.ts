/**
 * Redirect login and checkSession (web_message in a hidden iframe) against oidc-provider, an
 * independent OpenID-certified server, for the UMD and ESM builds: v10's implicit flow, then the
 * code flow with PKCE. Every check also reads the provider's side (its request log, introspection).
 */
import { describe, expect, it } from 'vitest';
import { openApp, parseHash, type LibBuild } from '../support/flow.js';
import { callback, loginAtProvider } from './flow.js';
import { useProviderHarness } from './harness.js';
import { ACCOUNT, CLIENT_ID } from './provider.js';

const h = useProviderHarness();

/** The provider's log from `before` on, for one path. */
const seen = (before: number, path: string) => h.op.requests.slice(before).filter((r) => r.path === path);

describe.each(['umd', 'esm'] as const satisfies readonly LibBuild[])('oidc-provider: login (%s)', (lib) => {
  it('v10 implicit redirect login, then checkSession by web_message', async () => {
    const cfg = h.config(lib);
    await openApp(h.page, h.app.url, lib);
    await loginAtProvider(h.page, h.app.url, cfg);
    const login = await parseHash(h.page, cfg);
    expect(login.err).toBeNull();
    const first = login.result as Record<string, any>;
    expect(first).toMatchObject({ tokenType: 'Bearer' });
    expect(first.idTokenPayload).toMatchObject({ sub: ACCOUNT.sub, iss: h.op.issuer, aud: CLIENT_ID });
    // The provider issued that access token to this client for this account.
    expect(await h.op.introspect(first.accessToken, 'access_token')).toMatchObject({
      active: true,
      client_id: CLIENT_ID,
      sub: ACCOUNT.sub,
    });

    const before = h.op.requests.length;
    const again = await callback(h.page, cfg, 'checkSession');
    expect(again.err).toBeNull();
    const renewed = again.result as Record<string, any>;
    expect(renewed.idTokenPayload.sub).toBe(ACCOUNT.sub);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(seen(before, '/authorize').map((r) => r.query)).toEqual([
      expect.objectContaining({ prompt: 'none', response_mode: 'web_message', response_type: 'token id_token' }),
    ]);
    expect(await h.op.introspect(renewed.accessToken, 'access_token')).toMatchObject({
      active: true,
      sub: ACCOUNT.sub,
    });
    expect(await h.page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0);
  });

  it('usePKCE redirect login with a form-encoded code exchange, then checkSession by web_message', async () => {
    const cfg = h.config(lib, { responseType: 'code', usePKCE: true });
    await openApp(h.page, h.app.url, lib);
    await loginAtProvider(h.page, h.app.url, cfg);
    expect(new URL(h.page.url()).searchParams.has('code')).toBe(true);
    const before = h.op.requests.length;
    const login = await parseHash(h.page, cfg);
    expect(login.err).toBeNull();
    const first = login.result as Record<string, any>;
    expect(first.idTokenPayload).toMatchObject({ sub: ACCOUNT.sub, iss: h.op.issuer });
    const [exchange] = seen(before, '/oauth/token').filter((r) => r.method === 'POST');
    expect(exchange?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(await h.op.introspect(first.accessToken, 'access_token')).toMatchObject({ active: true, sub: ACCOUNT.sub });

    const silent = h.op.requests.length;
    const again = await callback(h.page, cfg, 'checkSession');
    expect(again.err).toBeNull();
    const renewed = again.result as Record<string, any>;
    expect(renewed.idTokenPayload.sub).toBe(ACCOUNT.sub);
    expect(seen(silent, '/authorize').map((r) => r.query)).toEqual([
      expect.objectContaining({
        prompt: 'none',
        response_mode: 'web_message',
        response_type: 'code',
        code_challenge_method: 'S256',
      }),
    ]);
    expect(seen(silent, '/oauth/token').filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await h.op.introspect(renewed.accessToken, 'access_token')).toMatchObject({
      active: true,
      sub: ACCOUNT.sub,
    });
  });
});
