/**
 * The tenant's user attribute profiles: the fixtures, validated against the schema as soon as this
 * module loads (so a broken fixture stops the tenant at start with the exact violation), frozen,
 * and sorted by id, the order every page uses.
 */
import { PROFILE_FIXTURES } from './profile-fixtures.js';
import { describeErrors, validateProfile } from './schema.js';
import type { UserAttributeProfile } from './types.js';

/** A stored profile always has an id (the schema leaves it optional; the store does not). */
export type StoredProfile = UserAttributeProfile & { readonly id: string };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Validates, checks ids are present and unique, and returns deep-frozen copies sorted by id. */
export function loadProfiles(fixtures: readonly UserAttributeProfile[]): readonly StoredProfile[] {
  const seen = new Set<string>();
  const out: StoredProfile[] = [];
  fixtures.forEach((fixture, index) => {
    const where = `user attribute profile fixture #${index} (${fixture.id ?? 'no id'})`;
    if (!validateProfile(fixture)) throw new Error(`Invalid ${where}: ${describeErrors(validateProfile.errors)}`);
    const id = fixture.id;
    if (id === undefined) throw new Error(`Invalid ${where}: the tenant needs an id on every profile`);
    if (seen.has(id)) throw new Error(`Invalid ${where}: duplicate id`);
    seen.add(id);
    out.push(deepFreeze({ ...structuredClone(fixture), id }));
  });
  // Plain code-unit order: stable, locale-independent, and what a cursor's "after id" relies on.
  return Object.freeze(out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
}

export const PROFILES: readonly StoredProfile[] = loadProfiles(PROFILE_FIXTURES);

export interface ProfilePage {
  readonly items: readonly StoredProfile[];
  /** Id of the last item when more items follow, else undefined (the last page). */
  readonly lastIdIfMore: string | undefined;
}

/** The `take` profiles that follow `afterId` (from the start when undefined); undefined for an unknown id. */
export function pageAfter(
  profiles: readonly StoredProfile[],
  afterId: string | undefined,
  take: number,
): ProfilePage | undefined {
  const index = afterId === undefined ? -1 : profiles.findIndex((p) => p.id === afterId);
  if (afterId !== undefined && index === -1) return undefined;
  const start = index + 1;
  const items = profiles.slice(start, start + take);
  const more = start + take < profiles.length;
  return { items, lastIdIfMore: more ? items[items.length - 1]?.id : undefined };
}
