/**
 * Load test of the local tenant (issue 16 §5): a mixed workload — authorize, token (refresh
 * rotation and password-realm), userinfo, /co/authenticate, signup, list profiles — driven by
 * autocannon over loopback against the tenant in a child process, bounded in time (default 60 s,
 * plus a hard stop) and connections. Prints per-endpoint requests, req/s, latency percentiles,
 * non-2xx answers by status and socket errors, then verifies that no write was lost (signups
 * present, refresh tokens usable exactly once) and prints the loss count. Exits 1 on any error
 * other than a configured 429 or any loss. `npm run load [-- --duration 60] [--only <endpoint name part>]`.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { startLoadTenant, type LoadTenant } from './load-tenant.js';
import { passwordLogin, postForm, verify } from './load-verify.js';
import { ALICE, workload, type Endpoint, type Records } from './load-workload.js';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '60' }, only: { type: 'string' } } });
const duration = Number(values.duration);
if (!Number.isInteger(duration) || duration < 1 || duration > 600) throw new Error('--duration must be 1–600 seconds.');
/** Past this the run is stopped whatever autocannon does. */
const HARD_STOP_MS = (duration + 15) * 1000;
const CHAIN_TOKENS = 8;

function run(base: string, endpoint: Endpoint, stops: (() => void)[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: endpoint.connections,
        duration,
        timeout: 10,
        requests: [endpoint.request],
        ...(endpoint.rate ? { overallRate: endpoint.rate } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    stops.push(() => instance.stop());
  });
}

async function material(url: string, issuer: string) {
  const login = await passwordLogin(url, ALICE.email, ALICE.password, 'openid profile email offline_access');
  if (login.status !== 200) throw new Error(`Login for the workload failed: ${JSON.stringify(login.body)}`);
  const refreshTokens: string[] = [];
  for (let i = 0; i < CHAIN_TOKENS; i++) {
    refreshTokens.push(
      (await passwordLogin(url, ALICE.email, ALICE.password, 'openid offline_access')).body['refresh_token'] as string,
    );
  }
  const mgmt = await postForm(`${url}/oauth/token`, {
    grant_type: 'client_credentials',
    client_id: 'mgmt-global',
    client_secret: 'mgmt-global-secret',
    audience: `${issuer}api/v2/`,
  });
  if (mgmt.status !== 200) throw new Error(`Management token failed: ${JSON.stringify(mgmt.body)}`);
  return {
    accessToken: login.body['access_token'] as string,
    managementToken: mgmt.body['access_token'] as string,
    refreshTokens,
  };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

function printTable(
  endpoints: readonly Endpoint[],
  results: readonly Result[],
): { total: number; rps: number; unexpected: number } {
  let total = 0;
  let rps = 0;
  let unexpected = 0;
  console.log(
    `${'endpoint'.padEnd(38)}${pad('conns', 6)}${pad('rate', 6)}${pad('requests', 10)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p90 ms', 8)}${pad('p99 ms', 8)}  non-2xx by status / socket errors`,
  );
  endpoints.forEach((endpoint, i) => {
    const r = results[i]!;
    const done = Object.values(r.statusCodeStats).reduce((sum, s) => sum + s.count, 0);
    const perSecond = done / r.duration;
    total += done;
    rps += perSecond;
    const non2xx = Object.entries(r.statusCodeStats).filter(([code]) => !code.startsWith('2'));
    unexpected +=
      non2xx.filter(([code]) => code !== '429').reduce((sum, [, s]) => sum + s.count, 0) + r.errors + r.timeouts;
    const statuses = non2xx.map(([code, s]) => `${code}×${s.count}`).join(' ') || '-';
    console.log(
      `${endpoint.name.padEnd(38)}${pad(endpoint.connections, 6)}${pad(endpoint.rate ?? 'max', 6)}${pad(done, 10)}${pad(perSecond.toFixed(0), 9)}${pad(r.latency.p50, 8)}${pad(r.latency.p90, 8)}${pad(r.latency.p99, 8)}  ${statuses} / ${r.errors + r.timeouts}`,
    );
  });
  console.log(
    `${'total'.padEnd(38)}${pad(
      endpoints.reduce((s, e) => s + e.connections, 0),
      6,
    )}${pad('', 6)}${pad(total, 10)}${pad(rps.toFixed(0), 9)}`,
  );
  return { total, rps, unexpected };
}

type Cpu = ReturnType<LoadTenant['cpuMs']>;

/** CPU per request: unlike req/s, it hardly depends on what else the shared machine runs. */
function printCpu(requests: number, before: Cpu, after: Cpu, generatorMs: number): void {
  const perRequest = (ms: number) =>
    `${(ms / 1000).toFixed(1)} s, ${((1000 * ms) / requests).toFixed(0)} µs per request`;
  const tenant =
    before === undefined || after === undefined
      ? 'tenant CPU: unknown (no /proc)'
      : `tenant CPU: ${perRequest(after.process - before.process)} (main thread ${perRequest(after.mainThread - before.mainThread)})`;
  console.log(tenant);
  console.log(
    `load generator CPU: ${perRequest(generatorMs)}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

async function main(): Promise<number> {
  console.log(`Load test: ${duration} s, ${cpus().length} CPUs, node ${process.version}`);
  const tenant = await startLoadTenant();
  const hardStop = setTimeout(() => {
    console.error('Hard stop reached.');
    void tenant.close().finally(() => process.exit(2));
  }, HARD_STOP_MS + 120_000);
  hardStop.unref();
  try {
    // Connect to the literal loopback address: "localhost" may resolve to ::1, where nothing listens.
    const base = tenant.url.replace('//localhost:', '//127.0.0.1:');
    const mat = await material(base, `${tenant.url}/`);
    const records: Records = {
      signups: [],
      unusedRefreshTokens: new Set(mat.refreshTokens),
      inFlightRefreshTokens: new Set(),
    };
    const endpoints = workload(mat, records, randomBytes(4).toString('hex')).filter(
      (e) => values.only === undefined || e.name.includes(values.only),
    );
    const stops: (() => void)[] = [];
    const cpuBefore = tenant.cpuMs();
    const ownCpuBefore = process.cpuUsage();
    const timer = setTimeout(() => stops.forEach((stop) => stop()), HARD_STOP_MS);
    const results = await Promise.all(endpoints.map((endpoint) => run(base, endpoint, stops)));
    clearTimeout(timer);
    const cpuAfter = tenant.cpuMs();
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const { total, rps, unexpected } = printTable(endpoints, results);
    printCpu(total, cpuBefore, cpuAfter, (ownCpu.user + ownCpu.system) / 1000);
    const losses = await verify(base, mat.managementToken, records);
    const lost = losses.signupsMissing + losses.signupLoginsFailed + losses.refreshTokensNotUsableOnce;
    console.log(
      `signups: ${losses.signupsChecked} answered 200, ${losses.signupsMissing} missing; password login of ${losses.signupLoginsChecked} of them: ${losses.signupLoginsFailed} failed`,
    );
    console.log(
      `refresh tokens issued and unused: ${losses.refreshTokensChecked} checked, ${losses.refreshTokensNotUsableOnce} not usable exactly once (${records.inFlightRefreshTokens.size} in flight at the stop, not counted)`,
    );
    console.log(
      `loss count: ${lost}; errors other than 429: ${unexpected}; ${rps.toFixed(0)} req/s (${rps >= 1000 ? 'meets' : 'below'} 1000 req/s)`,
    );
    return lost === 0 && unexpected === 0 ? 0 : 1;
  } finally {
    await tenant.close();
  }
}

process.exitCode = await main();
