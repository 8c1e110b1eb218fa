import { describe, expect, it } from 'vitest';
import { PROFILE_FIXTURES } from './profile-fixtures.js';
import { PROFILES, loadProfiles } from './profiles.js';
import { validateProfile, validateProfileList } from './schema.js';
import { STRATEGY_KEYS } from './types.js';
import type { AttributeConfig, UserAttributeProfile } from './types.js';
import { INVALID_LISTS, INVALID_PROFILES, VALID_PROFILE } from './invalid-profiles.js';

function attributes(n: number): Record<string, AttributeConfig> {
  return Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `a${i}`,
      { description: 'd', label: 'l', profile_required: false, auth0_mapping: 'm' },
    ]),
  );
}

describe('user attribute profile fixtures', () => {
  it('are valid, at least 12 (three default pages), with unique ids, sorted by id when loaded', () => {
    expect(PROFILE_FIXTURES.length).toBeGreaterThanOrEqual(12);
    expect(Math.ceil(PROFILE_FIXTURES.length / 5)).toBe(3);
    for (const p of PROFILE_FIXTURES) expect(validateProfile(p), JSON.stringify(validateProfile.errors)).toBe(true);
    const ids = PROFILES.map((p) => p.id);
    expect(new Set(ids).size).toBe(PROFILE_FIXTURES.length);
    expect(ids).toEqual([...ids].sort());
    // The fixtures are deliberately not written in id order, so the sort is observable.
    expect(PROFILE_FIXTURES.map((p) => p.id)).not.toEqual(ids);
  });

  it('include one profile with exactly 64 attributes', () => {
    const counts = PROFILE_FIXTURES.map((p) => Object.keys(p.user_attributes ?? {}).length);
    expect(counts).toContain(64);
  });

  it('use every strategy key, in user_id and in attribute strategy_overrides', () => {
    const userIdKeys = new Set(PROFILE_FIXTURES.flatMap((p) => Object.keys(p.user_id?.strategy_overrides ?? {})));
    const attributeKeys = new Set(
      PROFILE_FIXTURES.flatMap((p) =>
        Object.values(p.user_attributes ?? {}).flatMap((a) => Object.keys(a.strategy_overrides ?? {})),
      ),
    );
    expect([...userIdKeys].sort()).toEqual([...STRATEGY_KEYS].sort());
    expect([...attributeKeys].sort()).toEqual([...STRATEGY_KEYS].sort());
  });

  it('are frozen once loaded, so no request can edit them', () => {
    const first = PROFILES[0];
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.user_attributes)).toBe(true);
  });

  it('stop the tenant at load with the exact violation, a missing id or a duplicate id', () => {
    const bad: UserAttributeProfile = { ...VALID_PROFILE, name: '' };
    expect(() => loadProfiles([VALID_PROFILE, bad])).toThrow(
      /Invalid user attribute profile fixture #1 \(uap_valid1\): \/name must NOT have fewer than 1 characters/,
    );
    expect(() => loadProfiles([{ ...VALID_PROFILE, id: undefined as never }])).toThrow(
      /must have required property|needs an id/,
    );
    expect(() => loadProfiles([VALID_PROFILE, VALID_PROFILE])).toThrow(/#1 \(uap_valid1\): duplicate id/);
  });
});

describe('user attribute profile schema', () => {
  it('accepts the limits themselves', () => {
    expect(validateProfile({ ...VALID_PROFILE, name: 'x'.repeat(128), user_attributes: attributes(64) })).toBe(true);
    expect(validateProfile({ ...VALID_PROFILE, name: 'x', user_attributes: attributes(1) })).toBe(true);
    // No field is required, and attribute names are free.
    expect(validateProfile({})).toBe(true);
    expect(validateProfile({ user_attributes: { 'any name, even with spaces': attributes(1)['a0'] } })).toBe(true);
    expect(validateProfileList({})).toBe(true);
    expect(validateProfileList({ user_attribute_profiles: [] })).toBe(true);
  });

  it.each(INVALID_PROFILES)('rejects a profile: $why', ({ profile, path }) => {
    expect(validateProfile(profile)).toBe(false);
    expect(validateProfile.errors?.map((e) => e.instancePath)).toContain(path);
  });

  it.each(INVALID_LISTS)('rejects a list response: $why', ({ list }) => {
    expect(validateProfileList(list)).toBe(false);
  });
});
