/**
 * The vertical slice, end to end: authorize → hosted login page → back to the app → parseHash, in
 * Chromium, against the local tenant on another origin, with the built UMD and ESM files and with
 * auth0-js 10.2.1 itself (`ref`).
 */
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import {
  ALICE,
  ALL_LIBS,
  appUrl,
  openApp,
  parseHash,
  signIn,
  startLogin,
  type AppConfig,
  type LibBuild,
} from './support/flow.js';

const h = useBrowserHarness();

const config = (lib: LibBuild, clientID = 'spa-client'): AppConfig => ({
  domain: h.tenant.domain,
  clientID,
  redirectUri: appUrl(h.app.url, lib),
  responseType: 'token id_token',
});

describe.each(ALL_LIBS)('redirect login with the %s build', (lib) => {
  it('signs alice in and returns the verified ID token claims', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, config(lib), { appState: { returnTo: '/profile' } });
    expect(new URL(h.page.url()).origin).toBe(h.tenant.url);
    const cookies = await h.context.cookies(h.app.url);
    const transaction = cookies.find((c) => c.name.startsWith('com.auth0.auth.'));
    expect(transaction).toBeDefined();
    await signIn(h.page, h.app.url);
    const { err, result } = await parseHash(h.page, config(lib));
    expect(err).toBeNull();
    const authResult = result as Record<string, any>;
    expect(authResult.accessToken).toEqual(expect.any(String));
    expect(authResult.idTokenPayload).toMatchObject({
      iss: h.tenant.issuer,
      aud: 'spa-client',
      email: ALICE.email,
      sub: expect.stringMatching(/\|/),
    });
    expect(authResult.appState).toEqual({ returnTo: '/profile' });
    expect(authResult.state).toBe(transaction!.name.slice('com.auth0.auth.'.length));
    expect(authResult.tokenType).toBe('Bearer');
    expect(authResult.expiresIn).toBeGreaterThan(0);
    // The transaction is consumed: a second parse of the same response fails.
    expect((await h.context.cookies(h.app.url)).some((c) => c.name === transaction!.name)).toBe(false);
    const replay = await parseHash(h.page, config(lib));
    expect(replay.err?.json).toEqual({ error: 'invalid_token', errorDescription: '`state` does not match.' });
  });

  it('rejects a response whose state was tampered with', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, config(lib));
    await signIn(h.page, h.app.url);
    const hash = new URL(h.page.url()).hash.replace(/state=[^&]+/, 'state=tampered');
    const { err, result } = await parseHash(h.page, config(lib), { hash });
    expect(result).toBeNull();
    expect(err?.json).toEqual({ error: 'invalid_token', errorDescription: '`state` does not match.' });
    // Ours only: our callback errors are Error subclasses (COMPATIBILITY A2); v10 passes a plain object.
    expect(err?.isError).toBe(lib !== 'ref');
  });

  it('fails an HS256-signed ID token with invalid_token', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, config(lib, 'hs256-client'));
    await signIn(h.page, h.app.url);
    expect(new URL(h.page.url()).hash).toContain('id_token=');
    const { err, result } = await parseHash(h.page, config(lib, 'hs256-client'));
    expect(result).toBeNull();
    expect(err?.json).toEqual({
      error: 'invalid_token',
      errorDescription:
        'Signature algorithm of "HS256" is not supported. Expected the ID token to be signed with "RS256".',
      // Ours only (COMPATIBILITY A8).
      ...(lib === 'ref' ? {} : { hint: 'the application must sign ID tokens with RS256' }),
    });
  });
});
