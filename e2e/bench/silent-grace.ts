/**
 * How long after the iframe's `load` event the tenant's web-message answer can still arrive: the
 * answer page posts from an inline script while it loads, so its message normally comes first.
 * Raw iframes (no library) on the app page against the local tenant's real answer pages
 * (`login_required` without a session, tokens with one), plus the error page the tenant shows for
 * an origin missing from Allowed Web Origins. Prints the gap message - load (negative: the message
 * came first) and the error page's load time from the iframe's insertion.
 * `node scripts/run-e2e-ts.mjs e2e/bench/silent-grace.ts [--runs 100] [--latency 50] [--cross-site]`
 */
import { parseArgs } from 'node:util';
import type { Page } from 'playwright';
import { defaultDefinition } from '../tenant/index.js';
import { newTestContext } from '../support/browser.js';
import { appUrl, openApp } from '../support/flow.js';
import { latency, loadAverage, startBenchServers } from './speed-latency.js';
import { percentile } from './speed-stats.js';
import { tenantSession, type VisitEnv } from './speed-visits.js';
import { NO_WEB_ORIGINS_CLIENT, withNoWebOriginsClient } from './speed-first-login.js';

/** One raw iframe to `url`: when its message and its load event came, from its insertion (ms). */
export function frameTimes(page: Page, url: string): Promise<{ message: number; load: number }> {
  return page.evaluate(
    (url) =>
      new Promise<{ message: number; load: number }>((resolve) => {
        const t0 = performance.now();
        const seen = { message: NaN, load: NaN };
        const frame = document.createElement('iframe');
        frame.style.display = 'none';
        const finish = () => {
          removeEventListener('message', onMessage);
          frame.remove();
          resolve(seen);
        };
        const onMessage = (e: MessageEvent) => {
          if (e.source !== frame.contentWindow) return;
          seen.message = performance.now() - t0;
          if (!Number.isNaN(seen.load)) finish();
        };
        addEventListener('message', onMessage);
        frame.addEventListener('load', () => {
          seen.load = performance.now() - t0;
          // A message after the load ends the run; none within 1 s counts as none.
          if (Number.isNaN(seen.message)) setTimeout(finish, 1000);
          else finish();
        });
        frame.src = url;
        document.body.appendChild(frame);
      }),
    url,
  );
}

export const authorizeUrl = (env: Pick<VisitEnv, 'tenant' | 'appOrigin'>, clientId: string) =>
  `${env.tenant.url}/authorize?${new URLSearchParams({
    client_id: clientId,
    response_type: 'token id_token',
    redirect_uri: appUrl(env.appOrigin, 'umd'),
    response_mode: 'web_message',
    prompt: 'none',
    state: 'grace-state',
    nonce: 'grace-nonce',
  })}`;

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '100' },
      latency: { type: 'string', default: '50' },
      'cross-site': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const definition = defaultDefinition();
  definition.rate_limits = { ...definition.rate_limits, '*': { limit: 1_000_000, window_seconds: 60 } };
  withNoWebOriginsClient(definition); // the tenant shows its error page to this client's iframe
  latency.ms = Number(values.latency);
  const { tenant, app, browser, close } = await startBenchServers(definition);
  try {
    const env = { tenant, appOrigin: app.url };
    const cookies = await tenantSession(browser, env);
    // The app on localhost, the tenant on 127.0.0.1: another site, so the iframe runs in a process
    // of its own as a real tenant's does (and gets no cookie: no tokens page).
    if (values['cross-site']) env.appOrigin = app.url.replace('127.0.0.1', 'localhost');
    const pages: Record<string, Page> = {};
    for (const kind of ['anonymous', 'signed-in']) {
      const context = await newTestContext(browser);
      if (kind === 'signed-in') await context.addCookies(cookies);
      pages[kind] = await context.newPage();
      await openApp(pages[kind]!, env.appOrigin, 'umd');
    }
    const cases: [string, Page, string][] = [
      ['login_required page', pages.anonymous!, authorizeUrl(env, 'spa-client')],
      ...(values['cross-site']
        ? []
        : [['tokens page', pages['signed-in']!, authorizeUrl(env, 'spa-client')] as [string, Page, string]]),
      ['error page (origin not allowed)', pages.anonymous!, authorizeUrl(env, NO_WEB_ORIGINS_CLIENT)],
    ];
    console.log(`tenant latency ${latency.ms} ms, ${runs} runs each, load average ${loadAverage()}`);
    for (const [name, page, url] of cases) {
      const gaps: number[] = [];
      const loads: number[] = [];
      let noMessage = 0;
      for (let i = 0; i < runs; i++) {
        const t = await frameTimes(page, url);
        loads.push(t.load);
        if (Number.isNaN(t.message)) noMessage++;
        else gaps.push(t.message - t.load);
      }
      const p = (v: number[], q: number) => percentile(v, q).toFixed(2);
      console.log(
        `${name}: load after insertion med ${p(loads, 50)} max ${p(loads, 100)} ms; ` +
          (gaps.length ? `message - load med ${p(gaps, 50)} p90 ${p(gaps, 90)} max ${p(gaps, 100)} ms; ` : '') +
          `no message ${noMessage}/${runs}`,
      );
    }
  } finally {
    await close();
  }
  console.log(`load average ${loadAverage()}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main().catch((err) => (console.error(err), process.exit(1)));
