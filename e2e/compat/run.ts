/**
 * The differential runner: every scenario runs once with webauth-js's UMD bundle and once with
 * auth0-js 10.2.1's, each in a fresh browser context against the same local tenant; the two
 * normalised records are compared. Prints one line per scenario (with what differs) and a total.
 */
import type { Browser } from 'playwright';
import { startTenant, type RunningTenant } from '../tenant/index.js';
import { startAppServer, type AppServer } from '../support/app-server.js';
import { launchChromium, newTestContext } from '../support/browser.js';
import { appUrl, type LibBuild } from '../support/flow.js';
import { diff, formatDifference } from './diff.js';
import { learnAuthorizeValues, learnStoredTransactions, learnTenantValues, normalize, type Placeholders, type StorageEntry } from './normalize.js';
import { Recorder } from './recorder.js';
import { ALL_SCENARIOS } from './all-scenarios.js';
import type { Scenario } from './scenario.js';

const OURS: LibBuild = 'umd';
const REFERENCE: LibBuild = 'ref';

interface Env {
  browser: Browser;
  tenant: RunningTenant;
  app: AppServer;
}

async function runOnce(scenario: Scenario, lib: LibBuild, env: Env) {
  const context = await newTestContext(env.browser);
  // Both runs of a scenario start from the same tenant: definition users, no sessions, no codes.
  await context.request.post(`${env.tenant.url}/__admin/reset`);
  const page = await context.newPage();
  const rec = new Recorder(page, context, env.tenant, env.app.url);
  const other = lib === OURS ? REFERENCE : OURS;
  try {
    await scenario.run({
      page,
      tenant: env.tenant,
      appOrigin: env.app.url,
      lib,
      other,
      rec,
      config: (overrides = {}, forLib = lib) => ({
        domain: env.tenant.domain,
        clientID: 'spa-client',
        redirectUri: appUrl(env.app.url, forLib),
        responseType: 'token id_token',
        ...overrides,
      }),
    });
  } catch (err) {
    rec.add('scenario error', { message: err instanceof Error ? err.message.split('\n')[0] : String(err) });
  } finally {
    await context.close();
  }
  return rec.entries;
}

function normalizeRecord(entries: unknown[], env: Env) {
  const p: Placeholders = { literals: new Map([[env.app.url, '<app>'], [env.tenant.url, '<tenant>'], [env.tenant.domain, '<tenant-domain>']]) };
  let logins = 0;
  for (const entry of entries as { kind: string; path?: string; query?: Record<string, string>; body?: any; value?: string; placeholder?: string }[]) {
    if (entry.kind === 'literal') p.literals.set(entry.value!, entry.placeholder!);
    if (entry.kind === 'storage') learnStoredTransactions(entry as unknown as StorageEntry, p);
    if (entry.kind !== 'request') continue;
    // The library's random state and nonce, sent to /authorize or inside passwordless authParams.
    const viaQuery = entry.path === '/authorize' || entry.path === '/passwordless/verify_redirect';
    const sent = viaQuery ? entry.query : entry.body?.authParams;
    if (sent?.state && !p.literals.has(sent.state)) learnAuthorizeValues(sent, p, logins++ ? `${logins}:` : '');
    learnTenantValues(entry.path!, entry.query ?? {}, p);
  }
  return normalize(entries, p);
}

interface Outcome {
  ok: boolean;
  ours: unknown;
  differences: ReturnType<typeof diff>;
  broken: boolean;
}

/** Runs a scenario with both libraries in parallel and compares the normalised records. */
async function compare(scenario: Scenario, ourEnv: Env, refEnv: Env): Promise<Outcome> {
  const [ourEntries, refEntries] = await Promise.all([runOnce(scenario, OURS, ourEnv), runOnce(scenario, REFERENCE, refEnv)]);
  const ours = normalizeRecord(ourEntries, ourEnv);
  const differences = diff(ours, normalizeRecord(refEntries, refEnv));
  const broken = (ours as { kind: string }[]).some((e) => e.kind === 'scenario error');
  return { ok: differences.length === 0 && !broken, ours, differences, broken };
}

function report({ differences, broken }: Outcome): void {
  for (const d of differences) console.log(formatDifference(d));
  if (broken && !differences.length) console.log('    both libraries failed to run the scenario');
}

async function main(): Promise<number> {
  const only = process.argv[2];
  // One tenant per library, so the two runs of a scenario go in parallel from the same state;
  // their different ports are normalised away (<tenant>).
  const [ourTenant, refTenant, app, browser] = await Promise.all([
    startTenant({ testEndpoints: true }),
    startTenant({ testEndpoints: true }),
    startAppServer(),
    launchChromium(),
  ]);
  const ourEnv: Env = { browser, tenant: ourTenant, app };
  const refEnv: Env = { browser, tenant: refTenant, app };
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  try {
    for (const scenario of ALL_SCENARIOS.filter((s) => !only || s.name.includes(only))) {
      if (scenario.knownDifference && !process.env.COMPAT_KNOWN) {
        console.log(`  - ${scenario.name} (skipped, known difference: ${scenario.knownDifference})`);
        continue;
      }
      let outcome = await compare(scenario, ourEnv, refEnv);
      // A difference is confirmed by a second run: one that does not repeat is reported as flaky
      // (with what differed) rather than failed, so a timing accident cannot hide the real results.
      const first = outcome.ok ? undefined : outcome;
      if (first) outcome = await compare(scenario, ourEnv, refEnv);
      if (outcome.ok) passed++;
      else failed++;
      if (first && outcome.ok) flaky++;
      console.log(`  ${outcome.ok ? '✓' : '✗'} ${scenario.name}${first && outcome.ok ? ' (flaky: differed on the first run)' : ''}`);
      if (first) report(outcome.ok ? first : outcome);
      if (process.env.COMPAT_VERBOSE) console.log(JSON.stringify(outcome.ours, null, 2));
    }
  } finally {
    await Promise.all([browser.close(), ourTenant.close(), refTenant.close(), app.close()]);
  }
  if (flaky) console.log(`compat: ${flaky} flaky (passed only on a second run; see above)`);
  console.log(`compat: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    console.log('compat: 0 passed, 1 failed');
    process.exit(1);
  },
);
