/**
 * What a differential scenario is, and the factories the scenario tables use. A scenario runs the
 * same page code with one library build and records what happens; the runner compares the
 * records of webauth-js and auth0-js 10.2.1.
 */
import type { Page } from 'playwright';
import type { RunningTenant } from '../tenant/index.js';
import { openApp, parseHash, type AppConfig, type LibBuild } from '../support/flow.js';
import type { Recorder } from './recorder.js';

export interface ScenarioContext {
  page: Page;
  tenant: RunningTenant;
  appOrigin: string;
  lib: LibBuild;
  /** The other library of the pair (for cross-library scenarios). */
  other: LibBuild;
  rec: Recorder;
  config(overrides?: Partial<AppConfig>, lib?: LibBuild): AppConfig;
}

export interface Scenario {
  name: string;
  /**
   * A difference from auth0-js found by this suite and not (yet) listed in COMPATIBILITY.md: the
   * scenario is skipped and listed unless COMPAT_KNOWN=1, so the library fix can be checked.
   */
  knownDifference?: string;
  run(ctx: ScenarioContext): Promise<void>;
}

/**
 * Runs `body` (the text of an async function body) in the page and records its JSON-able return
 * value, then the tenant requests it caused. In scope: `lib` (the namespace), `webAuth` (a WebAuth
 * built from `config`), `c` (its client), `domain`, `arg`, and the helpers `callback`, `attempt`,
 * `plain` defined below.
 */
export async function inPage(
  ctx: ScenarioContext,
  label: string,
  body: string,
  arg: unknown = null,
  config: AppConfig = ctx.config(),
): Promise<unknown> {
  const value = await ctx.page.evaluate(
    async ([body, arg, config]) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth({ ...config });
      // The transport error kept as `original` is superagent's in auth0-js and ours here
      // (COMPATIBILITY.md D4); every other field of the error must match.
      const plain = (err: any) => {
        if (!err || typeof err !== 'object') return err ?? null;
        const json = JSON.parse(JSON.stringify(err));
        if (err.original instanceof Error) json.original = '<transport error>';
        return json;
      };
      // Calls `run(cb)`; resolves with what the callback got (and how many arguments: v10 calls
      // `cb(err)` on most error paths, and code reading `arguments.length` or forwarding `...args`
      // sees the difference) and what the call returned.
      // `recordReturn: false` for the flow methods listed as a known difference (see the scenario tables).
      const callback = (run: (cb: (...args: unknown[]) => void) => unknown, recordReturn = true) =>
        new Promise((resolve) => {
          let returned: unknown;
          const cb = (...args: any[]) =>
            setTimeout(() =>
              resolve({
                err: plain(args[0]),
                result: args[1] === undefined ? null : args[1],
                arity: args.length,
                returned,
              }),
            );
          const handle: any = run(cb);
          returned = !recordReturn
            ? '<not compared>'
            : handle && typeof handle === 'object'
              ? { method: handle.getMethod?.(), url: handle.getUrl?.() }
              : typeof handle;
        });
      // The message a synchronous call throws, or 'no error'. A native TypeError (v10 dereferencing
      // a null option, §2.1 point 3) is compared by class only: its text is the engine's, naming
      // whichever property each library happens to read first.
      const attempt = (fn: () => unknown, withoutCallback = false) => {
        try {
          const r: any = fn();
          // COMPATIBILITY.md A1: without a callback we return a Promise where v10 threw
          // `cb parameter is not valid`; both are recorded as the same placeholder.
          if (r instanceof Promise) return (r.catch(() => {}), '<no callback (A1)>');
          return 'no error';
        } catch (e: any) {
          if (e instanceof TypeError) return 'TypeError';
          return e && e.message === 'cb parameter is not valid' && withoutCallback
            ? '<no callback (A1)>'
            : e && e.message;
        }
      };
      // A client whose requests fail at once without reaching the tenant (port 1 refuses).
      const offline = new lib.WebAuth({ domain: 'http://127.0.0.1:1', clientID: 'c', responseType: 'token' });
      const fn = new Function(
        'lib',
        'webAuth',
        'c',
        'domain',
        'arg',
        'callback',
        'attempt',
        'plain',
        'offline',
        `return (async () => { ${body} })();`,
      );
      return fn(lib, webAuth, webAuth.client, config.domain, arg, callback, attempt, plain, offline);
    },
    [body, arg, config] as const,
  );
  ctx.rec.add('value', { label, value });
  ctx.rec.requests();
  return value;
}

/**
 * One scenario for a method's synchronous argument errors: each expression is tried in order and
 * its thrown message recorded (`cb` is a no-op callback). Nothing may reach the tenant. A call
 * without a callback (A1) is written `/*A1*\/ offline.client.method(…)`: `offline` sends nowhere.
 */
