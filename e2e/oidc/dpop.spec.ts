/**
 * `useDpop` against oidc-provider, for the UMD and ESM builds, with and without the provider's
 * DPoP nonces: the provider's introspection shows every access token bound to the key the page
 * holds (cnf.jkt), and the same token copied out and presented as Bearer is refused.
 */
import { decodeJwt } from 'jose';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { openApp, parseHash, type LibBuild } from '../support/flow.js';
import { loginAtProvider } from './flow.js';
import { useProviderHarness } from './harness.js';
import { ACCOUNT, CLIENT_ID } from './provider.js';

const h = useProviderHarness();

const dpopApp = (lib: LibBuild) =>
  h.config(lib, {
    responseType: 'code',
    usePKCE: true,
    useRefreshTokens: true,
    cacheLocation: 'localstorage',
    useDpop: true,
  });

/** The DPoP proofs the page sends to `path`, in order. */
function proofsTo(page: Page, path: string): string[] {
  const proofs: string[] = [];
  page.on('request', (r) => {
    const proof = r.headers()['dpop'];
    if (proof && new URL(r.url()).pathname === path) proofs.push(proof);
  });
  return proofs;
}

describe.each(['umd', 'esm'] as const satisfies readonly LibBuild[])('oidc-provider: useDpop (%s)', (lib) => {
  it.each([
    ['without nonces', false],
    ['with nonces', true],
  ] as const)('%s: tokens bound to the page key; a copied one is refused as Bearer', async (_, nonces) => {
    h.op.setRequireDpopNonce(nonces);
    const tokenProofs = proofsTo(h.page, '/oauth/token');
    await openApp(h.page, h.app.url, lib);
    // prompt=consent: oidc-provider's condition for a refresh token (OpenID Connect Core 11).
    await loginAtProvider(h.page, h.app.url, dpopApp(lib), { prompt: 'consent' });
    const login = await parseHash(h.page, dpopApp(lib));
    expect(login.err).toBeNull();
    expect(login.result).toMatchObject({ tokenType: 'DPoP', hasRefreshToken: true });
    // With nonces the first proof has none and is refused (use_dpop_nonce); the retry carries it.
    expect(tokenProofs.map((p) => typeof decodeJwt(p).nonce)).toEqual(nonces ? ['undefined', 'string'] : ['undefined']);

    await h.page.reload();
    const renewed = await h.page.evaluate(async (cfg) => {
      const webAuth = new (await (window as any).libReady).WebAuth(cfg);
      const result = await webAuth.checkSession({});
      const profile = await webAuth.client.userInfo(result.accessToken);
      return { result, profile, jkt: (await webAuth.dpop.thumbprint()) as string };
    }, dpopApp(lib));
    expect(renewed.result.tokenType).toBe('DPoP');
    expect(renewed.profile.sub).toBe(ACCOUNT.sub);

    // The provider's side: both access tokens are bound to the key the page holds.
    for (const token of [(login.result as Record<string, any>).accessToken, renewed.result.accessToken]) {
      expect(await h.op.introspect(token, 'access_token')).toMatchObject({
        active: true,
        client_id: CLIENT_ID,
        token_type: 'DPoP',
        cnf: { jkt: renewed.jkt },
      });
    }

    // Copied out of the page and presented as Bearer: refused by the provider's userinfo.
    const bearer = await h.op.send('GET', '/userinfo', {
      headers: { authorization: `Bearer ${renewed.result.accessToken}` },
    });
    expect(bearer.status).toBe(401);
    expect(bearer.body).toMatchObject({ error: 'invalid_token' });
  });
});
