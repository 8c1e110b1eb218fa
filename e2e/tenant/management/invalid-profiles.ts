/**
 * Profiles the seed forbids, one rule each, for schema.test.ts. `path` is the JSON pointer the
 * validator must report, so a case cannot pass by failing for some other reason.
 */
import type { AttributeConfig, UserAttributeProfile } from './types.js';

const ATTRIBUTE: AttributeConfig = {
  description: 'Email',
  label: 'Email',
  profile_required: true,
  auth0_mapping: 'email',
};

export const VALID_PROFILE: UserAttributeProfile = {
  id: 'uap_valid1',
  name: 'Valid',
  user_id: {
    oidc_mapping: 'sub',
    saml_mapping: ['nameid'],
    scim_mapping: 'externalId',
    strategy_overrides: { waad: { oidc_mapping: 'oid' } },
  },
  user_attributes: { email: { ...ATTRIBUTE, oidc_mapping: { mapping: 'email', display_name: 'Email' } } },
};

/** Anything goes here: these values are wrong on purpose. */
type Loose = Record<string, unknown>;

function withAttribute(attribute: Loose): Loose {
  return { ...VALID_PROFILE, user_attributes: { email: attribute } };
}

function withUserId(userId: Loose): Loose {
  return { ...VALID_PROFILE, user_id: userId };
}

function without(key: keyof AttributeConfig): Loose {
  return withAttribute(Object.fromEntries(Object.entries(ATTRIBUTE).filter(([k]) => k !== key)));
}

function manyAttributes(n: number): Loose {
  return {
    ...VALID_PROFILE,
    user_attributes: Object.fromEntries(Array.from({ length: n }, (_, i) => [`a${i}`, ATTRIBUTE])),
  };
}

export interface InvalidProfileCase {
  why: string;
  profile: Loose;
  path: string;
}

const EMAIL = '/user_attributes/email';