export function argErrors(name: string, expressions: string[], overrides: Partial<AppConfig> = {}): Scenario {
  return {
    name: `${name}: argument errors`,
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      const body = `const cb = () => {}; return arg.map((expr) => [expr, attempt(new Function('lib', 'webAuth', 'c', 'domain', 'cb', 'offline', 'return ' + expr).bind(null, lib, webAuth, c, domain, cb, offline), expr.includes('/*A1*/'))]);`;
      await inPage(ctx, 'thrown messages', body, expressions, ctx.config(overrides));
    },
  };
}

/** One scenario that opens the app page and runs `body` with `inPage`. */
export function call(
  name: string,
  body: string,
  overrides: Partial<AppConfig> = {},
  setup?: (ctx: ScenarioContext) => Promise<void>,
): Scenario {
  return {
    name,
    async run(ctx) {
      await setup?.(ctx);
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await inPage(ctx, name, body, null, ctx.config(overrides));
    },
  };
}

/**
 * Lets the request reach the tenant (so it is recorded), then answers the page with `status` and
 * `body` instead of the tenant's answer, keeping the CORS headers: how server failures the tenant
 * never produces on purpose (5xx, text bodies) are provoked. `abort` fails the request instead.
 */
export function replaceResponse(
  path: string,
  answer: { status: number; contentType?: string; body?: string } | 'abort',
) {
  return async (ctx: ScenarioContext) => {
    await ctx.page.route(
      // Decoded: our Management paths encode the user id (COMPATIBILITY.md D2).
      (url) => url.origin === ctx.tenant.url && decodeURIComponent(url.pathname) === path,
      async (route) => {
        if (route.request().method() === 'OPTIONS') return route.continue();
        const real = await route.fetch();
        if (answer === 'abort') return route.abort('connectionfailed');
        const headers = Object.fromEntries(
          Object.entries(real.headers()).filter(([k]) => k.startsWith('access-control-')),
        );
        await route.fulfill({
          status: answer.status,
          headers: { ...headers, 'content-type': answer.contentType ?? 'application/json' },
          body: answer.body ?? '',
        });
      },
    );
  };
}

export const ALICE_REALM =
  "{ username: 'alice@example.com', password: 'Passw0rd!alice', realm: 'Username-Password-Authentication' }";

/** Page code (an expression) that logs alice in with the password-realm grant and yields the token response. */
export const aliceTokens = (extra = "scope: 'openid profile email'") =>
  `await new Promise((resolve, reject) => c.login({ ...${ALICE_REALM}, ${extra} }, (e, r) => (e ? reject(new Error(JSON.stringify(e))) : resolve(r))))`;

/**
 * Runs `body` in the page without waiting for it (it is expected to navigate) and waits until the
 * main frame is on a URL matching `until`; records the requests made on the way.
 */
export async function navigateBy(
  ctx: ScenarioContext,
  body: string,
  until: (url: URL) => boolean,
  config: AppConfig = ctx.config(),
  arg: unknown = null,
): Promise<void> {
  await Promise.all([
    ctx.page.waitForURL(until, { timeout: 10_000 }),
    ctx.page
      .evaluate(
        async ([body, config, arg]) => {
          const lib = await (window as any).libReady;
          const webAuth = new lib.WebAuth({ ...config });
          new Function('lib', 'webAuth', 'arg', body)(lib, webAuth, arg);
        },
        [body, config, arg] as const,
      )
      .catch(() => undefined),
  ]);
  await ctx.page.waitForLoadState();
  ctx.rec.requests();
}

/** Runs `parseHash(options)` on the current page; records the callback values, requests and storage. */
export async function parseAndRecord(
  ctx: ScenarioContext,
  config: AppConfig = ctx.config(),
  options: Record<string, unknown> = {},
): Promise<void> {
  const outcome = await parseHash(ctx.page, config, options);
  // Our errors are Error instances (name, message); the reference's are plain objects. Their
  // enumerable fields, which is what apps read and serialise, must match exactly.
  ctx.rec.add('callback', { err: outcome.err?.json ?? null, result: outcome.result });
  ctx.rec.requests();
  // COMPATIBILITY S12: an error answer in the fragment (the only errors carrying `state`) uses up
  // its transaction here; auth0-js 10 leaves it stored. That one transaction is left out of the
  // snapshot (its removal is unit-tested); every other cookie and item is still compared.
  const used = (outcome.err?.json as { state?: unknown } | undefined)?.state;
  const hide =
    typeof used === 'string' && used
      ? (name: string) => name.endsWith(`.${used}`) || name.endsWith(`.${used}_compat`)
      : undefined;
  await ctx.rec.storage('after parseHash', hide);
}

/** The latest code the tenant "sent" to `to`; recorded as a literal so both runs compare equal. */
export function latestCode(ctx: ScenarioContext, to: string): string {
  const message = ctx.tenant.outbox.filter((m) => m.to === to).at(-1);
  if (!message?.code) throw new Error(`no code sent to ${to}`);
  ctx.rec.literal(message.code, '<code>');
  return message.code;
}
