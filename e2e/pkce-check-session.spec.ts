/**
 * `checkSession` with `usePKCE` where the tenant's cookie does reach the hidden iframe (tenant and
 * app on the same site, cookies not blocked): the code comes back by `web_message` and is redeemed
 * with the verifier, for the UMD and ESM builds. Callback once; no verifier or refresh token in the
 * result, the error or a debug event.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import { appUrl, openApp, parseHash, signIn, startLogin, type AppConfig, type LibBuild } from './support/flow.js';

// The tenant on the app's site (127.0.0.1): its session cookie reaches checkSession's iframe.
const h = useBrowserHarness({ http: true, host: '127.0.0.1', testEndpoints: true });

const cfg = (lib: LibBuild): AppConfig => ({
  domain: h.tenant.url, // plain http: the URL, not the bare host (which means https)
  clientID: 'spa-client',
  redirectUri: appUrl(h.app.url, lib),
  responseType: 'code',
  usePKCE: true,
});

interface Seen {
  err: Record<string, any> | null;
  result: Record<string, any> | null;
  calls: number;
  debug: string;
}

/** `checkSession` in the page with a debug hook; waits 300 ms after the first callback to count a second. */
function checkSession(lib: LibBuild, options: Record<string, unknown> = {}): Promise<Seen> {
  return h.page.evaluate(
    async ([config, options]) => {
      const lib = await (window as any).libReady;
      const events: string[] = [];
      const webAuth = new lib.WebAuth({ ...config, debug: (e: unknown) => events.push(JSON.stringify(e) ?? '') });
      return new Promise<Seen>((resolve) => {
        let calls = 0;
        let first: Omit<Seen, 'calls' | 'debug'> | undefined;
        webAuth.checkSession(options, (err: unknown, result: unknown) => {
          calls++;
          first ??= {
            err: err ? JSON.parse(JSON.stringify(err)) : null,
            result: result ? JSON.parse(JSON.stringify(result)) : null,
          };
          setTimeout(() => resolve({ ...first!, calls, debug: events.join('\n') }), 300);
        });
      });
    },
    [cfg(lib), options] as const,
  );
}

describe.each(['umd', 'esm'] as const)('checkSession with usePKCE, cookies not blocked (%s)', (lib) => {
  it('gets a code by web_message, redeems it with the verifier and calls back once', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, cfg(lib));
    await signIn(h.page, h.app.url);
    expect((await parseHash(h.page, cfg(lib))).err).toBeNull();

    const before = h.tenant.requests.length;
    const seen = await checkSession(lib);
    expect(seen.err).toBeNull();
    expect(seen.calls).toBe(1);
    expect(seen.result).toMatchObject({ tokenType: 'Bearer' });
    expect(seen.result!.accessToken).toBeTruthy();
    expect(seen.result!.idTokenPayload.email).toBe('alice@example.com');

    const requests = h.tenant.requests.slice(before);
    const authorize = requests.find((r) => r.path === '/authorize');
    expect(authorize?.query).toMatchObject({
      prompt: 'none',
      response_mode: 'web_message',
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    const exchange = requests.find((r) => r.method === 'POST' && r.path === '/oauth/token');
    const verifier = (exchange?.body as Record<string, string>).code_verifier!;
    expect(verifier).toMatch(/^[\w.~-]{43,128}$/);
    expect(JSON.stringify(seen) + h.page.url()).not.toContain(verifier);
  });

  it('without a tenant session: login_required once, nothing redeemed', async () => {
    await openApp(h.page, h.app.url, lib);
    const before = h.tenant.requests.length;
    const seen = await checkSession(lib);
    expect(seen.err).toMatchObject({ error: 'login_required' });
    expect(seen.calls).toBe(1);
    expect(h.tenant.requests.slice(before).filter((r) => r.path === '/oauth/token')).toEqual([]);
  });
});
