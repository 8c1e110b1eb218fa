/**
 * TypeScript view of user-attribute-profiles.schema.json. The schema is the authority; these types
 * only let the fixtures be written with editor help (the fixtures are validated against the schema).
 */

export const STRATEGY_KEYS = ['pingfederate', 'ad', 'adfs', 'waad', 'google-apps', 'okta', 'oidc', 'samlp'] as const;
export type StrategyKey = (typeof STRATEGY_KEYS)[number];

export interface OidcMapping {
  mapping: string;
  display_name?: string;
}

export interface UserIdStrategyOverride {
  oidc_mapping?: 'sub' | 'oid' | 'email';
  saml_mapping?: string[];
  scim_mapping?: string;
}

export interface UserIdMapping {
  oidc_mapping?: 'sub';
  saml_mapping?: string[];
  scim_mapping?: string;
  strategy_overrides?: Partial<Record<StrategyKey, UserIdStrategyOverride>>;
}

export interface AttributeStrategyOverride {
  oidc_mapping?: OidcMapping;
  saml_mapping?: string[];
  scim_mapping?: string;
}

export interface AttributeConfig {
  description: string;
  label: string;
  profile_required: boolean;
  /** The seed's neutral `service_mapping`; on the wire the brand prefixes `_mapping`. */
  auth0_mapping: string;
  oidc_mapping?: OidcMapping;
  saml_mapping?: string[];
  scim_mapping?: string;
  strategy_overrides?: Partial<Record<StrategyKey, AttributeStrategyOverride>>;
}

export interface UserAttributeProfile {
  id?: string;
  name?: string;
  user_id?: UserIdMapping;
  user_attributes?: Record<string, AttributeConfig>;
}

export interface UserAttributeProfileList {
  next?: string;
  user_attribute_profiles?: UserAttributeProfile[];
}
