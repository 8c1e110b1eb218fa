/**
 * DPoP (issue 29) in Chromium, UMD and ESM, against the local tenant on another site: an app with
 * usePKCE, useRefreshTokens, cacheLocation 'localstorage' and useDpop stays signed in across a
 * reload with one browser-bound key, every token it holds is refused without that key, and logout
 * revokes with a proof of that key, then deletes it.
 */
import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import {
  ALICE,
  appUrl,
  logoutToApp,
  openApp,
  parseHash,
  signIn,
  startLogin,
  type AppConfig,
  type LibBuild,
} from './support/flow.js';

const h = useBrowserHarness();

const dpopApp = (lib: LibBuild, extra: Record<string, unknown> = {}): AppConfig => ({
  domain: h.tenant.domain,
  clientID: 'spa-client',
  redirectUri: appUrl(h.app.url, lib),
  responseType: 'code',
  usePKCE: true,
  useRefreshTokens: true,
  cacheLocation: 'localstorage',
  useDpop: true,
  ...extra,
});

/** Every DPoP proof the page sends, with the request's method and URL. */
function recordProofs(page: import('playwright').Page) {
  const proofs: { method: string; url: string; proof: string }[] = [];
  page.on('request', (r) => {
    const proof = r.headers()['dpop'];
    if (proof) proofs.push({ method: r.method(), url: r.url(), proof });
  });
  return proofs;
}

/** The keys in IndexedDB database `db`, store `store`, of the app page (none when it does not exist). */
const storedKeys = (page: import('playwright').Page, db: string, store: string) =>
  page.evaluate(
    ([db, store]) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const found = open.result;
          if (!found.objectStoreNames.contains(store)) return resolve((found.close(), []));
          const keys = found.transaction(store).objectStore(store).getAllKeys();
          keys.onsuccess = () => resolve((found.close(), keys.result.map(String)));
          keys.onerror = () => reject(keys.error);
        };
      }),
    [db, store] as const,
  );

/** Checks a proof with jose, independently of the tenant; returns its key's thumbprint. */
async function verifyProof({ method, url, proof }: { method: string; url: string; proof: string }) {
  const header = decodeProtectedHeader(proof);
  expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
  const { payload } = await compactVerify(proof, await importJWK(header.jwk as JWK, 'ES256'));
  const claims = JSON.parse(new TextDecoder().decode(payload));
  const target = new URL(url);
  expect(claims).toMatchObject({ htm: method, htu: target.origin + target.pathname });
  return calculateJwkThumbprint(header.jwk as JWK);
}

