/**
 * The differential suite: every scenario compares webauth-js with auth0-js 10.2.1 (see compare.ts).
 * A difference must repeat to fail (vitest `retry: 1`, set in the project); scenarios with a listed
 * known difference are skipped with the reason in their name unless COMPAT_KNOWN=1.
 */
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, inject, test } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** What differed on a run that failed; kept through the retry, so a flaky pass is reported. */
    compatDifferences?: string[];
  }
}
import { startTenant, type RunningTenant } from '../tenant/index.js';
import { formatDifference } from './diff.js';
import { ALL_SCENARIOS } from './all-scenarios.js';
import { compare, type Env } from './compare.js';
import { compatConcurrency } from './concurrency.js';

/** Scenarios run this many at a time, each on a tenant pair of its own (COMPAT_CONCURRENCY, default 1). */
const SLOTS = compatConcurrency();

interface TenantPair {
  ours: RunningTenant;
  ref: RunningTenant;
}

let browser: Browser;
const tenants: RunningTenant[] = [];
const freePairs: TenantPair[] = [];
const waiting: ((pair: TenantPair) => void)[] = [];
const env = (tenant: RunningTenant): Env => ({ browser, tenant, appOrigin: inject('compatAppOrigin') });

/** A scenario resets and reads its tenants' records, so it holds a pair alone until it ends. */
function acquirePair(): Promise<TenantPair> {
  const pair = freePairs.pop();
  return pair ? Promise.resolve(pair) : new Promise((resolve) => waiting.push(resolve));
}

function releasePair(pair: TenantPair): void {
  const next = waiting.shift();
  if (next) next(pair);
  else freePairs.push(pair);
}

beforeAll(async () => {
  // One tenant per library, so the two runs of a scenario go in parallel from the same state;
  // their different ports are normalised away (<tenant>).
  const started = await Promise.all([
    chromium.connect(inject('compatBrowserWsEndpoint')),
    ...Array.from({ length: 2 * SLOTS }, () => startTenant({ testEndpoints: true })),
  ]);
  browser = started[0] as Browser;
  tenants.push(...(started.slice(1) as RunningTenant[]));
  for (let i = 0; i < SLOTS; i++) freePairs.push({ ours: tenants[2 * i]!, ref: tenants[2 * i + 1]! });
});

afterAll(async () => {
  await Promise.all([browser?.close(), ...tenants.map((t) => t.close())]);
});

for (const scenario of ALL_SCENARIOS) {
  if (scenario.knownDifference && !process.env.COMPAT_KNOWN) {
    test.skip(`${scenario.name} (known difference: ${scenario.knownDifference})`, () => {});
    continue;
  }
  test.concurrent(scenario.name, async ({ task, expect }) => {
    const pair = await acquirePair();
    let outcome;
    try {
      outcome = await compare(scenario, env(pair.ours), env(pair.ref));
    } finally {
      releasePair(pair);
    }
    if (process.env.COMPAT_VERBOSE) console.log(JSON.stringify(outcome.ours, null, 2));
    const differences = outcome.differences.map(formatDifference);
    if (outcome.broken && !differences.length) differences.push('both libraries failed to run the scenario');
    if (differences.length) task.meta.compatDifferences = differences;
    expect(differences, `${scenario.name} differs from auth0-js`).toEqual([]);
  });
}
