/** Types and paging for `GET /api/v2/user-attribute-profiles` (checkpoint pagination). */
import { ArgumentError, WebAuthError } from '../errors.js';

/** Connection strategies that may override mappings. */
export type StrategyKey = 'pingfederate' | 'ad' | 'adfs' | 'waad' | 'google-apps' | 'okta' | 'oidc' | 'samlp';

export interface OidcMapping {
  mapping: string;
  display_name?: string;
}

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

export interface UserAttributeProfile {
  id?: string;
  name?: string;
  user_id?: UserIdMapping;
  user_attributes?: Record<string, AttributeConfig>;
}

/** One page, as the server sends it. */
export interface UserAttributeProfilesPage {
  user_attribute_profiles?: UserAttributeProfile[];
  /** Cursor for the next page (`from`); absent on the last page. */
  next?: string;
}

export interface PageOptions {
  /** Cursor from the previous page's `next`. */
  from?: string;
  /** Page size: an integer of at least 1 (the server's default is 5). */
  take?: number;
}

/** The query string for `options`; throws before any request for an invalid `from` or `take`. */
export function pageQuery(options: PageOptions = {}): string {
  if (typeof options !== 'object' || options === null) throw new ArgumentError('options parameter is not valid');
  const params = new URLSearchParams();
  if (options.from !== undefined) {
    if (typeof options.from !== 'string' || !options.from)
      throw new ArgumentError('from option must be a non-empty string');
    params.set('from', options.from);
  }
  if (options.take !== undefined) {
    if (!Number.isInteger(options.take) || options.take < 1)
      throw new ArgumentError('take option must be an integer of at least 1');
    params.set('take', String(options.take));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Every profile, page after page, following `next` until the last page. Stops with an error when a
 * request fails or the server repeats a cursor (which would otherwise loop for ever).
 */
export async function* iterateProfiles(
  fetchPage: (options: PageOptions) => Promise<UserAttributeProfilesPage>,
  options: { take?: number } = {},
): AsyncGenerator<UserAttributeProfile, void, undefined> {
  const seen = new Set<string>();
  let from: string | undefined;
  for (;;) {
    const page = await fetchPage(from === undefined ? { ...options } : { ...options, from });
    yield* page.user_attribute_profiles ?? [];
    const next = page.next;
    if (!next) return;
    if (seen.has(next))
      throw new WebAuthError(`The server repeated the cursor ${JSON.stringify(next)}; stopping to avoid a loop`);
    seen.add(next);
    from = next;
  }
}
