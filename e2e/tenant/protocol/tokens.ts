/** Minting and checking the tenant's JWTs (ID tokens and access tokens). */
import { createHash } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import type { Client, Organization } from '../config/model.js';
import type { TenantContext } from '../state/context.js';
import type { StoredUser } from '../state/users.js';
import { signHs256, signRs256 } from './jws.js';

export const ID_TOKEN_TTL_S = 36000;
export const ACCESS_TOKEN_TTL_S = 7200;

export function scopesOf(scope: string): Set<string> {
  return new Set(scope.split(' ').filter(Boolean));
}

export function pictureUrl(tenant: TenantContext, user: StoredUser): string {
  // Served by the tenant itself so a page rendering the profile never reaches an outside host.
  return user.picture ?? `${tenant.url}/avatars/${encodeURIComponent(user.nickname)}.svg`;
}

/** Standard profile claims released for `scope`, shared by ID tokens and /userinfo. */
export function profileClaims(tenant: TenantContext, user: StoredUser, scope: string): Record<string, unknown> {
  const scopes = scopesOf(scope);
  const claims: Record<string, unknown> = {};
  if (scopes.has('profile')) {
    if (user.givenName !== undefined) claims['given_name'] = user.givenName;
    if (user.familyName !== undefined) claims['family_name'] = user.familyName;
    claims['nickname'] = user.nickname;
    claims['name'] = user.name;
    claims['picture'] = pictureUrl(tenant, user);
    claims['updated_at'] = user.updatedAt;
  }
  if (scopes.has('email') && user.email !== '') {
    claims['email'] = user.email;
    claims['email_verified'] = user.emailVerified;
  }
  if (scopes.has('phone') && user.phoneNumber !== undefined) {
    claims['phone_number'] = user.phoneNumber;
    claims['phone_number_verified'] = user.phoneVerified === true;
  }
  return claims;
}

/** OIDC Core 3.2.2.9 / 3.3.2.11: left half of SHA-256 over the ASCII value, base64url. */
export function leftHalfHash(value: string): string {
  return createHash('sha256').update(value, 'ascii').digest().subarray(0, 16).toString('base64url');
}

export const atHash = leftHalfHash;

export function nowSeconds(tenant: TenantContext): number {
  return Math.floor(tenant.state.now() / 1000);
}

function orgClaims(org: Organization | undefined): Record<string, string> {
  return org ? { org_id: org.id, org_name: org.name } : {};
}

export interface AccessTokenInput {
  clientId: string;
  /** A user id, or `<client_id>@clients`. */
  subject: string;
  scope: string;
  audience: string | string[];
  lifetime?: number | undefined;
  organization?: Organization | undefined;
  /** Extra claims (`gty`, `cnf`, …). */
  claims?: Record<string, unknown> | undefined;
}

export async function signAccessToken(tenant: TenantContext, input: AccessTokenInput): Promise<string> {
  const iat = nowSeconds(tenant);
  const key = tenant.keys.current;
  const payload: JWTPayload = {
    ...orgClaims(input.organization),
    ...input.claims,
    scope: input.scope,
    azp: input.clientId,
    iss: tenant.issuer,
    sub: input.subject,
    aud: input.audience,
    iat,
    exp: iat + (input.lifetime ?? ACCESS_TOKEN_TTL_S),
  };
  return signRs256(key.kid, payload, key.signingKey);
}

export interface IdTokenInput {
  client: Client;
  user: StoredUser;
  scope: string;
  nonce?: string | undefined;
  sid: string;
  authTime: number;
  accessToken?: string | undefined;
  /** The code of a hybrid response (`c_hash`). */
  code?: string | undefined;
  organization?: Organization | undefined;
}

