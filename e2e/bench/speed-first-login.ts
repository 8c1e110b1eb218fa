/**
 * Part `firstlogin`: a new visitor's first login by redirect, the app page never calling
 * `checkSession` (so nothing stored the key set before): a new browser context with the tenant
 * session, `authorize` right after the app page loaded, `parseHash` timed on the callback page.
 * Key-set requests of both pages are counted. Part `failfast`: `checkSession` answered with the
 * tenant's error page (the app's origin missing from Allowed Web Origins), timed to the callback.
 */
import type { Browser, BrowserContext } from 'playwright';
import type { TenantDefinition } from '../tenant/index.js';
import { newTestContext } from '../support/browser.js';
import { openApp } from '../support/flow.js';
import { emptySamples, interleaved, type Row } from './speed-stats.js';
import { benchConfig, timedCallback, type VisitEnv } from './speed-visits.js';

/** The client whose Allowed Web Origins lack the app, added by {@link withNoWebOriginsClient}. */
export const NO_WEB_ORIGINS_CLIENT = 'no-web-origins';

/** Adds {@link NO_WEB_ORIGINS_CLIENT}: the SPA client without Allowed Web Origins. */
export function withNoWebOriginsClient(definition: TenantDefinition): TenantDefinition {
  const spa = definition.clients.find((c) => c.client_id === 'spa-client')!;
  definition.clients.push({ ...spa, client_id: NO_WEB_ORIGINS_CLIENT, name: 'No web origins', web_origins: [] });
  return definition;
}

async function inNewContext<T>(browser: Browser, env: VisitEnv, fn: (context: BrowserContext) => Promise<T>) {
  const context = await newTestContext(browser);
  try {
    await context.addCookies(env.cookies);
    return await fn(context);
  } finally {
    await context.close();
  }
}

export async function firstLoginRows(browser: Browser, env: VisitEnv, runs: number): Promise<Row[]> {
  const [ms, parseMs, jwks] = [emptySamples(), emptySamples(), emptySamples()];
  for (let run = -1; run < runs; run++)
    for (const lib of interleaved(run)) {
      const figures = await inNewContext(browser, env, async (c) => timedCallback(await c.newPage(), env, lib));
      if (run < 0) continue; // warm-up
      ms[lib].push(figures.ms);
      parseMs[lib].push(figures.parseMs);
      jwks[lib].push(figures.jwks);
    }
  return [
    { name: 'first login, no checkSession: callback fetch to result', unit: 'ms', samples: ms },
    { name: '  of which parseHash call to result', unit: 'ms', samples: parseMs, target: '<= 0.3' },
    { name: '  key-set requests (app page and callback page)', unit: '', samples: jwks, sum: true },
  ];
}

export async function failFastRows(browser: Browser, env: VisitEnv, runs: number, timeout: number): Promise<Row[]> {
  const ms = emptySamples();
  for (let run = 0; run < runs; run++)
    for (const lib of interleaved(run)) {
      const { took, error } = await inNewContext(browser, env, async (context) => {
        const page = await context.newPage();
        await openApp(page, env.appOrigin, lib);
        const config = benchConfig(env, lib);
        return page.evaluate(
          async ([config, timeout]) => {
            const webAuth = new (await (window as any).libReady).WebAuth(config);
            const t0 = performance.now();
            const error = await new Promise<string>((resolve) =>
              webAuth.checkSession({ timeout }, (err: any) => resolve(err?.error ?? 'no error')),
            );
            return { took: performance.now() - t0, error };
          },
          [{ ...config, clientID: NO_WEB_ORIGINS_CLIENT }, timeout] as const,
        );
      });
      if (error !== 'timeout') throw new Error(`${lib}: checkSession answered ${error}, not timeout`);
      ms[lib].push(took);
    }
  return [
    { name: `checkSession, tenant error page (timeout ${timeout} ms)`, unit: 'ms', samples: ms, target: '< 5 s' },
  ];
}
