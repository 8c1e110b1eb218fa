/**
 * The library's profile types against the local tenant's JSON Schema (written from the seed): the
 * schema-valid fixtures must satisfy our types (checked by tsc against the declarations webauth-js
 * ships, `npm run typecheck`), and objects typed with our types must satisfy the schema (checked
 * by ajv when the e2e project runs this file). It lives here, not in src/, so that no library
 * test depends on the tenant.
 */
import { describe, expect, it } from 'vitest';
import { PROFILE_FIXTURES } from '../../tenant/management/profile-fixtures.js';
import { validateProfile, validateProfileList } from '../../tenant/management/schema.js';
import type { UserAttributeProfile, UserAttributeProfilesPage } from 'auth0-js';

// Compile-time: every schema-valid fixture is assignable to the library's type.
const typedFixtures: readonly UserAttributeProfile[] = PROFILE_FIXTURES;

describe('user attribute profile types', () => {
  it('accept every fixture the schema accepts', () => {
    expect(typedFixtures.length).toBeGreaterThanOrEqual(12);
    for (const profile of typedFixtures)
      expect(validateProfile(profile), JSON.stringify(validateProfile.errors)).toBe(true);
  });

  it('describe objects the schema accepts', () => {
    const profile: UserAttributeProfile = {
      id: 'uap_typed1',
      name: 'Typed',
      user_id: { oidc_mapping: 'sub', strategy_overrides: { okta: { oidc_mapping: 'email' } } },
      user_attributes: {
        email: {
          description: 'Email',
          label: 'Email',
          profile_required: true,
          auth0_mapping: 'email',
          oidc_mapping: { mapping: 'email', display_name: 'Email' },
          strategy_overrides: { samlp: { saml_mapping: ['mail'] } },
        },
      },
    };
    const page: UserAttributeProfilesPage = { user_attribute_profiles: [profile], next: 'cursor' };
    expect(validateProfile(profile), JSON.stringify(validateProfile.errors)).toBe(true);
    expect(validateProfileList(page), JSON.stringify(validateProfileList.errors)).toBe(true);
  });
});
