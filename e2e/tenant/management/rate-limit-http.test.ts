import { afterEach, describe, expect, it } from 'vitest';
import { BOB } from '../testing/fixtures.js';
import {
  PROFILES_PATH,
  call,
  clientToken,
  expectError,
  expectPage,
  startApiTenant,
  userTokens,
} from '../testing/management-harness.js';
import type { ApiTenant } from '../testing/management-harness.js';
import type { Reply } from '../testing/test-client.js';

const ALICE_PATH = '/api/v2/users/auth0%7Calice';
const remaining = (r: Reply): number => Number(r.headers['x-ratelimit-remaining']);

describe('/api/v2 rate limit', () => {
  let api: ApiTenant | undefined;
  afterEach(() => api?.close());

  it('counts per token subject, answers 429 past the limit with the headers, and resets after the window', async () => {
    api = await startApiTenant({ rateLimit: { limit: 5, window_seconds: 60 } });
    const alice = (await userTokens(api)).accessToken;
    const bob = (await userTokens(api, BOB)).accessToken;
    const start = Date.now();
    const burst = await Promise.all(Array.from({ length: 5 }, () => call(api!, ALICE_PATH, { token: alice })));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(burst.map(remaining).sort()).toEqual([0, 1, 2, 3, 4]);
    const resets = new Set(burst.map((r) => r.headers['x-ratelimit-reset']));
    expect(resets.size).toBe(1);
    const reset = Number([...resets][0]);
    expect(reset).toBeGreaterThanOrEqual(Math.ceil((start + 60_000) / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil((Date.now() + 60_000) / 1000));

    const limited = await call(api, ALICE_PATH, { token: alice });
    expectError(limited, 429, 'too_many_requests');
    expect(limited.headers['x-ratelimit-limit']).toBe('5');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-reset']).toBe(String(reset));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Bob has his own bucket, and so do requests without a valid token.
    const other = await call(api, '/api/v2/users/auth0%7Cbob', { token: bob });
    expect([other.status, remaining(other)]).toEqual([200, 4]);
    const anonymous = await call(api, ALICE_PATH);
    expect(remaining(anonymous)).toBe(4);

    api.advance(60_000);
    const again = await call(api, ALICE_PATH, { token: alice });
    expect([again.status, remaining(again)]).toEqual([200, 4]);
  });

  it('limits the profiles list the same way, and comes before routing and token errors', async () => {
    api = await startApiTenant({ rateLimit: { limit: 2, window_seconds: 60 } });
    const token = await clientToken(api, undefined, 'read:user_attribute_profiles');
    expectPage(await call(api, PROFILES_PATH, { token }));
    expectError(await call(api, `${PROFILES_PATH}?take=0`, { token }), 400, 'invalid_query_string');
    expectError(await call(api, PROFILES_PATH, { token }), 429, 'too_many_requests');
    expectError(await call(api, '/api/v2/nowhere', { token }), 429, 'too_many_requests');
    // The anonymous bucket: two 401s, then 429 even for an unknown path.
    expectError(await call(api, PROFILES_PATH), 401, 'missing_authentication');
    expectError(await call(api, PROFILES_PATH, { token: 'x.y.z' }), 401, 'invalid_token');
    expectError(await call(api, '/api/v2/nowhere'), 429, 'too_many_requests');
  });

  it('defaults to 60 requests per 5 seconds', async () => {
    api = await startApiTenant();
    const first = await call(api, ALICE_PATH);
    expect(first.headers['x-ratelimit-limit']).toBe('60');
    expect(remaining(first)).toBe(59);
    expect(Number(first.headers['x-ratelimit-reset']) * 1000 - Date.now()).toBeLessThanOrEqual(5000 + 1000);
  });
});
