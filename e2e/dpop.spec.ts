/**
 * The DPoP core (src/dpop, issue 29) in Chromium, from the built ESM modular entry: the key pair in
 * the browser's real IndexedDB as a non-extractable CryptoKey, the same key after a reload, `clear`,
 * proofs verified here with jose, and one nonce retry over the browser's own fetch. The tenant's DPoP
 * side is not part of this branch: the resource server is a Playwright route on the app's origin.
 */
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { openApp } from './support/flow.js';
import { useBrowserHarness } from './support/harness.js';

const h = useBrowserHarness();
const ACCESS_TOKEN = 'at-for-the-dpop-spec';

/** Opens the app page and loads the modular entry as `window.modular`. */
async function openWithModular() {
  await openApp(h.page, h.app.url, 'esm');
  // A module script of the page's own: a dynamic import() inside evaluate() would be rewritten by vitest.
  await h.page.addScriptTag({
    type: 'module',
    content: "import * as modular from '/dist/esm/modular/index.js'; window.modular = modular;",
  });
  await h.page.waitForFunction(() => (window as any).modular);
}

/** What the page's helper gives: a proof for the tenant's token endpoint, the thumbprint, debug events. */
function proofInPage(tokenUrl: string, domain: string) {
  return h.page.evaluate(
    async ([tokenUrl, domain]) => {
      const events: unknown[] = [];
      const dpop = (window as any).modular.createDpop({
        domain,
        clientID: 'spa-client',
        debug: (e: unknown) => events.push(e),
      });
      const { DPoP } = await dpop.proofHeaders('POST', tokenUrl);
      return { proof: DPoP as string, thumbprint: (await dpop.thumbprint()) as string, events };
    },
    [tokenUrl, domain] as const,
  );
}

/** The stored record as the page's IndexedDB gives it back, and what WebCrypto says of its key. */
function storedKeyInPage() {
  return h.page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('webauth-js-dpop');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const records = await new Promise<any[]>((resolve, reject) => {
      const request = db.transaction('keys').objectStore('keys').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return Promise.all(
      records.map(async ({ privateKey, jwk }) => ({
        isCryptoKey: privateKey instanceof CryptoKey,
        extractable: privateKey.extractable,
        usages: privateKey.usages,
        exportError: await crypto.subtle.exportKey('jwk', privateKey).then(
          () => null,
          (e: Error) => e.name,
        ),
        jwkMembers: Object.keys(jwk).sort(),
      })),
    );
  });
}

describe('DPoP in Chromium (modular ESM build)', () => {
  it('keeps one non-extractable key in IndexedDB across a reload; proofs verify with jose; clear makes a new key', async () => {
    const tokenUrl = `${h.tenant.url}/oauth/token`;
    await openWithModular();
    const first = await proofInPage(`${tokenUrl}?ignored=1#x`, h.tenant.domain);
    expect(first.events).toEqual([]); // IndexedDB kept it: no memory fallback
    const verified = await jwtVerify(first.proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] });
    expect(verified.payload).toMatchObject({ htm: 'POST', htu: tokenUrl });
    expect(await calculateJwkThumbprint(verified.protectedHeader.jwk!)).toBe(first.thumbprint);
    expect(await storedKeyInPage()).toEqual([
      {
        isCryptoKey: true,
        extractable: false,
        usages: ['sign'],
        exportError: 'InvalidAccessError',
        jwkMembers: ['crv', 'kty', 'x', 'y'],
      },
    ]);

    await h.page.reload();
    await openWithModular();
    const again = await proofInPage(tokenUrl, h.tenant.domain);
    expect(again.thumbprint).toBe(first.thumbprint);
    const { protectedHeader } = await jwtVerify(again.proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] });
    expect(await calculateJwkThumbprint(protectedHeader.jwk!)).toBe(first.thumbprint);

    await h.page.evaluate(
      (domain) => (window as any).modular.createDpop({ domain, clientID: 'spa-client' }).clear(),
      h.tenant.domain,
    );
    expect(await storedKeyInPage()).toEqual([]);
    await h.page.reload();
    await openWithModular();
    expect((await proofInPage(tokenUrl, h.tenant.domain)).thumbprint).not.toBe(first.thumbprint);
  });

  it("fetchWithRetry answers a resource server's use_dpop_nonce once with the server's nonce", async () => {
    await openWithModular();
    const seen: { authorization: string | null; proof: string | null }[] = [];
    await h.page.route('**/api/orders*', (route) => {
      const headers = route.request().headers();
      seen.push({ authorization: headers.authorization ?? null, proof: headers.dpop ?? null });
      return seen.length === 1
        ? route.fulfill({
            status: 401,
            headers: { 'WWW-Authenticate': 'DPoP error="use_dpop_nonce"', 'DPoP-Nonce': 'rs-nonce-1' },
          })
        : route.fulfill({ status: 200, contentType: 'application/json', body: '{"orders":[]}' });
    });
    const answer = await h.page.evaluate(
      async ([url, token]) => {
        const dpop = (window as any).modular.createDpop({ domain: 'tenant.example', clientID: 'spa-client' });
        const response = await dpop.fetchWithRetry(url, { method: 'GET' }, token);
        return { status: response.status, body: await response.json() };
      },
      [`${h.app.url}/api/orders?page=2`, ACCESS_TOKEN] as const,
    );
    expect(answer).toEqual({ status: 200, body: { orders: [] } });
    expect(seen.map((s) => s.authorization)).toEqual([`DPoP ${ACCESS_TOKEN}`, `DPoP ${ACCESS_TOKEN}`]);
    const claims = await Promise.all(
      seen.map(async (s) => (await jwtVerify(s.proof!, EmbeddedJWK, { typ: 'dpop+jwt' })).payload),
    );
    expect(claims[0]).not.toHaveProperty('nonce');
    expect(claims[1]).toMatchObject({ nonce: 'rs-nonce-1', htm: 'GET', htu: `${h.app.url}/api/orders` });
    expect(claims[1]!.ath).toEqual(claims[0]!.ath);
    expect(claims[1]!.jti).not.toBe(claims[0]!.jti);
  });
});
