/** The built-in tenant definition, used when no `--config` file is given. `--print-config` shows it. */
import { createHash } from 'node:crypto';
import {
  ACME_INVITATION,
  BREACHED_PASSWORDS,
  CNAME_API_KEY,
  CROSS_ORIGIN_VERIFICATION_PATH,
  CUSTOM_DOMAIN,
  DB_CONNECTION,
  DB_WITH_USERNAME,
  EMAIL_CONNECTION,
  EXAMPLE_API,
  HS256_CLIENT_ID,
  HS256_CLIENT_SECRET,
  LOCAL_CALLBACKS,
  LOCAL_ORIGINS,
  MGMT_GLOBAL,
  MGMT_LOCAL,
  ORG_ACME,
  ORG_GLOBEX,
  SMS_CONNECTION,
  SPA_CLIENT_ID,
  TENANT_LOGOUT_URLS,
  TENANT_NAME,
  THIRD_PARTY_CLIENT_ID,
  TOKEN_EXCHANGE_TYPE,
  USERS,
  WEB_MTLS_CLIENT_ID,
  WEB_PRIVATE_KEY_JWT_CLIENT_ID,
  WEB_SECRET_BASIC,
  WEB_SECRET_POST,
  webMtlsCertificate,
  webPrivateKeyJwk,
} from './builtin.js';
import type { ClientDefinition, GrantType, TenantDefinition, UserDefinition } from './definition.js';
import { MANAGEMENT_API_PATH } from './management-scopes.js';

const USER_GRANTS: GrantType[] = [
  'authorization_code',
  'implicit',
  'refresh_token',
  'password',
  'http://auth0.com/oauth/grant-type/password-realm',
  'http://auth0.com/oauth/grant-type/passwordless/otp',
  'urn:ietf:params:oauth:grant-type:token-exchange',
];
/** The legacy grants the v10 library can still call (/delegation, /oauth/ro). */
const LEGACY_GRANTS: GrantType[] = [
  'urn:ietf:params:oauth:grant-type:jwt-bearer',
  'http://auth0.com/oauth/legacy/grant-type/ro',
];
/** Passkeys (/passkey/*): on for the default SPA and the client_secret_post web app. */
const WEBAUTHN_GRANT: GrantType = 'urn:okta:params:oauth:grant-type:webauthn';
const allConnections = (): string[] => [DB_CONNECTION, DB_WITH_USERNAME, EMAIL_CONNECTION, SMS_CONNECTION];

function spa(clientId: string, name: string, extra: Partial<ClientDefinition> = {}): ClientDefinition {
  return {
    client_id: clientId,
    name,
    app_type: 'spa',
    token_endpoint_auth_method: 'none',
    callbacks: [...LOCAL_CALLBACKS],
    web_origins: [...LOCAL_ORIGINS],
    allowed_logout_urls: [...LOCAL_CALLBACKS],
    id_token_alg: 'RS256',
    cross_origin_auth: true,
    cross_origin_loc: CROSS_ORIGIN_VERIFICATION_PATH,
    grant_types: [...USER_GRANTS, ...LEGACY_GRANTS],
    connections: allConnections(),
    organization_usage: 'allow',
    ...extra,
  };
}

function regularWeb(clientId: string, extra: Partial<ClientDefinition>): ClientDefinition {
  return {
    client_id: clientId,
    name: clientId,
    app_type: 'regular_web',
    token_endpoint_auth_method: 'client_secret_post',
    callbacks: [...LOCAL_CALLBACKS],
    web_origins: [...LOCAL_ORIGINS],
    allowed_logout_urls: [...LOCAL_CALLBACKS],
    id_token_alg: 'RS256',
    grant_types: [...USER_GRANTS, 'client_credentials'],
    connections: allConnections(),
    client_grants: { [EXAMPLE_API.identifier]: [...EXAMPLE_API.scopes] },
    organization_usage: 'allow',
    ...extra,
  };
}

function machine(clientId: string, secret: string, extra: Partial<ClientDefinition>): ClientDefinition {
  return {
    client_id: clientId,
    name: clientId,
    app_type: 'non_interactive',
    token_endpoint_auth_method: 'client_secret_post',
    client_secret: secret,
    callbacks: [],
    web_origins: [],
    allowed_logout_urls: [],
    grant_types: ['client_credentials'],
    connections: [],
    ...extra,
  };
}

/** The fixture key's public half; `kid` is its RFC 7638 thumbprint. */
function publicJwks(): { keys: Array<Record<string, unknown>> } {
  const { n = '', e = '', alg = 'RS256' } = webPrivateKeyJwk();
  const kid = createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
  return { keys: [{ kty: 'RSA', n, e, alg, use: 'sig', kid }] };
}

