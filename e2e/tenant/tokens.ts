/** Minting and checking the tenant's JWTs (ID tokens and access tokens). */
import { createHash } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import type { TenantContext } from './context.js';
import type { ClientFixture } from './fixtures.js';
import type { StoredUser } from './users.js';

export const ID_TOKEN_TTL_S = 36000;
export const ACCESS_TOKEN_TTL_S = 7200;

export function scopesOf(scope: string): Set<string> {
  return new Set(scope.split(' ').filter(Boolean));
}

export function pictureUrl(tenant: TenantContext, user: StoredUser): string {
  // Served by the tenant itself so a page rendering the profile never reaches an outside host.
  return `${tenant.url}/avatars/${encodeURIComponent(user.nickname)}.svg`;
}

/** Standard profile claims released for `scope`, shared by ID tokens and /userinfo. */
export function profileClaims(tenant: TenantContext, user: StoredUser, scope: string): Record<string, unknown> {
  const scopes = scopesOf(scope);
  const claims: Record<string, unknown> = {};
  if (scopes.has('profile')) {
    claims['name'] = user.name;
    claims['nickname'] = user.nickname;
    claims['picture'] = pictureUrl(tenant, user);
    claims['updated_at'] = user.updatedAt;
  }
  if (scopes.has('email')) {
    claims['email'] = user.email;
    claims['email_verified'] = user.emailVerified;
  }
  return claims;
}

/** OIDC Core 3.2.2.9: left half of SHA-256 over the ASCII token, base64url. */
export function atHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');
}

function nowSeconds(tenant: TenantContext): number {
  return Math.floor(tenant.state.now() / 1000);
}

export interface AccessTokenInput {
  clientId: string;
  userId: string;
  scope: string;
  audience?: string | undefined;
}

export async function signAccessToken(tenant: TenantContext, input: AccessTokenInput): Promise<string> {
  const iat = nowSeconds(tenant);
  return new SignJWT({ scope: input.scope, azp: input.clientId })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: tenant.key.kid })
    .setIssuer(tenant.issuer)
    .setSubject(input.userId)
    .setAudience(input.audience ?? `${tenant.issuer}userinfo`)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(tenant.key.privateKey);
}

export interface IdTokenInput {
  client: ClientFixture;
  user: StoredUser;
  scope: string;
  nonce?: string | undefined;
  sid: string;
  authTime: number;
  accessToken?: string | undefined;
}

export async function signIdToken(tenant: TenantContext, input: IdTokenInput): Promise<string> {
  const iat = nowSeconds(tenant);
  const claims: JWTPayload = {
    ...profileClaims(tenant, input.user, input.scope),
    iss: tenant.issuer,
    sub: input.user.userId,
    aud: input.client.clientId,
    iat,
    exp: iat + ID_TOKEN_TTL_S,
    auth_time: input.authTime,
    sid: input.sid,
  };
  if (input.nonce !== undefined) claims['nonce'] = input.nonce;
  if (input.accessToken !== undefined) claims['at_hash'] = atHash(input.accessToken);
  const jwt = new SignJWT(claims);
  if (input.client.idTokenAlg === 'HS256') {
    if (!input.client.clientSecret) throw new Error(`client ${input.client.clientId} has no secret for HS256`);
    return jwt.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(input.client.clientSecret));
  }
  return jwt.setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: tenant.key.kid }).sign(tenant.key.privateKey);
}

/** Verifies an access token issued by this tenant; throws (jose errors) when it is not valid. */
export async function verifyAccessToken(tenant: TenantContext, token: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, tenant.key.publicKey, {
    issuer: tenant.issuer,
    algorithms: ['RS256'],
    currentDate: new Date(tenant.state.now()),
    requiredClaims: ['sub', 'exp'],
  });
  return payload;
}