describe.each(['umd', 'esm'] as const)('useDpop (%s)', (lib) => {
  it('login, reload, checkSession and userInfo with one key; copied tokens refused', async () => {
    const proofs = recordProofs(h.page);
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, dpopApp(lib));
    await signIn(h.page, h.app.url);
    const login = await parseHash(h.page, dpopApp(lib));
    expect(login.err).toBeNull();
    expect(login.result).toMatchObject({ tokenType: 'DPoP', hasRefreshToken: true, refreshToken: null });

    await h.page.reload();
    const renewed = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth(cfg);
      const a = await webAuth.checkSession({});
      const b = await webAuth.checkSession({});
      const profile = await webAuth.client.userInfo(b.accessToken);
      return { a, b, profile, jkt: await webAuth.dpop.thumbprint() };
    }, dpopApp(lib));
    expect(renewed.a.tokenType).toBe('DPoP');
    expect(renewed.profile.sub).toBe((login.result as Record<string, any>).idTokenPayload.sub);
    const paths = proofs.map((p) => new URL(p.url).pathname);
    expect(paths.filter((p) => p === '/oauth/token')).toHaveLength(3);
    expect(paths).toContain('/userinfo');
    const thumbprints = new Set(await Promise.all(proofs.map(verifyProof)));
    expect([...thumbprints]).toEqual([renewed.jkt]);

    // Copied out of the page: the refresh token without the key, the access token as Bearer.
    const stored = await h.page.evaluate(() => localStorage.getItem('@@webauth@@::refresh::spa-client'));
    const refreshToken = JSON.parse(stored!).token as string;
    // Plain fetches with no proof (the tenant's certificate is trusted by the page, not by Node).
    const copied = await h.page.evaluate(
      async ([root, refreshToken, accessToken]) => {
        const refused = await fetch(`${root}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'refresh_token', client_id: 'spa-client', refresh_token: refreshToken }),
        });
        const bearer = await fetch(`${root}/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
        return { refused: { status: refused.status, body: await refused.json() }, bearer: bearer.status };
      },
      [h.tenant.url, refreshToken, renewed.b.accessToken as string] as const,
    );
    expect(copied.refused.status).toBe(400);
    expect(copied.refused.body).toMatchObject({ error: 'invalid_grant' });
    expect(copied.bearer).toBe(401);
  });

  it('a Management call with a token obtained with DPoP sends it as DPoP with an ath proof', async () => {
    const cfg = dpopApp(lib, { audience: `${h.tenant.url}/api/v2/`, scope: 'openid profile email read:current_user' });
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, cfg);
    await signIn(h.page, h.app.url);
    const proofs = recordProofs(h.page);
    const seen: string[] = [];
    h.page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/v2/')) seen.push(r.headers()['authorization'] ?? '');
    });
    const outcome = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      const result = await new lib.WebAuth(cfg).parseHash();
      const management = new lib.Management({ domain: cfg.domain, token: result.accessToken });
      const user = await management.getUser(result.idTokenPayload.sub);
      return { email: user.email, tokenType: result.tokenType, accessToken: result.accessToken };
    }, cfg);
    expect(outcome).toMatchObject({ email: ALICE.email, tokenType: 'DPoP' });
    expect(seen).toEqual([`DPoP ${outcome.accessToken}`]);
    const api = proofs.filter((p) => new URL(p.url).pathname.startsWith('/api/v2/'));
    expect(api).toHaveLength(1);
    await verifyProof(api[0]!);
    const ath = JSON.parse(Buffer.from(api[0]!.proof.split('.')[1]!, 'base64url').toString()).ath;
    expect(ath).toBe(createHash('sha256').update(outcome.accessToken).digest('base64url'));
  });

  it('logout revokes with a proof of the page key, deletes the key, then leaves', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, dpopApp(lib));
    await signIn(h.page, h.app.url);
    expect((await parseHash(h.page, dpopApp(lib))).err).toBeNull();
    const stored = await h.page.evaluate(() => localStorage.getItem('@@webauth@@::refresh::spa-client'));
    const jkt = await h.page.evaluate(
      async (cfg) => new (await (window as any).libReady).WebAuth(cfg).dpop.thumbprint(),
      dpopApp(lib),
    );
    const proofs = recordProofs(h.page);
    const revoked = h.page.waitForResponse((r) => new URL(r.url()).pathname === '/oauth/revoke');
    const returned = h.page.waitForEvent('load');
    await logoutToApp(h.page, dpopApp(lib));
    const response = await revoked;
    expect(response.status()).toBe(200);
    expect(new URLSearchParams(response.request().postData()!).get('token')).toBe(JSON.parse(stored!).token);
    const revocation = proofs.filter((p) => new URL(p.url).pathname === '/oauth/revoke');
    expect(revocation).toHaveLength(1);
    expect(await verifyProof(revocation[0]!)).toBe(jkt);
    await returned;
    expect(await h.page.evaluate(() => localStorage.getItem('@@webauth@@::refresh::spa-client'))).toBeNull();
    // The key pair is deleted: its IndexedDB store holds nothing.
    expect(await storedKeys(h.page, 'webauth-js-dpop', 'keys')).toEqual([]);
  });

  it('a key pair planted in IndexedDB before login is not the one the login binds (issue 53)', async () => {
    await openApp(h.page, h.app.url, lib);
    // What a script on the page can do: generate an extractable pair, keep its private JWK, and
    // store it imported as non-extractable, where the library keeps its pair.
    const planted = await h.page.evaluate(
      async (id) => {
        const ec = { name: 'ECDSA', namedCurve: 'P-256' };
        const pair = await crypto.subtle.generateKey(ec, true, ['sign', 'verify']);
        const exported = await crypto.subtle.exportKey('jwk', pair.privateKey);
        const privateKey = await crypto.subtle.importKey('jwk', exported, ec, false, ['sign']);
        const jwk = { kty: 'EC', crv: 'P-256', x: exported.x!, y: exported.y! };
        await new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('webauth-js-dpop');
          open.onupgradeneeded = () => open.result.createObjectStore('keys');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('keys', 'readwrite');
            tx.objectStore('keys').put({ privateKey, jwk }, id);
            tx.oncomplete = () => resolve(open.result.close());
            tx.onerror = () => reject(tx.error);
          };
        });
        return jwk;
      },
      JSON.stringify([h.tenant.domain, 'spa-client']),
    );
    const proofs = recordProofs(h.page);
    await startLogin(h.page, dpopApp(lib));
    await signIn(h.page, h.app.url);
    const login = await parseHash(h.page, dpopApp(lib));
    expect(login.err).toBeNull();
    const exchange = proofs.filter((p) => new URL(p.url).pathname === '/oauth/token');
    expect(exchange).toHaveLength(1);
    const bound = await verifyProof(exchange[0]!);
    expect(bound).not.toBe(await calculateJwkThumbprint(planted as JWK));
    // The login's pair replaced the planted one: a reload refreshes with it.
    await openApp(h.page, h.app.url, lib);
    const renewed = await h.page.evaluate(async (cfg) => {
      const webAuth = new (await (window as any).libReady).WebAuth(cfg);
      return { tokenType: (await webAuth.checkSession({})).tokenType, jkt: await webAuth.dpop.thumbprint() };
    }, dpopApp(lib));
    expect(renewed).toEqual({ tokenType: 'DPoP', jkt: bound });
  });

  it('the nonce round trip (dpopNonce switch), and useDpop without usePKCE is an ArgumentError', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, dpopApp(lib));
    await signIn(h.page, h.app.url);
    h.tenant.setSwitches({ dpopNonce: true });
    try {
      const proofs = recordProofs(h.page);
      const login = await parseHash(h.page, dpopApp(lib));
      expect(login.err).toBeNull();
      expect(login.result).toMatchObject({ tokenType: 'DPoP' });
      expect(proofs).toHaveLength(2); // the first without a nonce, refused; the retry with it
    } finally {
      h.tenant.setSwitches({ dpopNonce: false });
    }
    const error = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      try {
        new lib.WebAuth({ ...cfg, usePKCE: false, useRefreshTokens: false });
      } catch (e: any) {
        return { name: e.name, message: e.message };
      }
    }, dpopApp(lib));
    expect(error).toEqual({ name: 'ArgumentError', message: 'useDpop requires usePKCE' });
  });
});

