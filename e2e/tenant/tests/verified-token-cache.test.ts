/**
 * verifyAccessToken remembers tokens whose signature it checked (a load-test hot spot); a
 * remembered token must still expire, and a changed byte must still be verified afresh.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApiTenant, userTokens } from '../testing/management-harness.js';
import type { ApiTenant } from '../testing/management-harness.js';

describe('verified access-token cache', () => {
  let api: ApiTenant;
  beforeAll(async () => {
    api = await startApiTenant();
  });
  afterAll(() => api.close());

  it('a cached token is rejected once expired, and a tampered copy is never accepted', async () => {
    const { accessToken } = await userTokens(api, undefined, '', null);
    expect((await call(api, '/userinfo', { token: accessToken })).status).toBe(200);
    expect((await call(api, '/userinfo', { token: accessToken })).status).toBe(200);
    const [h, p, sig] = accessToken.split('.') as [string, string, string];
    const flipped = `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BA' : 'AA'}`;
    expect((await call(api, '/userinfo', { token: flipped })).status).toBe(401);
    const { exp } = decodeJwt(accessToken);
    api.advance(exp! * 1000 - Date.now() + 1000);
    expect((await call(api, '/userinfo', { token: accessToken })).status).toBe(401);
  });
});
