/**
 * Management API shapes: user attribute profiles (`GET /api/v2/user-attribute-profiles`). The
 * barrel exports the profile, page and paging types by name; the rest are their parts.
 */

/** Connection strategies that may override mappings. */
export type StrategyKey = 'pingfederate' | 'ad' | 'adfs' | 'waad' | 'google-apps' | 'okta' | 'oidc' | 'samlp';

/** An attribute's OIDC claim and its display name. */
export interface OidcMapping {
  mapping: string;
  display_name?: string;
}

/** A connection strategy's own mappings for one attribute. */
export interface AttributeStrategyOverride {
  oidc_mapping?: OidcMapping;
  saml_mapping?: string[];
  scim_mapping?: string;
}

/** How one user attribute maps to each protocol. */
export interface AttributeConfig {
  description: string;
  label: string;
  profile_required: boolean;
  /** The service's own profile field (the seed's `service_mapping`; on the wire the brand prefixes `_mapping`). */
  auth0_mapping: string;
  oidc_mapping?: OidcMapping;
  saml_mapping?: string[];
  scim_mapping?: string;
  strategy_overrides?: Partial<Record<StrategyKey, AttributeStrategyOverride>>;
}

/** A connection strategy's own mappings for the user ID. */
export interface UserIdStrategyOverride {
  oidc_mapping?: 'sub' | 'oid' | 'email';
  saml_mapping?: string[];
  scim_mapping?: string;
}

/** How the user ID maps to each protocol. */
export interface UserIdMapping {
  oidc_mapping?: 'sub';
  saml_mapping?: string[];
  scim_mapping?: string;
  strategy_overrides?: Partial<Record<StrategyKey, UserIdStrategyOverride>>;
}

/** A user attribute profile: the user ID mapping and the attributes, by name. */
export interface UserAttributeProfile {
  /** The profile's ID (`uap_…`). */
  id?: string;
  /** The profile's display name. */
  name?: string;
  /** How the user ID maps to each protocol. */
  user_id?: UserIdMapping;
  /** The attributes, by attribute name. */
  user_attributes?: Record<string, AttributeConfig>;
}

/** One page, as the server sends it. */
export interface UserAttributeProfilesPage {
  /** The profiles of this page. */
  user_attribute_profiles?: UserAttributeProfile[];
  /** Cursor for the next page (`from`); absent on the last page. */
  next?: string;
}

/** Options of `getUserAttributeProfiles`: one page, from a cursor. */
export interface PageOptions {
  /** Cursor from the previous page's `next`. */
  from?: string;
  /** Page size: an integer of at least 1 (the server's default is 5). */
  take?: number;
}
