/**
 * The refresh token out of page script's reach (issue 49): with `useRefreshTokens` and the memory
 * cache, a dedicated worker holds the token and sends the grants; the page holds a placeholder. A
 * script on the page then finds the token nowhere: not in the page's JavaScript heap (a Chromium
 * heap snapshot, which holds every object reachable from `window` and the `WebAuth` instance), the
 * storages, IndexedDB, cookies, nor in what the page's own `fetch` sees. Under a CSP that forbids
 * a `blob:` worker the page keeps the token itself, as before, and says so in the debug trace;
 * renewal, revocation, DPoP and two tabs rotating at once work there as with the worker.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import { codeFlowApp, openApp, parseHash, signIn, startLogin, type AppConfig, type LibBuild } from './support/flow.js';

const h = useBrowserHarness();

const config = (lib: LibBuild): AppConfig => codeFlowApp(h.tenant.domain, h.app.url, lib, { useRefreshTokens: true });

/** Every refresh token the tenant issued (live or spent), from its state. */
const issuedTokens = (): string[] =>
  (JSON.parse(h.tenant.durableSnapshot()).refreshTokens as { token: string }[]).map((t) => t.token);

/** The tokens the tenant was asked to revoke. */
const revokedTokens = () =>
  h.tenant.requests
    .filter((r) => r.path === '/oauth/revoke' && r.method === 'POST')
    .map((r) => (r.body as Record<string, string> | null)?.token);

/**
 * On the callback page: a page script that wraps `fetch` to read every answer (as an injected
 * script would), then `window.webAuth` redeems the code and renews once. Resolves with the debug
 * events, the renewal's outcome and what the fetch wrapper saw.
 */
function loginAndRenew(page: Page, cfg: AppConfig) {
  return page.evaluate(async (cfg) => {
    const seen: string[] = [];
    const pageFetch = window.fetch;
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await pageFetch(...args);
      seen.push(await response.clone().text());
      return response;
    };
    const lib = await (window as any).libReady;
    const events: string[] = [];
    const webAuth = new lib.WebAuth({ ...cfg, debug: (e: unknown) => events.push(JSON.stringify(e)) });
    (window as any).webAuth = webAuth;
    const call = (method: string, options: object) =>
      new Promise<{ err: unknown; result: any }>((resolve) =>
        webAuth[method](options, (err: unknown, result: unknown) => resolve({ err, result })),
      );
    const login = await call('parseHash', {});
    const renewed = await call('checkSession', {});
    (window as any).lastResult = renewed.result; // kept by the app, as apps do
    return {
      loginErr: login.err && JSON.stringify(login.err),
      hasRefreshToken: login.result?.hasRefreshToken,
      renewErr: renewed.err && JSON.stringify(renewed.err),
      renewedSub: renewed.result?.idTokenPayload?.sub,
      tokenType: renewed.result?.tokenType,
      events,
      seen: seen.join('\n'),
    };
  }, cfg);
}

/** What a page script can read besides the heap: the storages, every IndexedDB database, cookies. */
function pageStores(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts = [JSON.stringify(localStorage), JSON.stringify(sessionStorage), document.cookie];
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = db.transaction(store).objectStore(store).getAll();
        parts.push(await new Promise<string>((resolve) => (all.onsuccess = () => resolve(JSON.stringify(all.result)))));
      }
      db.close();
    }
    return parts.join('\n');
  });
}

/** The page's JavaScript heap, as a Chromium heap snapshot (strings included). */
async function heapSnapshot(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  return chunks.join('');
}

/** Signs in and renews once; `tokens`: the refresh tokens the tenant issued meanwhile. */
async function login(lib: LibBuild, cfg = config(lib)) {
  const before = new Set(issuedTokens());
  await openApp(h.page, h.app.url, lib);
  await startLogin(h.page, cfg);
  await signIn(h.page, h.app.url);
  const outcome = await loginAndRenew(h.page, cfg);
  return { ...outcome, tokens: issuedTokens().filter((t) => !before.has(t)) };
}

/** Logs out (the page leaves) and resolves with the token the tenant was asked to revoke. */
async function logout(): Promise<string | undefined> {
  const before = revokedTokens().length;
  await h.page.evaluate(() => (window as any).webAuth.logout({ returnTo: location.href.split('#')[0] }));
  await expect.poll(() => revokedTokens().length, { timeout: 5000 }).toBe(before + 1);
  return revokedTokens().pop();
}

