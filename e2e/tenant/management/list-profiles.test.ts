import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TAKE } from './paging.js';
import { PROFILES } from './profiles.js';
import {
  PROFILES_PATH,
  call,
  clientToken,
  expectError,
  expectPage,
  listAll,
  startApiTenant,
} from '../testing/management-harness.js';
import type { ApiTenant } from '../testing/management-harness.js';

const ALL_IDS = PROFILES.map((p) => p.id);

describe('GET /api/v2/user-attribute-profiles: pages', () => {
  let api: ApiTenant;
  let token: string;

  beforeAll(async () => {
    api = await startApiTenant();
    token = await clientToken(api, undefined, 'read:user_attribute_profiles');
  });
  afterAll(() => api.close());

  it('gives the first 5 profiles in id order with a next cursor by default', async () => {
    const page = expectPage(await call(api, PROFILES_PATH, { token }));
    expect(page.user_attribute_profiles).toEqual(PROFILES.slice(0, 5));
    expect(page.next).toEqual(expect.any(String));
    expect(Object.keys(page).sort()).toEqual(['next', 'user_attribute_profiles']);
  });

  it('sends the very text JSON.stringify gives for the page (bodies are built from cached parts)', async () => {
    for (const path of [PROFILES_PATH, `${PROFILES_PATH}?take=${ALL_IDS.length}`]) {
      const reply = await call(api, path, { token });
      const page = expectPage(reply);
      expect(reply.text).toBe(JSON.stringify(page));
      expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(reply.text)));
    }
  });

  it('lists every profile in the same order with take 1, the default, 5 and the maximum', async () => {
    const one = await listAll(api, token, 1);
    const byDefault = await listAll(api, token);
    const five = await listAll(api, token, 5);
    const max = await listAll(api, token, MAX_TAKE);
    expect(one.ids).toEqual(ALL_IDS);
    expect(byDefault.ids).toEqual(ALL_IDS);
    expect(five.ids).toEqual(ALL_IDS);
    expect(max.ids).toEqual(ALL_IDS);
    expect(one.pages).toEqual(ALL_IDS.map(() => 1));
    expect(byDefault.pages).toEqual([5, 5, 3]);
    expect(max.pages).toEqual([ALL_IDS.length]);
  });

  it('leaves next out on the last page, also when that page is exactly full', async () => {
    const exact = expectPage(await call(api, `${PROFILES_PATH}?take=${ALL_IDS.length}`, { token }));
    expect(exact.user_attribute_profiles).toHaveLength(ALL_IDS.length);
    expect(exact).not.toHaveProperty('next');
    const first = expectPage(await call(api, `${PROFILES_PATH}?take=${ALL_IDS.length - 1}`, { token }));
    const rest = expectPage(
      await call(api, `${PROFILES_PATH}?take=${ALL_IDS.length - 1}&from=${encodeURIComponent(first.next ?? '')}`, {
        token,
      }),
    );
    expect(rest.user_attribute_profiles?.map((p) => p.id)).toEqual(ALL_IDS.slice(-1));
    expect(rest).not.toHaveProperty('next');
  });

  it('treats a cursor as a checkpoint: reusable, and combinable with any take', async () => {
    const first = expectPage(await call(api, `${PROFILES_PATH}?take=2`, { token }));
    const from = encodeURIComponent(first.next ?? '');
    const again = expectPage(await call(api, `${PROFILES_PATH}?take=2&from=${from}`, { token }));
    const repeat = expectPage(await call(api, `${PROFILES_PATH}?take=2&from=${from}`, { token }));
    expect(repeat).toEqual(again);
    expect(again.user_attribute_profiles?.map((p) => p.id)).toEqual(ALL_IDS.slice(2, 4));
    const wide = expectPage(await call(api, `${PROFILES_PATH}?from=${from}&take=7`, { token }));
    expect(wide.user_attribute_profiles?.map((p) => p.id)).toEqual(ALL_IDS.slice(2, 9));
  });

  it('serves the 64-attribute profile whole and HEAD like GET', async () => {
    const all = expectPage(await call(api, `${PROFILES_PATH}?take=${MAX_TAKE}`, { token }));
    const counts = (all.user_attribute_profiles ?? []).map((p) => Object.keys(p.user_attributes ?? {}).length);
    expect(counts).toContain(64);
    const head = await call(api, PROFILES_PATH, { token, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  it('accepts tokens of every current signing key after a key rotation', async () => {
    const before = await clientToken(api, undefined, 'read:user_attribute_profiles');
    const kid = await api.tenant.rotateKeys();
    const after = await clientToken(api, undefined, 'read:user_attribute_profiles');
    expect(JSON.parse(Buffer.from(after.split('.')[0] ?? '', 'base64url').toString('utf8'))).toMatchObject({ kid });
    expect(before.split('.')[0]).not.toBe(after.split('.')[0]);
    expectPage(await call(api, `${PROFILES_PATH}?take=1`, { token: before }));
    expectPage(await call(api, `${PROFILES_PATH}?take=1`, { token: after }));
  });

  it('refuses a cursor issued by another tenant run', async () => {
    const other = await startApiTenant();
    try {
      const otherToken = await clientToken(other, undefined, 'read:user_attribute_profiles');
      const foreign = expectPage(await call(other, `${PROFILES_PATH}?take=1`, { token: otherToken })).next ?? '';
      expectError(
        await call(api, `${PROFILES_PATH}?from=${encodeURIComponent(foreign)}`, { token }),
        400,
        'invalid_query_string',
        /"from"/,
      );
    } finally {
      await other.close();
    }
  });
});
