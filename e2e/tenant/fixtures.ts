/**
 * Static tenant configuration: applications, the database connection and its users.
 * Tests and later issues import these names, so treat them as a stable contract.
 */

/** Local development hosts only: the tenant must never send a browser anywhere else. */
const LOCAL_CALLBACKS = [
  'http://localhost:*/*',
  'http://127.0.0.1:*/*',
  'https://localhost:*/*',
  'https://127.0.0.1:*/*',
] as const;

const LOCAL_ORIGINS = [
  'http://localhost:*',
  'http://127.0.0.1:*',
  'https://localhost:*',
  'https://127.0.0.1:*',
] as const;

export type IdTokenAlg = 'RS256' | 'HS256';

export interface ClientFixture {
  readonly clientId: string;
  readonly name: string;
  readonly appType: 'spa';
  readonly idTokenAlg: IdTokenAlg;
  /** Only needed to sign HS256 ID tokens; a public SPA never sends it. */
  readonly clientSecret?: string;
  /** URL patterns, see url-rules.ts: `*` as the port means any port, `/*` as the path means any path. */
  readonly callbacks: readonly string[];
  readonly webOrigins: readonly string[];
  readonly logoutUrls: readonly string[];
  readonly connections: readonly string[];
}

export interface UserFixture {
  readonly userId: string;
  readonly connection: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
  readonly nickname: string;
  readonly updatedAt: string;
  /** Plain text only here, for tests to type in; the running tenant keeps a scrypt hash. */
  readonly password: string;
}

export const SPA_CLIENT_ID = 'spa-client';
export const HS256_CLIENT_ID = 'hs256-client';
export const HS256_CLIENT_SECRET = 'hs256-client-secret';
export const DB_CONNECTION = 'Username-Password-Authentication';

export const SPA_CLIENT: ClientFixture = {
  clientId: SPA_CLIENT_ID,
  name: 'Local SPA',
  appType: 'spa',
  idTokenAlg: 'RS256',
  callbacks: LOCAL_CALLBACKS,
  webOrigins: LOCAL_ORIGINS,
  logoutUrls: LOCAL_CALLBACKS,
  connections: [DB_CONNECTION],
};

export const HS256_CLIENT: ClientFixture = {
  clientId: HS256_CLIENT_ID,
  name: 'Legacy HS256 SPA',
  appType: 'spa',
  idTokenAlg: 'HS256',
  clientSecret: HS256_CLIENT_SECRET,
  callbacks: LOCAL_CALLBACKS,
  webOrigins: LOCAL_ORIGINS,
  logoutUrls: LOCAL_CALLBACKS,
  connections: [DB_CONNECTION],
};

export const CLIENTS: readonly ClientFixture[] = [SPA_CLIENT, HS256_CLIENT];

/** Account-level Allowed Logout URLs, used by /v2/logout when no client_id is given. */
export const TENANT_LOGOUT_URLS: readonly string[] = LOCAL_CALLBACKS;

export const ALICE: UserFixture = {
  userId: 'auth0|alice',
  connection: DB_CONNECTION,
  email: 'alice@example.com',
  emailVerified: true,
  name: 'Alice Example',
  nickname: 'alice',
  updatedAt: '2024-01-01T00:00:00.000Z',
  password: 'Passw0rd!alice',
};

export const USERS: readonly UserFixture[] = [ALICE];

export function findClient(clientId: string | undefined): ClientFixture | undefined {
  return clientId === undefined ? undefined : CLIENTS.find((c) => c.clientId === clientId);
}
