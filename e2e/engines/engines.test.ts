/**
 * The engine suite: the main flows in Chromium, Firefox ESR and WebKitGTK at their default privacy
 * settings, a fresh profile per test, the UMD build against the local tenant on another site.
 * `npm run test:engines` runs it (scripts/test-engines.mjs); it ends by printing the support table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenant, type RunningTenant } from '../tenant/index.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { suiteTenantOptions } from '../support/suite-tenant.js';
import { ENGINES, type EngineName, type EngineSession } from './driver.js';
import { chromiumSession, closeChromium } from './chromium-driver.js';
import { firefoxSession } from './firefox-driver.js';
import { closeWebKit, webkitSession } from './webkit-driver.js';
import { FLOWS, type FlowName } from './flows.js';
import { EXPECTED } from './expected.js';
import { expectedTable, recordOutcome, seenOutcomes, seenTable } from './table.js';
import { readFileSync } from 'node:fs';

const SESSIONS: Record<EngineName, () => Promise<EngineSession>> = {
  chromium: chromiumSession,
  firefox: firefoxSession,
  webkit: webkitSession,
};
const only = process.env.ENGINES?.split(',') as EngineName[] | undefined;

let tenant: RunningTenant;
let app: AppServer;
const versions = new Map<EngineName, string>();
/** Each engine's time: its sessions' start, flows and close, summed over its tests. */
const spent = new Map<EngineName, number>();

beforeAll(async () => {
  [tenant, app] = await Promise.all([
    suiteTenantOptions().then((shared) => startTenant({ ...shared, testEndpoints: true })),
    startAppServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([closeChromium(), closeWebKit(), tenant?.close(), app?.close()]);
  console.log(`\nBrowser support as this run saw it\n${seenTable(versions)}\n`);
  const times = [...spent].map(([engine, ms]) => `${engine} ${(ms / 1000).toFixed(1)} s`);
  console.log(`Time per engine (summed over its tests, sessions included): ${times.join(', ')}\n`);
});

describe.each(ENGINES.filter((e) => !only || only.includes(e)))('%s', (engine) => {
  it.for(Object.keys(FLOWS) as FlowName[])('%s', async (flow, context) => {
    const started = Date.now();
    const session = await SESSIONS[engine]();
    versions.set(engine, session.version);
    let seen: string;
    try {
      seen = await FLOWS[flow](session, { tenant, appOrigin: app.url });
    } catch (err) {
      recordOutcome(engine, flow, `error: ${(err as Error).message.split('\n')[0]}`);
      throw err;
    } finally {
      await session.close();
      spent.set(engine, (spent.get(engine) ?? 0) + Date.now() - started);
    }
    recordOutcome(engine, flow, seen);
    expect(seen).toBe(EXPECTED[flow][engine]);
    // A flow the engine's driver cannot run is reported as skipped, with the reason.
    if (seen.startsWith('skipped: ')) context.skip(seen.slice('skipped: '.length));
  });
});

it("the README's browser-support table (docs/browser-support.md) is the one this suite asserts", () => {
  const readme = readFileSync(new URL('../../docs/browser-support.md', import.meta.url), 'utf8');
  // Prettier pads the page's cells: compare the cells, not the spacing.
  const cells = (table: string) => table.replace(/ *\| */g, '|').replace(/-{3,}/g, '---');
  expect(cells(readme)).toContain(cells(expectedTable()));
  // Run last: with every engine run, the table this run prints is the README's too.
  if (!only) expect(cells(readme)).toContain(cells(seenOutcomes()));
});
