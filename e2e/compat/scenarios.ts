/**
 * Differential scenarios: each runs the same page code with one library build and records what
 * happens. The runner compares the records of webauth-js and auth0-js 10.2.1.
 */
import { appUrl, openApp, parseHash, signIn, startLogin, type AppConfig } from '../support/flow.js';
import type { ScenarioContext, Scenario } from './scenario.js';

/** Runs `body` in the page with the library namespace and records its JSON-able return value. */
async function inPage(ctx: ScenarioContext, label: string, body: string, arg: unknown = null): Promise<void> {
  const value = await ctx.page.evaluate(
    async ([body, arg]) => {
      const lib = await (window as any).libReady;
      const fn = new Function('lib', 'arg', `return (async () => { ${body} })();`);
      return fn(lib, arg);
    },
    [body, arg] as const,
  );
  ctx.rec.add('value', { label, value });
}

async function login(ctx: ScenarioContext, config: AppConfig, options: Record<string, unknown> = {}): Promise<void> {
  await startLogin(ctx.page, config, options);
  ctx.rec.requests();
  await ctx.rec.storage('after authorize');
  await signIn(ctx.page, ctx.appOrigin);
  ctx.rec.requests();
}

async function parseAndRecord(ctx: ScenarioContext, config: AppConfig, options: Record<string, unknown> = {}): Promise<void> {
  const outcome = await parseHash(ctx.page, config, options);
  // Our errors are Error instances (name, message); the reference's are plain objects. Their
  // enumerable fields, which is what apps read and serialise, must match exactly.
  ctx.rec.add('callback', { err: outcome.err?.json ?? null, result: outcome.result });
  ctx.rec.requests();
  await ctx.rec.storage('after parseHash');
}

/** parseHash on a page opened directly with `hash` (no login before it). */
function fragmentScenario(name: string, hash: string): Scenario {
  return {
    name,
    async run(ctx) {
      await ctx.page.goto(appUrl(ctx.appOrigin, ctx.lib) + hash);
      await parseAndRecord(ctx, ctx.config());
    },
  };
}

const CATCH = (expr: string) => `try { ${expr}; return 'no error'; } catch (e) { return e.message; }`;

export const SCENARIOS: Scenario[] = [
  {
    name: 'constructor option errors',
    async run(ctx) {
      const cases = [
        'new lib.WebAuth()',
        'new lib.WebAuth({})',
        "new lib.WebAuth({ domain: 'd' })",
        "new lib.WebAuth({ domain: 'd', clientID: 'c', responseType: 1 })",
        "new lib.WebAuth({ domain: 'd', clientID: 'c', leeway: '1' })",
        "new lib.WebAuth({ domain: 'd', clientID: 'c', _sendTelemetry: 'x' })",
        "new lib.WebAuth({ domain: 'd', clientID: 'c', overrides: { __jwks_uri: 1 } })",
        "new lib.Authentication({ domain: 'd' })",
        "new lib.Management({ domain: 'd' })",
      ];
      await ctx.page.goto(appUrl(ctx.appOrigin, ctx.lib));
      for (const expr of cases) await inPage(ctx, expr, CATCH(expr));
    },
  },
  {
    name: 'buildAuthorizeUrl and buildLogoutUrl',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      const body = `
        const c = new lib.WebAuth(arg).client;
        return [
          c.buildAuthorizeUrl({ state: 'S', nonce: 'N', connection_scope: ['a', 'b'], maxAge: 10, appState: { x: 1 }, login_hint: 'x' }),
          c.buildAuthorizeUrl({ responseType: 'code', state: 'S', prompt: 'none', captcha: 'c' }),
          c.buildLogoutUrl(),
          c.buildLogoutUrl({ returnTo: 'http://127.0.0.1/', federated: true }),
        ];`;
      await inPage(ctx, 'urls', body, ctx.config());
    },
  },
  {
    name: 'authorize redirects and stores the transaction',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await startLogin(ctx.page, ctx.config(), { appState: { returnTo: '/x' }, login_hint: 'alice@example.com' });
      ctx.rec.requests();
      await ctx.rec.storage('after authorize');
    },
  },
  {
    name: 'login and parseHash',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await login(ctx, ctx.config(), { appState: { returnTo: '/profile' } });
      await parseAndRecord(ctx, ctx.config());
    },
  },
  {
    name: 'parseHash twice (transaction read once)',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await login(ctx, ctx.config());
      await parseAndRecord(ctx, ctx.config());
      await parseAndRecord(ctx, ctx.config());
    },
  },
  {
    name: 'tampered state',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await login(ctx, ctx.config());
      const hash = new URL(ctx.page.url()).hash.replace(/state=[^&]+/, 'state=tampered');
      await parseAndRecord(ctx, ctx.config(), { hash });
    },
  },
  {
    name: 'HS256 ID token',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      const config = ctx.config({ clientID: 'hs256-client' });
      await login(ctx, config);
      await parseAndRecord(ctx, config);
    },
  },
  fragmentScenario('error in the fragment', '#error=access_denied&error_description=User%20did%20not%20authorize&state=abc'),
  fragmentScenario('fragment without a response', '#code=abc&state=x'),
  fragmentScenario('fragment missing the id_token', '#/access_token=abc&state=x'),
  {
    name: "finish the other library's redirect",
    async run(ctx) {
      // Started by the other library, finished by this one: transactions must be interchangeable.
      await openApp(ctx.page, ctx.appOrigin, ctx.other);
      await login(ctx, ctx.config(), { appState: { from: 'other' } });
      await parseAndRecord(ctx, ctx.config());
    },
  },
];
