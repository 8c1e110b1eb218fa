/**
 * Names and values of the built-in tenant definition (clients, users, connections, …), which
 * defaults.ts assembles. Tests import them through testing/fixtures.ts, so treat every exported
 * name and value as a stable contract; the plain passwords exist only so tests can type them.
 */
import { readFileSync } from 'node:fs';
import { tenantSourcePath } from '../core/tenant-files.js';

/** Local development hosts only: the tenant must never send a browser anywhere else. */
export const LOCAL_CALLBACKS: readonly string[] = [
  'http://localhost:*/*',
  'http://127.0.0.1:*/*',
  'https://localhost:*/*',
  'https://127.0.0.1:*/*',
];

export const LOCAL_ORIGINS: readonly string[] = [
  'http://localhost:*',
  'http://127.0.0.1:*',
  'https://localhost:*',
  'https://127.0.0.1:*',
];

/** Account-level Allowed Logout URLs, used by /v2/logout when no client_id is given. */
export const TENANT_LOGOUT_URLS: readonly string[] = LOCAL_CALLBACKS;

export const TENANT_NAME = 'local';
export const CUSTOM_DOMAIN = 'login.example.test';
export const CNAME_API_KEY = 'local-cname-api-key';

// Clients.
export const SPA_CLIENT_ID = 'spa-client';
export const HS256_CLIENT_ID = 'hs256-client';
export const HS256_CLIENT_SECRET = 'hs256-client-secret';
/** Third-party SPA: needs consent for new scopes, cross-origin authentication disabled. */
export const THIRD_PARTY_CLIENT_ID = 'third-party-spa';
export const WEB_SECRET_POST = { clientId: 'web-secret-post', clientSecret: 'web-secret-post-secret' } as const;
export const WEB_SECRET_BASIC = { clientId: 'web-secret-basic', clientSecret: 'web-secret-basic-secret' } as const;
export const WEB_PRIVATE_KEY_JWT_CLIENT_ID = 'web-private-key-jwt';
export const WEB_MTLS_CLIENT_ID = 'web-mtls';
export const MGMT_GLOBAL = { clientId: 'mgmt-global', clientSecret: 'mgmt-global-secret' } as const;
export const MGMT_LOCAL = { clientId: 'mgmt-local', clientSecret: 'mgmt-local-secret' } as const;

/** The private JWK (RS256) web-private-key-jwt signs its client assertions with. */
export function webPrivateKeyJwk(): Record<string, string> {
  return JSON.parse(
    readFileSync(tenantSourcePath('fixtures', 'web-private-key-jwt.private.jwk.json'), 'utf8'),
  ) as Record<string, string>;
}

/** The certificate registered for web-mtls (PEM), as an edge proxy would forward it. */
export function webMtlsCertificate(): string {
  return readFileSync(tenantSourcePath('fixtures', 'web-mtls.cert.pem'), 'utf8');
}

// Connections.
export const DB_CONNECTION = 'Username-Password-Authentication';
export const DB_WITH_USERNAME = 'db-with-username';
export const EMAIL_CONNECTION = 'email';
export const SMS_CONNECTION = 'sms';

// APIs.
export const EXAMPLE_API = {
  identifier: 'https://api.example.test/',
  scopes: ['read:things', 'write:things'],
} as const;
export const TOKEN_EXCHANGE_TYPE = 'urn:webauth-js:local-tenant:jwt';

export interface UserFixture {
  readonly userId: string;
  readonly connection: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
  readonly nickname: string;
  readonly updatedAt: string;
  readonly username?: string;
  readonly blocked?: boolean;
  /** Plain text only here, for tests to type in; the running tenant keeps a scrypt hash. */
  readonly password: string;
}

const fixtureUser = (id: string, name: string, extra: Partial<UserFixture> = {}): UserFixture => ({
  userId: `auth0|${id}`,
  connection: DB_CONNECTION,
  email: `${id}@example.com`,
  emailVerified: true,
  name,
  nickname: id,
  updatedAt: '2024-01-01T00:00:00.000Z',
  password: `Passw0rd!${id}`,
  ...extra,
});

export const ALICE = fixtureUser('alice', 'Alice Example');
/** Second user of the default connection, for account-linking tests. */
export const BOB = fixtureUser('bob', 'Bob Example');
export const BLOCKED_USER = fixtureUser('blocked', 'Blocked Example', { blocked: true });
/** Her password is on the connection's breached-password list. */
export const LEAKED_USER = fixtureUser('leaked', 'Leaked Example', { password: 'Password123!' });
/** In `db-with-username`; signs in with the username `carol` or her email. */
export const CAROL = fixtureUser('carol', 'Carol Example', { connection: DB_WITH_USERNAME, username: 'carol' });

export const USERS: readonly UserFixture[] = [ALICE, BOB, BLOCKED_USER, LEAKED_USER, CAROL];
export const BREACHED_PASSWORDS: readonly string[] = ['Password123!', 'Passw0rd!', 'Qwerty123!'];

// Organizations.
export const ORG_ACME = {
  id: 'org_acme0000000001',
  name: 'acme',
  displayName: 'Acme Corp',
  members: [ALICE.userId],
} as const;
export const ORG_GLOBEX = {
  id: 'org_globex00000001',
  name: 'globex',
  displayName: 'Globex',
  members: [BOB.userId],
} as const;
/** Invites bob@example.com to acme. */
export const ACME_INVITATION = { id: 'uinv_acmebob0000001', email: BOB.email } as const;

/** Path (on the app's own origin) of the cross-origin verification page of the SPA fixtures. */
export const CROSS_ORIGIN_VERIFICATION_PATH = '/pages/cross-origin-verification.html';