describe.each(['umd', 'esm'] as const)('the refresh token in a worker (%s)', (lib) => {
  it('a page script finds the token nowhere: heap, storages, IndexedDB, cookies, fetch', async () => {
    const outcome = await login(lib);
    expect(outcome).toMatchObject({ loginErr: null, hasRefreshToken: true, renewErr: null });
    expect(outcome.renewedSub).toBeTruthy();
    expect(outcome.events.join()).not.toContain('token-in-page');
    const { tokens } = outcome;
    expect(tokens.length).toBe(2); // the login's and the renewal's (rotation)
    const [heap, stores] = [await heapSnapshot(h.page), await pageStores(h.page)];
    for (const token of tokens) {
      const found = { heap: heap.includes(token), stores: stores.includes(token), fetch: outcome.seen.includes(token) };
      expect(found).toEqual({ heap: false, stores: false, fetch: false });
    }

    // logout revokes the held token (the worker filled it in).
    expect(await logout()).toBe(tokens[1]);
  });

  it('useDpop: the proofs made in the page go with the requests the worker sends, nonce round trip included', async () => {
    h.tenant.setSwitches({ dpopNonce: true });
    const from = h.tenant.requests.length;
    let outcome: Awaited<ReturnType<typeof login>>;
    try {
      outcome = await login(lib, { ...config(lib), useDpop: true });
    } finally {
      h.tenant.setSwitches({ dpopNonce: false });
    }
    expect(outcome).toMatchObject({ loginErr: null, hasRefreshToken: true, renewErr: null, tokenType: 'DPoP' });
    expect(outcome.events.join()).not.toContain('token-in-page');
    const grants = h.tenant.requests.slice(from).filter((r) => r.path === '/oauth/token' && r.method === 'POST');
    // The code exchange refused without a nonce, sent again with it (the answer's, through the
    // worker), then the refresh with the nonce learned.
    expect(grants).toHaveLength(3);
    expect(grants.every((r) => typeof r.headers.dpop === 'string')).toBe(true);
    const heap = await heapSnapshot(h.page);
    for (const token of outcome.tokens) expect(heap.includes(token) || outcome.seen.includes(token)).toBe(false);
    expect(await logout()).toBe(outcome.tokens[1]);
  });
});

/**
 * `checkSession` `rounds` times in a row on one new instance in `page` (the page's memory cache
 * and worker hold the token its login kept): each renewal's `sub`, or its error.
 */
function renewRounds(page: Page, cfg: AppConfig, rounds: number): Promise<string[]> {
  return page.evaluate(
    async ([cfg, rounds]) => {
      const webAuth = new (await (window as any).libReady).WebAuth(cfg);
      const out: string[] = [];
      for (let i = 0; i < rounds; i++)
        out.push(
          await new Promise<string>((resolve) =>
            webAuth.checkSession({}, (err: unknown, result: any) =>
              resolve(err ? JSON.stringify(err) : result.idTokenPayload.sub),
            ),
          ),
        );
      return out;
    },
    [cfg, rounds] as const,
  );
}

/**
 * Signs the user of `first` (a login on `h.page`) in on a second tab of the context, then renews in
 * both tabs at once, round after round: every renewal returns the user and the tenant issues one new
 * token per renewal (each tab rotated its own, no family was revoked on the way). `check` then runs
 * on the second tab, still open.
 */
async function twoTabsRotating(
  lib: LibBuild,
  first: { renewedSub?: string },
  check: (other: Page) => Promise<void>,
): Promise<void> {
  const cfg = config(lib);
  const other = await h.context.newPage();
  try {
    await openApp(other, h.app.url, lib);
    await startLogin(other, cfg, { prompt: 'login' });
    await signIn(other, h.app.url);
    expect((await parseHash(other, cfg)).err).toBeNull();
    const before = issuedTokens().length;
    const rounds = 3;
    const [a, b] = await Promise.all([renewRounds(h.page, cfg, rounds), renewRounds(other, cfg, rounds)]);
    expect([...a, ...b]).toEqual(Array(2 * rounds).fill(first.renewedSub));
    expect(issuedTokens().length - before).toBe(2 * rounds);
    await check(other);
  } finally {
    await other.close();
  }
}

