/**
 * The tenant as the issue benches it: every request answered `delayMs` late (network latency to a
 * real tenant). Done here rather than in e2e/tenant: the bench wraps the request listener the
 * tenant hands to `http.createServer`, for the duration of `startTenant` only.
 */
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import { loadavg } from 'node:os';
import type { Browser } from 'playwright';
import { defaultDefinition, startTenant, type RunningTenant, type TenantOptions } from '../tenant/index.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { launchChromium } from '../support/browser.js';

/** The current delay; set `ms` to 0 for parts of the bench that should not wait. */
export const latency = { ms: 50 };

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function startSlowTenant(options: TenantOptions & { http: true }): Promise<RunningTenant> {
  const original = http.createServer;
  const slow = (...args: unknown[]) => {
    const last = args.length - 1;
    const listener = args[last] as Listener;
    args[last] = (req: http.IncomingMessage, res: http.ServerResponse) =>
      latency.ms > 0 ? setTimeout(() => listener(req, res), latency.ms) : listener(req, res);
    return (original as (...a: unknown[]) => http.Server)(...args);
  };
  (http as { createServer: unknown }).createServer = slow;
  // The tenant imports `createServer` by name: refresh the ES module bindings of node:http.
  syncBuiltinESMExports();
  try {
    return await startTenant(options);
  } finally {
    http.createServer = original;
    syncBuiltinESMExports();
  }
}

/**
 * What every browser bench starts: the slow tenant (plain HTTP on 127.0.0.1), the app servers and
 * Chromium. The app servers answer as late as the tenant: the latency of the CDN the library would
 * come from. (They used to rely on starting while `http.createServer` was slowed for the tenant,
 * which held only when they created their server before the tenant had started: a race.) `app` serves the library with
 * `no-store` (every page fetches it again), `cdnApp` as a CDN serves a versioned URL (`immutable`).
 */
export interface BenchServers {
  tenant: RunningTenant;
  app: AppServer;
  cdnApp: AppServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBenchServers(config: TenantOptions['config'] = defaultDefinition()): Promise<BenchServers> {
  const launching = launchChromium();
  // The app servers are made after the tenant: while it starts, every new server is slowed.
  const tenant = await startSlowTenant({ testEndpoints: true, http: true, host: '127.0.0.1', config });
  const [app, cdnApp, browser] = await Promise.all([
    startAppServer({ latencyMs: () => latency.ms }),
    startAppServer({ libraryCache: 'immutable', latencyMs: () => latency.ms }),
    launching,
  ]);
  return {
    tenant,
    app,
    cdnApp,
    browser,
    close: async () => void (await Promise.all([browser.close(), tenant.close(), app.close(), cdnApp.close()])),
  };
}

/** The machine's load averages (1, 5, 15 min), printed with each bench's figures. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