function users(connection: string): UserDefinition[] {
  return USERS.filter((u) => u.connection === connection).map((u) => ({
    user_id: u.userId,
    email: u.email,
    email_verified: u.emailVerified,
    ...(u.username !== undefined ? { username: u.username } : {}),
    name: u.name,
    nickname: u.nickname,
    password: u.password,
    ...(u.blocked ? { blocked: true } : {}),
    created_at: u.updatedAt,
    updated_at: u.updatedAt,
  }));
}

export function defaultDefinition(): TenantDefinition {
  return {
    tenant: {
      name: TENANT_NAME,
      friendly_name: 'Local tenant',
      default_directory: DB_CONNECTION,
      allowed_logout_urls: [...TENANT_LOGOUT_URLS],
      country_code: 'US',
    },
    custom_domain: { domain: CUSTOM_DOMAIN, cname_api_key: CNAME_API_KEY },
    clients: [
      spa(SPA_CLIENT_ID, 'Local SPA', { grant_types: [...USER_GRANTS, ...LEGACY_GRANTS, WEBAUTHN_GRANT] }),
      spa(HS256_CLIENT_ID, 'Legacy HS256 SPA', { id_token_alg: 'HS256', client_secret: HS256_CLIENT_SECRET }),
      spa(THIRD_PARTY_CLIENT_ID, 'Third-party SPA', { is_first_party: false, cross_origin_auth: false }),
      regularWeb(WEB_SECRET_POST.clientId, {
        client_secret: WEB_SECRET_POST.clientSecret,
        grant_types: [...USER_GRANTS, 'client_credentials', WEBAUTHN_GRANT],
      }),
      regularWeb(WEB_SECRET_BASIC.clientId, {
        token_endpoint_auth_method: 'client_secret_basic',
        client_secret: WEB_SECRET_BASIC.clientSecret,
      }),
      regularWeb(WEB_PRIVATE_KEY_JWT_CLIENT_ID, { token_endpoint_auth_method: 'private_key_jwt', jwks: publicJwks() }),
      regularWeb(WEB_MTLS_CLIENT_ID, {
        token_endpoint_auth_method: 'tls_client_auth',
        tls_client_certificate: webMtlsCertificate(),
      }),
      machine(MGMT_GLOBAL.clientId, MGMT_GLOBAL.clientSecret, {
        is_global: true,
        client_grants: { [MANAGEMENT_API_PATH]: ['*'] },
      }),
      machine(MGMT_LOCAL.clientId, MGMT_LOCAL.clientSecret, {
        client_grants: { [MANAGEMENT_API_PATH]: ['read:user_attribute_profiles'] },
      }),
    ],
    connections: [
      {
        name: DB_CONNECTION,
        strategy: 'auth0',
        password_policy: 'good',
        breached_passwords: [...BREACHED_PASSWORDS],
        users: users(DB_CONNECTION),
      },
      {
        name: DB_WITH_USERNAME,
        strategy: 'auth0',
        requires_username: true,
        password_policy: 'good',
        users: users(DB_WITH_USERNAME),
      },
      { name: EMAIL_CONNECTION, strategy: 'email', otp_length: 6, otp_ttl_seconds: 300 },
      { name: SMS_CONNECTION, strategy: 'sms', otp_length: 6, otp_ttl_seconds: 300 },
    ],
    apis: [
      {
        identifier: EXAMPLE_API.identifier,
        name: 'Example API',
        scopes: [...EXAMPLE_API.scopes],
        allow_offline_access: true,
      },
    ],
    organizations: [
      {
        id: ORG_ACME.id,
        name: ORG_ACME.name,
        display_name: ORG_ACME.displayName,
        members: [...ORG_ACME.members],
        invitations: [{ ...ACME_INVITATION }],
      },
      {
        id: ORG_GLOBEX.id,
        name: ORG_GLOBEX.name,
        display_name: ORG_GLOBEX.displayName,
        members: [...ORG_GLOBEX.members],
      },
    ],
    rate_limits: {
      '*': { limit: 1000, window_seconds: 60 },
      '/dbconnections/signup': { limit: 200, window_seconds: 60 },
      '/passwordless/start': { limit: 200, window_seconds: 60 },
    },
    brute_force: { max_attempts: 10, block_seconds: 900, suspicious_ip_threshold: 100 },
    captcha: {
      default: { provider: 'none' },
      signup: { provider: 'none' },
      passwordless: { provider: 'none' },
      password_reset: { provider: 'none' },
    },
    token_exchange_profiles: [{ name: 'local-jwt', subject_token_type: TOKEN_EXCHANGE_TYPE }],
  };
}