describe('useDpop logout with the code-flow chunk missing (umd, issue 53)', () => {
  const CHUNK = '**/webauth.code-flow.min.js';

  it('forgets every copy of the refresh token and deletes the key: IndexedDB holds neither', async () => {
    await openApp(h.page, h.app.url, 'umd');
    await startLogin(h.page, dpopApp('umd'));
    await signIn(h.page, h.app.url);
    expect((await parseHash(h.page, dpopApp('umd'))).err).toBeNull();
    const keyId = JSON.stringify([h.tenant.domain, 'spa-client']);
    expect(await storedKeys(h.page, 'webauth-js-refresh', 'tokens')).toEqual(['@@webauth@@::refresh::spa-client']);
    expect(await storedKeys(h.page, 'webauth-js-dpop', 'keys')).toEqual([keyId]);
    // A new document, whose instance finds the chunk missing (404).
    await openApp(h.page, h.app.url, 'umd');
    await h.page.route(CHUNK, (route) => route.fulfill({ status: 404, body: 'not found' }));
    try {
      const chunkFailed = h.page.waitForResponse((r) => r.url().endsWith('/webauth.code-flow.min.js'));
      const returned = h.page.waitForEvent('load');
      await logoutToApp(h.page, dpopApp('umd'));
      expect((await chunkFailed).status()).toBe(404);
      await returned;
    } finally {
      await h.page.unroute(CHUNK);
    }
    expect(await h.page.evaluate(() => localStorage.getItem('@@webauth@@::refresh::spa-client'))).toBeNull();
    expect(await storedKeys(h.page, 'webauth-js-refresh', 'tokens')).toEqual([]);
    expect(await storedKeys(h.page, 'webauth-js-dpop', 'keys')).toEqual([]);
  });
});
