/**
 * The tenant definition as written in a `--config` JSON file (snake_case, the Management API's
 * field names where one exists). `load.ts` validates it and `model.ts` turns it into the runtime
 * model the routes use.
 */

export type AppType = 'spa' | 'regular_web' | 'non_interactive';
export type TokenEndpointAuthMethod =
  'none' | 'client_secret_post' | 'client_secret_basic' | 'private_key_jwt' | 'tls_client_auth';
export type IdTokenAlg = 'RS256' | 'HS256';
export type OrganizationUsage = 'deny' | 'allow' | 'require';
export type PasswordPolicy = 'none' | 'low' | 'fair' | 'good' | 'excellent';
export type CaptchaFlow = 'default' | 'signup' | 'passwordless' | 'password_reset';
export type PasskeyUserVerification = 'preferred' | 'required';
export type CaptchaProvider =
  'none' | 'auth0' | 'recaptcha_v2' | 'recaptcha_enterprise' | 'hcaptcha' | 'friendly_captcha' | 'arkose' | 'auth0_v2';

export const GRANT_TYPES = [
  'authorization_code',
  'implicit',
  'refresh_token',
  'client_credentials',
  'password',
  'http://auth0.com/oauth/grant-type/password-realm',
  'http://auth0.com/oauth/grant-type/passwordless/otp',
  'urn:ietf:params:oauth:grant-type:token-exchange',
  'urn:ietf:params:oauth:grant-type:jwt-bearer',
  'http://auth0.com/oauth/legacy/grant-type/ro',
  /** Passkeys through the Authentication API (/passkey/register, /passkey/challenge). */
  'urn:okta:params:oauth:grant-type:webauthn',
] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export interface ClientDefinition {
  client_id: string;
  name: string;
  app_type: AppType;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  /** For client_secret_post / client_secret_basic, and to sign HS256 ID tokens. */
  client_secret?: string;
  /** private_key_jwt: the public keys client assertions are verified with. */
  jwks?: { keys: Array<Record<string, unknown>> };
  /** tls_client_auth: the registered client certificate (PEM). */
  tls_client_certificate?: string;
  /** URL patterns, see url-rules.ts. */
  callbacks: string[];
  web_origins: string[];
  allowed_logout_urls: string[];
  id_token_alg?: IdTokenAlg;
  cross_origin_auth?: boolean;
  /** Cross-origin verification page: absolute URL, or a path on the redirect URI's origin. */
  cross_origin_loc?: string;
  is_global?: boolean;
  /** Third-party clients need the user's consent for new scopes (see README). */
  is_first_party?: boolean;
  grant_types: GrantType[];
  /** Names of the connections enabled for the client. */
  connections: string[];
  /** API identifier (or `/api/v2/` for the Management API) → granted scopes (`*` = all). */
  client_grants?: Record<string, string[]>;
  organization_usage?: OrganizationUsage;
}

export interface UserDefinition {
  user_id: string;
  email?: string;
  email_verified?: boolean;
  username?: string;
  phone_number?: string;
  name?: string;
  nickname?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  /** Plain text (hashed at start) or a `scrypt$N$r$p$salt$hash` string; exactly one for database users. */
  password?: string;
  password_hash?: string;
  blocked?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  created_at?: string;
  updated_at?: string;
}

export interface DatabaseConnectionDefinition {
  name: string;
  strategy: 'auth0';
  requires_username?: boolean;
  password_policy?: PasswordPolicy;
  /** Passwords refused at signup and login as found in a data breach. */
  breached_passwords?: string[];
  /** Passkey sign-up and sign-in for this connection (on by default; clients also need the webauthn grant). */
  passkeys?: { enabled?: boolean; user_verification?: PasskeyUserVerification };
  users?: UserDefinition[];
}

export interface PasswordlessConnectionDefinition {
  name: string;
  strategy: 'email' | 'sms';
  otp_length?: number;
  otp_ttl_seconds?: number;
  users?: UserDefinition[];
}

export type ConnectionDefinition = DatabaseConnectionDefinition | PasswordlessConnectionDefinition;

export interface ApiDefinition {
  identifier: string;
  name: string;
  scopes: string[];
  allow_offline_access?: boolean;
  token_lifetime?: number;
}

export interface OrganizationDefinition {
  id: string;
  name: string;
  display_name?: string;
  /** User ids. */
  members: string[];
  invitations?: Array<{ id: string; email: string }>;
}

export interface RateLimitDefinition {
  limit: number;
  window_seconds: number;
}

export interface CaptchaDefinition {
  provider: CaptchaProvider;
  site_key?: string;
  client_subdomain?: string;
  /** Third-party providers cannot be verified offline: this answer is accepted instead. */
  test_token?: string;
}

export interface TenantDefinition {
  tenant?: {
    name?: string;
    friendly_name?: string;
    /** Connection used by the `password` grant and `credential_type: password`. */
    default_directory?: string;
    allowed_logout_urls?: string[];
    /** Answer of /user/geoloc/country (no geolocation offline). */
    country_code?: string;
  };
  custom_domain?: { domain: string; cname_api_key: string };
  clients: ClientDefinition[];
  connections: ConnectionDefinition[];
  apis?: ApiDefinition[];
  organizations?: OrganizationDefinition[];
  /** Keyed by route path (e.g. `/co/authenticate`); `*` is the default for every other route. */
  rate_limits?: Record<string, RateLimitDefinition>;
  brute_force?: { max_attempts?: number; block_seconds?: number; suspicious_ip_threshold?: number };
  captcha?: Partial<Record<CaptchaFlow, CaptchaDefinition>>;
  token_exchange_profiles?: Array<{ name: string; subject_token_type: string }>;
  /**
   * The WebAuthn relying party: `rp_id` (default: the tenant's host name, `localhost` when it
   * runs on loopback) and `rp_name` (default: the tenant's friendly name).
   */
  passkeys?: { rp_id?: string; rp_name?: string };
}
