/**
 * The differential suite's tests: every scenario compares webauth-js with auth0-js 10.2.1 (see
 * compare.ts). A difference must repeat to fail (vitest `retry: 1`, set in the project); scenarios
 * with a listed known difference are skipped with the reason in their name unless COMPAT_KNOWN=1.
 *
 * The scenarios are dealt round-robin over the shard files beside this one (differential.test.ts,
 * differential-2.test.ts, …), so vitest runs the shards in parallel workers, each with its own
 * pair of tenants (scenarios read their records, which must not mix).
 */
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { startTenant, type RunningTenant } from '../tenant/index.js';
import { suiteTenantOptions } from '../support/suite-tenant.js';
import { formatDifference } from './diff.js';
import { ALL_SCENARIOS } from './all-scenarios.js';
import { compare, type Env } from './compare.js';
import type { Scenario } from './scenario.js';

declare module 'vitest' {
  interface TaskMeta {
    /** What differed on a run that failed; kept through the retry, so a flaky pass is reported. */
    compatDifferences?: string[];
  }
}

const SHARD_FILE = /^differential(?:-(\d+))?\.test\.ts$/;

/** The scenarios of the shard file at `fileUrl`: every N-th one, N being the number of shard files. */
export function shardOf(fileUrl: string): Scenario[] {
  const path = fileURLToPath(fileUrl);
  const shards = readdirSync(dirname(path)).filter((f) => SHARD_FILE.test(f)).length;
  const index = Number(SHARD_FILE.exec(basename(path))?.[1] ?? 1) - 1;
  if (index < 0 || index >= shards) throw new Error(`${basename(path)}: shard files must be numbered 2…${shards}`);
  return ALL_SCENARIOS.filter((_, i) => i % shards === index);
}

/** Registers one test per scenario, run against a browser and a pair of tenants of this file's own. */
export function differentialTests(scenarios: Scenario[]): void {
  let browser: Browser;
  let ourTenant: RunningTenant;
  let refTenant: RunningTenant;
  const env = (tenant: RunningTenant): Env => ({ browser, tenant, appOrigin: inject('compatAppOrigin') });

  beforeAll(async () => {
    // One tenant per library, so the two runs of a scenario go in parallel from the same state;
    // their different ports are normalised away (<tenant>).
    [browser, ourTenant, refTenant] = await Promise.all([
      chromium.connect(inject('compatBrowserWsEndpoint')),
      suiteTenantOptions().then((shared) => startTenant({ ...shared, testEndpoints: true })),
      suiteTenantOptions().then((shared) => startTenant({ ...shared, testEndpoints: true })),
    ]);
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), ourTenant?.close(), refTenant?.close()]);
  });

  for (const scenario of scenarios) {
    if (scenario.knownDifference && !process.env.COMPAT_KNOWN) {
      test.skip(`${scenario.name} (known difference: ${scenario.knownDifference})`, () => {});
      continue;
    }
    test(scenario.name, async ({ task }) => {
      const outcome = await compare(scenario, env(ourTenant), env(refTenant));
      if (process.env.COMPAT_VERBOSE) console.log(JSON.stringify(outcome.ours, null, 2));
      const differences = outcome.differences.map(formatDifference);
      if (outcome.broken && !differences.length) differences.push('both libraries failed to run the scenario');
      if (differences.length) task.meta.compatDifferences = differences;
      expect(differences, `${scenario.name} differs from auth0-js`).toEqual([]);
    });
  }
}
