/**
 * The runtime model of a tenant: the checked definition with defaults applied, names resolved and
 * the Management API added (its audience depends on the issuer, known only once listening).
 */
import { createHash, X509Certificate } from 'node:crypto';
import type { JSONWebKeySet } from 'jose';
import type {
  AppType,
  CaptchaDefinition,
  CaptchaFlow,
  GrantType,
  IdTokenAlg,
  OrganizationUsage,
  PasskeyUserVerification,
  PasswordPolicy,
  TenantDefinition,
  TokenEndpointAuthMethod,
} from './definition.js';
import { MANAGEMENT_API_PATH, MANAGEMENT_SCOPES } from './management-scopes.js';

export interface Client {
  readonly clientId: string;
  readonly name: string;
  readonly appType: AppType;
  readonly tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  readonly clientSecret?: string | undefined;
  readonly jwks?: JSONWebKeySet | undefined;
  /** base64url SHA-256 of the registered certificate's DER (RFC 8705 `x5t#S256`). */
  readonly certificateThumbprint?: string | undefined;
  readonly callbacks: readonly string[];
  readonly webOrigins: readonly string[];
  readonly logoutUrls: readonly string[];
  readonly idTokenAlg: IdTokenAlg;
  readonly crossOriginAuth: boolean;
  readonly crossOriginLoc?: string | undefined;
  readonly isGlobal: boolean;
  readonly isFirstParty: boolean;
  readonly grantTypes: readonly GrantType[];
  readonly connections: readonly string[];
  /** Granted scopes per API audience (client credentials), `*` already expanded. */
  readonly grants: Readonly<Record<string, readonly string[]>>;
  readonly organizationUsage: OrganizationUsage;
}

export interface DatabaseConnection {
  readonly name: string;
  readonly strategy: 'auth0';
  readonly requiresUsername: boolean;
  readonly passwordPolicy: PasswordPolicy;
  readonly breachedPasswords: ReadonlySet<string>;
  readonly passkeysEnabled: boolean;
  /** What /passkey/* ask of authenticators; `required` refuses a response without the UV flag. */
  readonly passkeyUserVerification: PasskeyUserVerification;
}

export interface PasswordlessConnection {
  readonly name: string;
  readonly strategy: 'email' | 'sms';
  readonly otpLength: number;
  readonly otpTtlSeconds: number;
}

export type Connection = DatabaseConnection | PasswordlessConnection;

export interface Api {
  readonly identifier: string;
  readonly name: string;
  readonly scopes: readonly string[];
  readonly allowOfflineAccess: boolean;
  readonly tokenLifetime: number;
  readonly isManagement: boolean;
}

export interface Organization {
  readonly id: string;
  readonly name: string;
  readonly displayName: string;
  /** Grows when an invitation is accepted. */
  readonly members: Set<string>;
  /** Invitation id → invited email; an accepted invitation is removed. */
  readonly invitations: Map<string, string>;
}

export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

export interface TenantModel {
  readonly name: string;
  readonly friendlyName: string;
  readonly defaultDirectory?: string | undefined;
  readonly logoutUrls: readonly string[];
  readonly countryCode: string;
  readonly customDomain?: { readonly domain: string; readonly cnameApiKey: string } | undefined;
  readonly clients: ReadonlyMap<string, Client>;
  readonly connections: ReadonlyMap<string, Connection>;
  readonly apis: ReadonlyMap<string, Api>;
  readonly organizations: readonly Organization[];
  readonly rateLimits: ReadonlyMap<string, RateLimit>;
  readonly bruteForce: {
    readonly maxAttempts: number;
    readonly blockMs: number;
    readonly suspiciousIpThreshold: number;
  };
  readonly captcha: Readonly<Record<CaptchaFlow, CaptchaDefinition>>;
  readonly tokenExchangeTypes: ReadonlySet<string>;
  readonly managementAudience: string;
  /** The WebAuthn relying party of /passkey/* (its id is checked in every response). */
  readonly passkeyRp: { readonly id: string; readonly name: string };
}

export const DEFAULT_TOKEN_LIFETIME_S = 7200;
const DEFAULT_RATE_LIMIT: RateLimit = { limit: 1000, windowMs: 60_000 };

export function certificateThumbprint(pem: string): string {
  return createHash('sha256').update(new X509Certificate(pem).raw).digest('base64url');
}