export const INVALID_PROFILES: readonly InvalidProfileCase[] = [
  { why: 'unknown top-level property', profile: { ...VALID_PROFILE, description: 'x' }, path: '' },
  { why: 'id not in the profile id format', profile: { ...VALID_PROFILE, id: 'profile-1' }, path: '/id' },
  { why: 'id not a string', profile: { ...VALID_PROFILE, id: 7 }, path: '/id' },
  { why: 'empty name', profile: { ...VALID_PROFILE, name: '' }, path: '/name' },
  { why: 'name over 128 characters', profile: { ...VALID_PROFILE, name: 'x'.repeat(129) }, path: '/name' },
  { why: 'no attributes', profile: { ...VALID_PROFILE, user_attributes: {} }, path: '/user_attributes' },
  { why: '65 attributes', profile: manyAttributes(65), path: '/user_attributes' },
  {
    why: 'user_attributes an array',
    profile: { ...VALID_PROFILE, user_attributes: [ATTRIBUTE] },
    path: '/user_attributes',
  },
  { why: 'attribute without description', profile: without('description'), path: EMAIL },
  { why: 'attribute without label', profile: without('label'), path: EMAIL },
  { why: 'attribute without profile_required', profile: without('profile_required'), path: EMAIL },
  { why: 'attribute without the service mapping', profile: without('auth0_mapping'), path: EMAIL },
  {
    why: 'attribute with the neutral name service_mapping',
    profile: withAttribute({ ...ATTRIBUTE, service_mapping: 'email' }),
    path: EMAIL,
  },
  { why: 'attribute with an unknown property', profile: withAttribute({ ...ATTRIBUTE, hidden: true }), path: EMAIL },
  {
    why: 'description over 128',
    profile: withAttribute({ ...ATTRIBUTE, description: 'd'.repeat(129) }),
    path: `${EMAIL}/description`,
  },
  { why: 'empty label', profile: withAttribute({ ...ATTRIBUTE, label: '' }), path: `${EMAIL}/label` },
  {
    why: 'profile_required not a boolean',
    profile: withAttribute({ ...ATTRIBUTE, profile_required: 'true' }),
    path: `${EMAIL}/profile_required`,
  },
  {
    why: 'service mapping over 50',
    profile: withAttribute({ ...ATTRIBUTE, auth0_mapping: 'm'.repeat(51) }),
    path: `${EMAIL}/auth0_mapping`,
  },
  {
    why: 'attribute oidc_mapping a string',
    profile: withAttribute({ ...ATTRIBUTE, oidc_mapping: 'email' }),
    path: `${EMAIL}/oidc_mapping`,
  },
  {
    why: 'OidcMapping without mapping',
    profile: withAttribute({ ...ATTRIBUTE, oidc_mapping: { display_name: 'E' } }),
    path: `${EMAIL}/oidc_mapping`,
  },
  {
    why: 'OidcMapping mapping over 50',
    profile: withAttribute({ ...ATTRIBUTE, oidc_mapping: { mapping: 'm'.repeat(51) } }),
    path: `${EMAIL}/oidc_mapping/mapping`,
  },
  {
    why: 'OidcMapping empty display_name',
    profile: withAttribute({ ...ATTRIBUTE, oidc_mapping: { mapping: 'e', display_name: '' } }),
    path: `${EMAIL}/oidc_mapping/display_name`,
  },
  {
    why: 'OidcMapping unknown property',
    profile: withAttribute({ ...ATTRIBUTE, oidc_mapping: { mapping: 'e', claim: 'x' } }),
    path: `${EMAIL}/oidc_mapping`,
  },
  {
    why: 'empty saml_mapping',
    profile: withAttribute({ ...ATTRIBUTE, saml_mapping: [] }),
    path: `${EMAIL}/saml_mapping`,
  },
  {
    why: 'saml_mapping a string',
    profile: withAttribute({ ...ATTRIBUTE, saml_mapping: 'mail' }),
    path: `${EMAIL}/saml_mapping`,
  },
  {
    why: 'empty saml_mapping item',
    profile: withAttribute({ ...ATTRIBUTE, saml_mapping: [''] }),
    path: `${EMAIL}/saml_mapping/0`,
  },
  {
    why: 'saml_mapping item over 128',
    profile: withAttribute({ ...ATTRIBUTE, saml_mapping: ['s'.repeat(129)] }),
    path: `${EMAIL}/saml_mapping/0`,
  },
  {
    why: 'empty scim_mapping',
    profile: withAttribute({ ...ATTRIBUTE, scim_mapping: '' }),
    path: `${EMAIL}/scim_mapping`,
  },
  {
    why: 'scim_mapping over 128',
    profile: withAttribute({ ...ATTRIBUTE, scim_mapping: 's'.repeat(129) }),
    path: `${EMAIL}/scim_mapping`,
  },
  {
    why: 'attribute override for an unknown strategy',
    profile: withAttribute({ ...ATTRIBUTE, strategy_overrides: { github: {} } }),
    path: `${EMAIL}/strategy_overrides`,
  },
  {
    why: 'attribute override with an unknown property',
    profile: withAttribute({ ...ATTRIBUTE, strategy_overrides: { okta: { auth0_mapping: 'x' } } }),
    path: `${EMAIL}/strategy_overrides/okta`,
  },
  {
    why: 'attribute override oidc_mapping a string',
    profile: withAttribute({ ...ATTRIBUTE, strategy_overrides: { oidc: { oidc_mapping: 'email' } } }),
    path: `${EMAIL}/strategy_overrides/oidc/oidc_mapping`,
  },
  {
    why: 'attribute override empty saml_mapping',
    profile: withAttribute({ ...ATTRIBUTE, strategy_overrides: { samlp: { saml_mapping: [] } } }),
    path: `${EMAIL}/strategy_overrides/samlp/saml_mapping`,
  },
  {
    why: 'user_id unknown property',
    profile: withUserId({ oidc_mapping: 'sub', auth0_mapping: 'user_id' }),
    path: '/user_id',
  },
  {
    why: 'user_id oidc_mapping other than sub',
    profile: withUserId({ oidc_mapping: 'email' }),
    path: '/user_id/oidc_mapping',
  },
  { why: 'user_id empty saml_mapping', profile: withUserId({ saml_mapping: [] }), path: '/user_id/saml_mapping' },
  {
    why: 'user_id scim_mapping over 128',
    profile: withUserId({ scim_mapping: 's'.repeat(129) }),
    path: '/user_id/scim_mapping',
  },
  {
    why: 'user_id override for an unknown strategy',
    profile: withUserId({ strategy_overrides: { 'google-oauth2': {} } }),
    path: '/user_id/strategy_overrides',
  },
  {
    why: 'user_id override oidc_mapping outside sub/oid/email',
    profile: withUserId({ strategy_overrides: { waad: { oidc_mapping: 'upn' } } }),
    path: '/user_id/strategy_overrides/waad/oidc_mapping',
  },
  {
    why: 'user_id override with an unknown property',
    profile: withUserId({ strategy_overrides: { ad: { attribute: 'x' } } }),
    path: '/user_id/strategy_overrides/ad',
  },
  {
    why: 'user_id override empty scim_mapping',
    profile: withUserId({ strategy_overrides: { adfs: { scim_mapping: '' } } }),
    path: '/user_id/strategy_overrides/adfs/scim_mapping',
  },
  { why: 'a profile that is not an object', profile: ['uap_x'] as unknown as Loose, path: '' },
];

export const INVALID_LISTS: ReadonlyArray<{ why: string; list: unknown }> = [
  { why: 'unknown property', list: { user_attribute_profiles: [], total: 0 } },
  { why: 'next not a string', list: { user_attribute_profiles: [], next: 5 } },
  { why: 'profiles not an array', list: { user_attribute_profiles: VALID_PROFILE } },
  { why: 'an invalid profile inside', list: { user_attribute_profiles: [{ ...VALID_PROFILE, name: '' }] } },
];