describe('two tabs, each with its own worker', () => {
  it("renewing at the same time, round after round: every renewal rotates its tab's token, none is refused", async () => {
    const lib = 'umd';
    const first = await login(lib);
    expect(first).toMatchObject({ loginErr: null, renewErr: null });
    await twoTabsRotating(lib, first, async (other) => {
      const heap = await heapSnapshot(other);
      expect(issuedTokens().some((token) => heap.includes(token))).toBe(false);
    });
  });
});

describe('a CSP that forbids the blob: worker', () => {
  const lib = 'umd';
  const refused = '"step":"token-in-page","detail":{"reason":"refused"}';

  /**
   * Runs `run` with a `worker-src 'none'` policy on every app page of the context. The policy is a
   * <meta> element: a policy header added by a Playwright route would make the page "public" to
   * Chromium, which then refuses its requests to the loopback tenant. Only where the flag is set,
   * as the tab is reused by the next test.
   */
  async function workerRefused<T>(run: () => Promise<T>): Promise<T> {
    await h.context.addInitScript(() => {
      if (!localStorage.getItem('test:worker-src-none')) return;
      document.addEventListener('DOMContentLoaded', () => {
        const meta = document.createElement('meta');
        meta.httpEquiv = 'Content-Security-Policy';
        meta.content = "worker-src 'none'";
        document.head.append(meta);
      });
    });
    await openApp(h.page, h.app.url, lib);
    await h.page.evaluate(() => localStorage.setItem('test:worker-src-none', '1'));
    try {
      return await run();
    } finally {
      await h.page.evaluate(() => localStorage.removeItem('test:worker-src-none'));
    }
  }

  /** Whether a `blob:` worker starts in `page`: it answers, or the policy refuses it (an error). */
  const workerAllowed = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          try {
            const blob = new Blob(['postMessage(1)'], { type: 'text/javascript' });
            const worker = new Worker(URL.createObjectURL(blob));
            worker.onmessage = () => (worker.terminate(), resolve(true));
            worker.onerror = () => resolve(false);
          } catch {
            resolve(false);
          }
        }),
    );

  it('keeps the token in the page as before, says so in the debug trace, and renews and revokes', async () => {
    const outcome = await workerRefused(() => login(lib));
    expect(outcome).toMatchObject({ loginErr: null, hasRefreshToken: true, renewErr: null });
    expect(outcome.events.join()).toContain(refused);
    const { tokens } = outcome;
    expect(tokens.length).toBe(2);
    // The fallback is today's path: the page's own fetch carried the token.
    expect(outcome.seen).toContain(tokens[1]);
    expect(await logout()).toBe(tokens[1]);
  });

  it('useDpop: the page makes the proofs and sends the grants, nonce round trip included', async () => {
    h.tenant.setSwitches({ dpopNonce: true });
    const from = h.tenant.requests.length;
    let outcome: Awaited<ReturnType<typeof login>>;
    try {
      outcome = await workerRefused(() => login(lib, { ...config(lib), useDpop: true }));
    } finally {
      h.tenant.setSwitches({ dpopNonce: false });
    }
    expect(outcome).toMatchObject({ loginErr: null, hasRefreshToken: true, renewErr: null, tokenType: 'DPoP' });
    expect(outcome.events.join()).toContain(refused);
    const grants = h.tenant.requests.slice(from).filter((r) => r.path === '/oauth/token' && r.method === 'POST');
    // The code exchange refused without a nonce, sent again with it, then the refresh with it.
    expect(grants).toHaveLength(3);
    expect(grants.every((r) => typeof r.headers.dpop === 'string')).toBe(true);
    expect(outcome.seen).toContain(outcome.tokens[1]);
    expect(await logout()).toBe(outcome.tokens[1]);
  });

  it('two tabs renewing at the same time, round after round: each rotates its own token, none is refused', async () => {
    await workerRefused(async () => {
      const first = await login(lib);
      expect(first).toMatchObject({ loginErr: null, renewErr: null });
      expect(first.events.join()).toContain(refused);
      // The second tab renewed in the page too: its policy refuses a blob: worker.
      await twoTabsRotating(lib, first, async (other) => expect(await workerAllowed(other)).toBe(false));
    });
  });
});