export function buildModel(def: TenantDefinition, issuer: string): TenantModel {
  const managementAudience = `${issuer}api/v2/`;
  const apis = new Map<string, Api>();
  for (const a of def.apis ?? []) {
    apis.set(a.identifier, {
      identifier: a.identifier,
      name: a.name,
      scopes: [...a.scopes],
      allowOfflineAccess: a.allow_offline_access === true,
      tokenLifetime: a.token_lifetime ?? DEFAULT_TOKEN_LIFETIME_S,
      isManagement: false,
    });
  }
  apis.set(managementAudience, {
    identifier: managementAudience,
    name: 'Management API',
    scopes: MANAGEMENT_SCOPES,
    allowOfflineAccess: false,
    tokenLifetime: 86400,
    isManagement: true,
  });
  const resolveAudience = (id: string): string => (id === MANAGEMENT_API_PATH ? managementAudience : id);

  const clients = new Map<string, Client>();
  for (const c of def.clients) {
    const grants: Record<string, readonly string[]> = {};
    for (const [id, scopes] of Object.entries(c.client_grants ?? {})) {
      const audience = resolveAudience(id);
      grants[audience] = scopes.includes('*') ? [...(apis.get(audience)?.scopes ?? [])] : [...scopes];
    }
    clients.set(c.client_id, {
      clientId: c.client_id,
      name: c.name,
      appType: c.app_type,
      tokenEndpointAuthMethod: c.token_endpoint_auth_method,
      clientSecret: c.client_secret,
      jwks: c.jwks as JSONWebKeySet | undefined,
      certificateThumbprint: c.tls_client_certificate ? certificateThumbprint(c.tls_client_certificate) : undefined,
      callbacks: [...c.callbacks],
      webOrigins: [...c.web_origins],
      logoutUrls: [...c.allowed_logout_urls],
      idTokenAlg: c.id_token_alg ?? 'RS256',
      crossOriginAuth: c.cross_origin_auth === true,
      crossOriginLoc: c.cross_origin_loc,
      isGlobal: c.is_global === true,
      isFirstParty: c.is_first_party !== false,
      grantTypes: [...c.grant_types],
      connections: [...c.connections],
      grants,
      organizationUsage: c.organization_usage ?? 'deny',
    });
  }

  const connections = new Map<string, Connection>();
  for (const c of def.connections) {
    connections.set(
      c.name,
      c.strategy === 'auth0'
        ? {
            name: c.name,
            strategy: 'auth0',
            requiresUsername: c.requires_username === true,
            passwordPolicy: c.password_policy ?? 'good',
            breachedPasswords: new Set(c.breached_passwords ?? []),
            passkeysEnabled: c.passkeys?.enabled !== false,
            passkeyUserVerification: c.passkeys?.user_verification ?? 'preferred',
          }
        : { name: c.name, strategy: c.strategy, otpLength: c.otp_length ?? 6, otpTtlSeconds: c.otp_ttl_seconds ?? 300 },
    );
  }

  const rateLimits = new Map<string, RateLimit>([['*', DEFAULT_RATE_LIMIT]]);
  for (const [path, r] of Object.entries(def.rate_limits ?? {}))
    rateLimits.set(path, { limit: r.limit, windowMs: r.window_seconds * 1000 });
  const none: CaptchaDefinition = { provider: 'none' };

  const friendlyName = def.tenant?.friendly_name ?? 'Local tenant';
  return {
    name: def.tenant?.name ?? 'local',
    friendlyName,
    defaultDirectory: def.tenant?.default_directory,
    logoutUrls: [...(def.tenant?.allowed_logout_urls ?? [])],
    countryCode: def.tenant?.country_code ?? 'US',
    customDomain: def.custom_domain
      ? { domain: def.custom_domain.domain, cnameApiKey: def.custom_domain.cname_api_key }
      : undefined,
    clients,
    connections,
    apis,
    organizations: (def.organizations ?? []).map((o) => ({
      id: o.id,
      name: o.name,
      displayName: o.display_name ?? o.name,
      members: new Set(o.members),
      invitations: new Map((o.invitations ?? []).map((i) => [i.id, i.email.toLowerCase()])),
    })),
    rateLimits,
    bruteForce: {
      maxAttempts: def.brute_force?.max_attempts ?? 10,
      blockMs: (def.brute_force?.block_seconds ?? 900) * 1000,
      suspiciousIpThreshold: def.brute_force?.suspicious_ip_threshold ?? 100,
    },
    captcha: {
      default: def.captcha?.default ?? none,
      signup: def.captcha?.signup ?? none,
      passwordless: def.captcha?.passwordless ?? none,
      password_reset: def.captcha?.password_reset ?? none,
    },
    tokenExchangeTypes: new Set((def.token_exchange_profiles ?? []).map((p) => p.subject_token_type)),
    managementAudience,
    passkeyRp: { id: def.passkeys?.rp_id ?? defaultRpId(issuer), name: def.passkeys?.rp_name ?? friendlyName },
  };
}

/**
 * The tenant's host name: server.ts only takes DNS names (`localhost` by default), which WebAuthn
 * needs (an IP address is no RP ID); `localhost` when the issuer is not a URL (a model built for tests).
 */
function defaultRpId(issuer: string): string {
  return URL.canParse(issuer) ? new URL(issuer).hostname : 'localhost';
}

export function isDatabase(c: Connection | undefined): c is DatabaseConnection {
  return c?.strategy === 'auth0';
}

export function isPasswordless(c: Connection | undefined): c is PasswordlessConnection {
  return c?.strategy === 'email' || c?.strategy === 'sms';
}

export function findOrganization(model: TenantModel, idOrName: string): Organization | undefined {
  return model.organizations.find((o) => o.id === idOrName || o.name === idOrName.toLowerCase());
}
