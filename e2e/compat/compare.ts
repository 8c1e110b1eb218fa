/**
 * One differential comparison: a scenario runs once with webauth-js's UMD bundle and once with
 * auth0-js 10.2.1's, each in an emptied browser tab (clean-tab.ts) against its own copy of the
 * local tenant; the two normalised records are compared.
 */
import type { Browser } from 'playwright';
import { ADMIN_TOKEN_HEADER, type RunningTenant } from '../tenant/index.js';
import { cleanTab } from './clean-tab.js';
import { appUrl, type LibBuild } from '../support/flow.js';
import { diff } from './diff.js';
import {
  learnAuthorizeValues,
  learnStoredTransactions,
  learnTenantValues,
  normalize,
  type Placeholders,
  type StorageEntry,
} from './normalize.js';
import { Recorder } from './recorder.js';
import type { Scenario } from './scenario.js';

const OURS: LibBuild = 'umd';
const REFERENCE: LibBuild = 'ref';

export interface Env {
  browser: Browser;
  tenant: RunningTenant;
  /** The app server's origin (serves both libraries' test pages). */
  appOrigin: string;
}

async function runOnce(scenario: Scenario, lib: LibBuild, env: Env) {
  const { context, page, release } = await cleanTab(env.browser, `${lib} ${env.tenant.url}`, [
    env.appOrigin,
    env.tenant.url,
  ]);
  // Both runs of a scenario start from the same tenant: definition users, no sessions, no codes.
  const reset = await context.request.post(`${env.tenant.url}/__admin/reset`, {
    headers: { [ADMIN_TOKEN_HEADER]: env.tenant.adminToken },
  });
  if (!reset.ok()) throw new Error(`Tenant reset failed: ${reset.status()} ${await reset.text()}`);
  const rec = new Recorder(page, context, env.tenant, env.appOrigin);
  const other = lib === OURS ? REFERENCE : OURS;
  try {
    await scenario.run({
      page,
      tenant: env.tenant,
      appOrigin: env.appOrigin,
      lib,
      other,
      rec,
      config: (overrides = {}, forLib = lib) => ({
        domain: env.tenant.domain,
        clientID: 'spa-client',
        redirectUri: appUrl(env.appOrigin, forLib),
        responseType: 'token id_token',
        ...overrides,
      }),
    });
  } catch (err) {
    rec.add('scenario error', { message: err instanceof Error ? err.message.split('\n')[0] : String(err) });
  } finally {
    rec.dispose();
    await release();
  }
  return rec.entries;
}

function normalizeRecord(entries: unknown[], env: Env) {
  const p: Placeholders = {
    literals: new Map([
      [env.appOrigin, '<app>'],
      [env.tenant.url, '<tenant>'],
      [env.tenant.domain, '<tenant-domain>'],
    ]),
  };
  let logins = 0;
  for (const entry of entries as {
    kind: string;
    path?: string;
    query?: Record<string, string>;
    body?: any;
    value?: string;
    placeholder?: string;
  }[]) {
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

export interface Outcome {
  ok: boolean;
  ours: unknown;
  differences: ReturnType<typeof diff>;
  broken: boolean;
}

const isKeySetRequest = (e: any) => e.kind === 'request' && e.method === 'GET' && e.path === '/.well-known/jwks.json';

/**
 * COMPATIBILITY S2 (issue 27): our flows start loading the tenant's own key set when they start, so
 * where the answer is an error (no session, a closed popup) we make that request and auth0-js does
 * not. Such extra requests (the first ones: a preload comes first) are left out; the rest compare.
 */
function withoutExtraKeySetRequests(ours: unknown[], reference: unknown[]): unknown[] {
  let extra = ours.filter(isKeySetRequest).length - reference.filter(isKeySetRequest).length;
  return ours.filter((e) => !(extra > 0 && isKeySetRequest(e) && extra-- > 0));
}

/** A redirect to `/authorize` (not the hidden iframe of `checkSession`, whose mode is `web_message`). */
const isRedirectAuthorize = (e: any) =>
  e.kind === 'request' && e.path === '/authorize' && e.query?.response_mode !== 'web_message';

/**
 * COMPATIBILITY S2 (issue 49): a redirect `authorize` starts loading the key set as the page leaves,
 * so the key-set request auth0-js makes from the callback page comes in ours beside that
 * `/authorize` (before or after it: a race between a fetch and a navigation), and the callback page
 * reads the stored set. Such a request (right next to the n-th redirect `/authorize`, other
 * key-set requests aside) is left out of ours, with auth0-js's first key-set request after its n-th
 * redirect `/authorize`, if any; every other request still compares, in order.
 */
export function withoutMovedKeySetRequests(ours: unknown[], reference: unknown[]): [unknown[], unknown[]] {
  const [o, r] = [ours, reference];
  const authorizes = (entries: unknown[]) => entries.flatMap((e, i) => (isRedirectAuthorize(e) ? [i] : []));
  const refAuthorizes = authorizes(r);
  const dropRef = new Set<number>();
  const dropOurs = new Set<number>();
  authorizes(o).forEach((at, n) => {
    const others = o.map((_, i) => i).filter((i) => !isKeySetRequest(o[i]) || i === at);
    const k = others.indexOf(at);
    const [before, after] = [others[k - 1] ?? -1, others[k + 1] ?? o.length];
    const moved = o.findIndex((e, i) => i > before && i < after && isKeySetRequest(e) && !dropOurs.has(i));
    if (moved < 0) return;
    dropOurs.add(moved);
    const from = refAuthorizes[n];
    const theirs = from === undefined ? -1 : r.findIndex((e, i) => i > from && isKeySetRequest(e) && !dropRef.has(i));
    if (theirs >= 0) dropRef.add(theirs);
  });
  return [o.filter((_, i) => !dropOurs.has(i)), r.filter((_, i) => !dropRef.has(i))];
}

/** Runs a scenario with both libraries in parallel and compares the normalised records. */
export async function compare(scenario: Scenario, ourEnv: Env, refEnv: Env): Promise<Outcome> {
  const [ourEntries, refEntries] = await Promise.all([
    runOnce(scenario, OURS, ourEnv),
    runOnce(scenario, REFERENCE, refEnv),
  ]);
  const [moved, withOursMoved] = withoutMovedKeySetRequests(ourEntries, refEntries);
  // The reference run holds that request of ours too where the scenario has our library start the
  // redirect that auth0-js finishes: left out on its own (auth0-js's own request stays in both).
  const [reference] = withoutMovedKeySetRequests(withOursMoved, []);
  const ours = normalizeRecord(withoutExtraKeySetRequests(moved, reference), ourEnv);
  const differences = diff(ours, normalizeRecord(reference, refEnv));
  const broken = (ours as { kind: string }[]).some((e) => e.kind === 'scenario error');
  return { ok: differences.length === 0 && !broken, ours, differences, broken };
}
