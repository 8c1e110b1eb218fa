/**
 * Test helpers for /api/v2 (not a test file): a real tenant over HTTP whose clock the test can
 * move, real tokens from the tenant's own endpoints, and checks every Management API answer must
 * pass (error body shape, rate-limit headers, list schema).
 */
import { expect, vi } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { ALICE, MGMT_GLOBAL, MGMT_LOCAL } from './fixtures.js';
import type { UserFixture } from './fixtures.js';
import { startQuickTenant } from './quick-start.js';
import { startTenant, type RunningTenant } from '../server/server.js';
import { CookieJar, form, fragmentOf, implicitParams, logIn, send } from './test-client.js';
import type { Reply } from './test-client.js';
import { describeErrors, validateProfileList } from '../management/schema.js';
import type { UserAttributeProfileList } from '../management/types.js';

export const CURRENT_USER_SCOPES =
  'read:current_user update:current_user_identities create:current_user_metadata update:current_user_metadata ' +
  'delete:current_user_metadata create:current_user_device_credentials delete:current_user_device_credentials';

export interface ApiTenant {
  readonly tenant: RunningTenant;
  readonly audience: string;
  /** Moves the clock of every open test tenant forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Sets the tenant definition's `rate_limits["/api/v2"]`. */
  rateLimit?: { limit: number; window_seconds: number };
  /** A signing key of its own instead of the test process's shared one (a foreign tenant). */
  ownSigningKey?: boolean;
}

/**
 * The tenant reads time through `Date.now` (TenantState's default clock), so a spy installed before
 * a start gives tests a clock they can move without waiting. One clock for every tenant a test file
 * has open; it is removed when the last of them closes.
 */
let offset = 0;
let open = 0;
let spy: { mockRestore(): void } | undefined;

function acquireClock(): void {
  if (open++ > 0) return;
  const realNow = Date.now.bind(Date);
  spy = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
}

function releaseClock(): void {
  if (--open > 0) return;
  spy?.mockRestore();
  spy = undefined;
  offset = 0;
}

export async function startApiTenant(opts: StartOptions = {}): Promise<ApiTenant> {
  const definition = await defaultDefinition();
  if (opts.rateLimit) definition.rate_limits = { ...definition.rate_limits, '/api/v2': opts.rateLimit };
  acquireClock();
  let tenant: RunningTenant;
  try {
    tenant = opts.ownSigningKey
      ? await startTenant({ http: true, config: definition })
      : await startQuickTenant({ http: true, config: definition });
  } catch (err) {
    releaseClock();
    throw err;
  }
  let closed = false;
  return {
    tenant,
    audience: `${tenant.issuer}api/v2/`,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await tenant.close();
      if (!closed) releaseClock();
      closed = true;
    },
  };
}

/** A client-credentials token from POST /oauth/token (client_secret_post). */
export async function clientToken(
  api: ApiTenant,
  client: { clientId: string; clientSecret: string } = MGMT_GLOBAL,
  scope?: string,
): Promise<string> {
  const body = form({
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    audience: api.audience,
    ...(scope !== undefined ? { scope } : {}),
  });
  const reply = await send(api.tenant, '/oauth/token', { method: 'POST', ...body });
  if (reply.status !== 200) throw new Error(`client_credentials for ${client.clientId}: ${reply.status} ${reply.text}`);
  return (reply.json() as { access_token: string }).access_token;
}

export const localClientToken = (api: ApiTenant): Promise<string> => clientToken(api, MGMT_LOCAL);

/** A user's access token (audience /api/v2/ by default) and ID token, through the hosted login. */
export async function userTokens(
  api: ApiTenant,
  user: UserFixture = ALICE,
  scope = CURRENT_USER_SCOPES,
  /** null: no audience, so the access token is for /userinfo only. */
  audience: string | null = api.audience,
): Promise<{ accessToken: string; idToken: string }> {
  const params = implicitParams({
    ...(audience !== null ? { audience } : {}),
    scope: `openid profile email ${scope}`.trim(),
  });
  const reply = await logIn(api.tenant, params, new CookieJar(), { username: user.email, password: user.password });
  const fragment = fragmentOf(reply.headers.location);
  const accessToken = fragment.get('access_token');
  const idToken = fragment.get('id_token');
  if (!accessToken || !idToken)
    throw new Error(`login of ${user.email} gave no tokens: ${reply.headers.location ?? reply.status}`);
  return { accessToken, idToken };
}

export interface ApiCall {
  method?: string;
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  headers?: Record<string, string>;
}

export function call(api: ApiTenant, path: string, opts: ApiCall = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token !== undefined) headers['authorization'] = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] ??= 'application/json';
  return send(api.tenant, path, {
    method: opts.method ?? 'GET',
    headers,
    ...(opts.json !== undefined ? { body: JSON.stringify(opts.json) } : {}),
  });
}

export function expectRateLimitHeaders(reply: Reply): void {
  expect(reply.headers['x-ratelimit-limit']).toMatch(/^[1-9][0-9]*$/);
  expect(reply.headers['x-ratelimit-remaining']).toMatch(/^[0-9]+$/);
  expect(reply.headers['x-ratelimit-reset']).toMatch(/^[1-9][0-9]{9}$/);
}

/** The Management API error body, exactly: `{ statusCode, error, message, errorCode }`. */
export function expectError(reply: Reply, status: number, errorCode: string, message?: string | RegExp): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  const body = reply.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'errorCode', 'message', 'statusCode']);
  expect(body).toMatchObject({ statusCode: status, errorCode });
  expect(typeof body['error']).toBe('string');
  expect(typeof body['message']).toBe('string');
  if (message !== undefined) expect(body['message']).toMatch(message);
  expectRateLimitHeaders(reply);
}

/** A 200 list page, validated against the JSON Schema. */
export function expectPage(reply: Reply): UserAttributeProfileList {
  expect(reply.status, reply.text).toBe(200);
  expectRateLimitHeaders(reply);
  const body = reply.json();
  if (!validateProfileList(body))
    throw new Error(`list response violates the schema: ${describeErrors(validateProfileList.errors)}`);
  return body;
}

export const PROFILES_PATH = '/api/v2/user-attribute-profiles';

/** Every profile, following `next` with the given `take`; also returns how many pages it took. */
export async function listAll(
  api: ApiTenant,
  token: string,
  take?: number,
): Promise<{ ids: string[]; pages: number[] }> {
  const ids: string[] = [];
  const pages: number[] = [];
  let from: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const query = new URLSearchParams();
    if (from !== undefined) query.set('from', from);
    if (take !== undefined) query.set('take', String(take));
    const page = expectPage(await call(api, `${PROFILES_PATH}${query.size ? `?${query.toString()}` : ''}`, { token }));
    const items = page.user_attribute_profiles ?? [];
    pages.push(items.length);
    ids.push(...items.map((p) => p.id ?? ''));
    if (page.next === undefined) return { ids, pages };
    expect(page.next).not.toBe(from);
    from = page.next;
  }
  throw new Error('pagination did not end');
}
