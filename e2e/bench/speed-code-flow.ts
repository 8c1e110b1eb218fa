/**
 * The code flow with `usePKCE`, `useRefreshTokens` and `cacheLocation: 'localstorage'`, in the CDN
 * main file (no chunk for these options since the redemption is in it; chunk requests are
 * counted) against the all-in-one file (everything in one script, as the CDN build was before issue 32), in the same run: the first visit's callback
 * (the code redeemed, the ID token verified), the first `checkSession` of a new page load (the
 * refresh grant) and `logout` (the refresh token revoked, then the page leaves). auth0-js has no code flow, so it is not in this table. The app server and the
 * tenant both answer 50 ms late, so a chunk fetched in series with a tenant request shows.
 */
import type { Browser, BrowserContext, Page } from 'playwright';
import { newTestContext } from '../support/browser.js';
import { logoutToApp, openApp, type AppConfig } from '../support/flow.js';
import { emptySamples, type Row, type Samples } from './speed-stats.js';
import { benchConfig, timedCallback, timedCheckSession, type VisitEnv } from './speed-visits.js';

export const CODE_FLOW = {
  responseType: 'code',
  usePKCE: true,
  useRefreshTokens: true,
  cacheLocation: 'localstorage',
} as const;

/** The chunked main file in the table's first column, the all-in-one file in the second. */
const SLOT: Record<'umd' | 'all', keyof Samples> = { umd: 'umd', all: 'ref' };
export const CODE_FLOW_COLUMNS = ['CDN main file', 'all-in-one'] as const;

/**
 * The CDN main file against the all-in-one file: one uncounted warm-up run of each, then `runs`
 * runs of each, the order swapped every run; `record` gets each counted result with its column.
 */
export async function againstAllInOne<T>(
  runs: number,
  run: (lib: 'umd' | 'all') => Promise<T>,
  record: (slot: keyof Samples, result: T) => void,
): Promise<void> {
  await run('umd');
  await run('all');
  for (let i = 0; i < runs; i++)
    for (const lib of i % 2 === 0 ? (['all', 'umd'] as const) : (['umd', 'all'] as const)) {
      record(SLOT[lib], await run(lib));
    }
}

interface CodeFlowFigures {
  firstMs: number;
  firstParseMs: number;
  checkSessionMs: number;
  logoutMs: number;
  chunkRequests: number;
}

/**
 * ms from the `logout` call to the page's request for the tenant's `/v2/logout` (the page leaving
 * once the token is let go), timed from this process: the same overhead for both files. The
 * request is aborted there: every run shares one tenant session, which it would end.
 */
async function timedLogout(page: Page, config: AppConfig): Promise<number> {
  let left: (at: number) => void;
  const leaving = new Promise<number>((resolve) => (left = resolve));
  await page.route(
    (url) => url.pathname === '/v2/logout',
    (route) => {
      left(performance.now());
      return route.abort();
    },
  );
  const t0 = performance.now();
  await logoutToApp(page, config);
  return (await leaving) - t0;
}

/** One new browser context: log in by redirect (code redeemed on the callback), then a new page load and `checkSession`. */
async function codeFlowRun(browser: Browser, env: VisitEnv, lib: 'umd' | 'all'): Promise<CodeFlowFigures> {
  let context: BrowserContext | undefined;
  try {
    context = await newTestContext(browser);
    await context.addCookies(env.cookies);
    const chunks: string[] = [];
    context.on('request', (r) => void (/\/webauth\.[\w-]+\.min\.js$/.test(r.url()) && chunks.push(r.url())));
    const page = await context.newPage();
    const first = await timedCallback(page, env, lib, CODE_FLOW);
    await openApp(page, env.appOrigin, lib);
    const config = { ...benchConfig(env, lib), ...CODE_FLOW };
    const checkSessionMs = await timedCheckSession(page, config);
    const logoutMs = await timedLogout(page, config);
    return {
      firstMs: first.ms,
      firstParseMs: first.parseMs,
      checkSessionMs,
      logoutMs,
      chunkRequests: chunks.filter((url) => !url.endsWith('/webauth.min.js') && !url.includes('.all.')).length,
    };
  } finally {
    await context?.close();
  }
}

/** `runs` runs per build, the order swapped every run; rows for `printTable(rows, CODE_FLOW_COLUMNS)`. */
export async function codeFlowRows(browser: Browser, env: VisitEnv, runs: number): Promise<Row[]> {
  const [first, firstParse, check, logout, chunkRequests] = [
    emptySamples(),
    emptySamples(),
    emptySamples(),
    emptySamples(),
    emptySamples(),
  ];
  await againstAllInOne(
    runs,
    (lib) => codeFlowRun(browser, env, lib),
    (slot, f) => {
      first[slot].push(f.firstMs);
      firstParse[slot].push(f.firstParseMs);
      check[slot].push(f.checkSessionMs);
      logout[slot].push(f.logoutMs);
      chunkRequests[slot].push(f.chunkRequests);
    },
  );
  return [
    {
      name: 'code flow: first visit, callback fetch to parseHash result',
      unit: 'ms',
      samples: first,
      target: '<= 1.0',
    },
    { name: '  of which parseHash call to result (code redeemed)', unit: 'ms', samples: firstParse },
    {
      name: 'code flow: first checkSession of a new page (refresh grant)',
      unit: 'ms',
      samples: check,
      target: '<= 1.0',
    },
    { name: 'code flow: logout call to leaving (token revoked)', unit: 'ms', samples: logout, target: '<= 1.0' },
    { name: '  chunk requests in all runs', unit: '', samples: chunkRequests, sum: true },
  ];
}
