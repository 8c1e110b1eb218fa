import { describe, expect, it } from 'vitest';
import { classifyMetadata, mergeMetadata, parseUserPatch } from './user-patch.js';
import type { Metadata } from './user-patch.js';

describe('PATCH bodies', () => {
  it('accept the patchable attributes and nothing else', () => {
    expect(parseUserPatch({ user_metadata: { a: 1 }, name: 'N', email_verified: true })).toMatchObject({
      attributes: ['user_metadata', 'name', 'email_verified'],
      userMetadata: { a: 1 },
      name: 'N',
      emailVerified: true,
    });
    expect(() => parseUserPatch({ user_id: 'x' })).toThrow(/additional properties not allowed: "user_id"/);
    expect(() => parseUserPatch({})).toThrow(/at least one attribute/);
    expect(() => parseUserPatch({ user_metadata: [] })).toThrow(/"user_metadata" must be an object/);
    expect(() => parseUserPatch({ user_metadata: null })).toThrow(/must be an object/);
    expect(() => parseUserPatch({ name: '' })).toThrow(/"name" must be a string/);
    expect(() => parseUserPatch({ email: 'not-an-email' })).toThrow(/"email" must be an email/);
    expect(() => parseUserPatch({ email_verified: 'yes' })).toThrow(/must be a boolean/);
  });

  it('refuse metadata nested too deep without deep recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(() => parseUserPatch({ user_metadata: { deep } })).toThrow(/nested deeper than 10/);
  });
});

describe('user_metadata merge', () => {
  const current: Metadata = { theme: 'dark', address: { city: 'Paris', zip: '75001' }, keep: true };

  it('overwrites and adds top-level keys, replaces nested objects whole, removes null keys', () => {
    const merged = mergeMetadata(current, { theme: 'light', lang: 'fr', address: { city: 'Lyon' }, keep: null });
    expect(merged).toEqual({ theme: 'light', address: { city: 'Lyon' }, lang: 'fr' });
    expect(current).toEqual({ theme: 'dark', address: { city: 'Paris', zip: '75001' }, keep: true });
  });

  it('keeps a __proto__ key as plain data', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}}') as Metadata;
    const merged = mergeMetadata({}, patch);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(merged, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses a result over 16 KB', () => {
    expect(() => mergeMetadata({}, { big: 'x'.repeat(17 * 1024) })).toThrow(/exceed 16384 bytes/);
  });

  it('classifies a patch into adds, updates and deletes', () => {
    expect(classifyMetadata(current, { lang: 'fr' })).toEqual({ adds: true, updates: false, deletes: false });
    expect(classifyMetadata(current, { theme: 'x' })).toEqual({ adds: false, updates: true, deletes: false });
    expect(classifyMetadata(current, { keep: null })).toEqual({ adds: false, updates: false, deletes: true });
  });
});