export async function signIdToken(tenant: TenantContext, input: IdTokenInput): Promise<string> {
  const iat = nowSeconds(tenant);
  const claims: JWTPayload = {
    ...profileClaims(tenant, input.user, input.scope),
    ...orgClaims(input.organization),
    iss: tenant.issuer,
    sub: input.user.userId,
    aud: input.client.clientId,
    iat,
    exp: iat + ID_TOKEN_TTL_S,
    auth_time: input.authTime,
    sid: input.sid,
  };
  if (input.nonce !== undefined) claims['nonce'] = input.nonce;
  if (input.accessToken !== undefined) claims['at_hash'] = leftHalfHash(input.accessToken);
  if (input.code !== undefined) claims['c_hash'] = leftHalfHash(input.code);
  if (input.client.idTokenAlg === 'HS256') {
    if (!input.client.clientSecret) throw new Error(`client ${input.client.clientId} has no secret for HS256`);
    return signHs256(claims, input.client.clientSecret);
  }
  const key = tenant.keys.current;
  return signRs256(key.kid, claims, key.signingKey);
}

/**
 * Verifies a JWT issued by this tenant with any of its current signing keys (rotation), RS256
 * only, checking `iss` and `exp`; throws jose errors otherwise. Returns the payload; audience and
 * token kind are the caller's to check. (Contract for the Management API, keep stable.)
 */
export async function verifyAccessToken(tenant: TenantContext, token: string): Promise<JWTPayload> {
  const cache = verifiedCache(tenant);
  const hit = cache.get(token);
  const nowSeconds = Math.floor(tenant.state.now() / 1000);
  // Same bytes as a token whose signature already verified: only the time claims can have changed.
  if (hit && (hit.exp ?? 0) > nowSeconds && (hit.nbf === undefined || hit.nbf <= nowSeconds)) return hit;
  cache.delete(token);
  const { payload } = await jwtVerify(token, tenant.keys.verificationKeys, {
    issuer: tenant.issuer,
    algorithms: ['RS256'],
    currentDate: new Date(tenant.state.now()),
    requiredClaims: ['sub', 'exp'],
  });
  if (cache.size >= VERIFIED_CACHE_SIZE) cache.clear();
  // Frozen: callers share the cached object.
  cache.set(token, Object.freeze(payload));
  return payload;
}

/**
 * Access tokens whose RS256 signature this tenant already checked (userinfo and the Management API
 * see the same token again and again; an RSA verify per request was a load-test hot spot). Keys are
 * only ever added, never withdrawn, so a verified signature stays verified. Bounded: cleared when full.
 */
const VERIFIED_CACHE_SIZE = 10_000;
const verified = new WeakMap<TenantContext, Map<string, JWTPayload>>();
function verifiedCache(tenant: TenantContext): Map<string, JWTPayload> {
  let cache = verified.get(tenant);
  if (!cache) verified.set(tenant, (cache = new Map()));
  return cache;
}

/**
 * Verifies an ID token of this tenant: RS256 with the tenant keys, or HS256 with the secret of
 * the client it was issued to. Returns the payload and that client.
 */
export async function verifyIdToken(
  tenant: TenantContext,
  token: string,
): Promise<{ payload: JWTPayload; client: Client }> {
  const alg = decodeProtectedHeader(token).alg;
  let payload: JWTPayload;
  if (alg === 'HS256') {
    const parts = token.split('.');
    const unverified = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as JWTPayload;
    const client = typeof unverified.aud === 'string' ? tenant.findClient(unverified.aud) : undefined;
    if (!client?.clientSecret || client.idTokenAlg !== 'HS256')
      throw new Error('HS256 token of a client without an HS256 secret');
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(client.clientSecret), {
      issuer: tenant.issuer,
      algorithms: ['HS256'],
      currentDate: new Date(tenant.state.now()),
      requiredClaims: ['sub', 'exp'],
    }));
  } else {
    payload = await verifyAccessToken(tenant, token);
  }
  const aud = typeof payload.aud === 'string' ? payload.aud : undefined;
  const client = tenant.findClient(aud);
  if (!client) throw new Error('the token was not issued to a client of this tenant');
  return { payload, client };
}
