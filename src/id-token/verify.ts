/**
 * ID-token verification: RS256 only (an HS256 token fails, CVE-2026-42280), the issuer, the
 * signature with jose, then the other claim checks in auth0-js 10's order with its exact messages.
 */
import { compactVerify } from 'jose';
import { ConfigurationError } from '../errors.js';
import { sha256Base64url } from '../shared/base64url.js';
import { decodeJwt } from './decode.js';
import { getSigningKey, type JwksSource } from './jwks.js';
import type { IdTokenPayload } from '../types.js';

export interface VerifyOptions {
  issuer: string;
  audience: string;
  jwksUri: string;
  source: JwksSource;
  /** Clock skew in seconds (already validated by `effectiveLeeway`). */
  leeway: number;
  /** Seconds; checks `auth_time` when set. */
  maxAge?: number;
  clock?: () => Date;
  /** Expected nonce; checked when set. */
  nonce?: string | null;
}

/**
 * The leeway applied: absent (or another falsy value) means 60 s as in v10, but `0` means none (v10
 * turned it into 60 s); outside 0..300 s throws synchronously.
 */
export function effectiveLeeway(leeway: unknown): number {
  const value = leeway === 0 ? 0 : (leeway as number) || 60;
  if (!(value >= 0 && value <= 300)) {
    throw new ConfigurationError('The leeway should be positive and lower than five minutes.');
  }
  return value;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isNumber = (v: unknown): v is number => typeof v === 'number' && v !== 0 && Number.isFinite(v);
const when = (seconds: number) => new Date(seconds * 1000).toString();

function checkIssuer(iss: unknown, o: VerifyOptions): void {
  if (!isString(iss)) throw new Error('Issuer (iss) claim must be a string present in the ID token');
  if (iss !== o.issuer)
    throw new Error(`Issuer (iss) claim mismatch in the ID token, expected "${o.issuer}", found "${iss}"`);
}

function checkClaims(claims: Record<string, any>, o: VerifyOptions): void {
  const { sub, aud, nonce, azp, exp, iat } = claims;
  if (!isString(sub)) throw new Error('Subject (sub) claim must be a string present in the ID token');
  if (!isString(aud) && !Array.isArray(aud)) {
    throw new Error('Audience (aud) claim must be a string or array of strings present in the ID token');
  }
  if (Array.isArray(aud) && !aud.includes(o.audience)) {
    throw new Error(
      `Audience (aud) claim mismatch in the ID token; expected "${o.audience}" but was not one of "${aud.join(', ')}"`,
    );
  }
  if (isString(aud) && aud !== o.audience) {
    throw new Error(`Audience (aud) claim mismatch in the ID token; expected "${o.audience}" but found "${aud}"`);
  }
  if (o.nonce) {
    if (!isString(nonce)) throw new Error('Nonce (nonce) claim must be a string present in the ID token');
    if (nonce !== o.nonce)
      throw new Error(`Nonce (nonce) claim value mismatch in the ID token; expected "${o.nonce}", found "${nonce}"`);
  }
  if (Array.isArray(aud) && aud.length > 1) {
    if (!isString(azp)) {
      throw new Error(
        'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values',
      );
    }
  }
  // Stricter than v10 (which compared azp only for several audiences): a token issued to another
  // client (its authorized party) is not ours, whatever its audience says.
  if (azp !== undefined && azp !== o.audience) {
    throw new Error(
      `Authorized Party (azp) claim mismatch in the ID token; expected "${o.audience}", found "${String(azp)}"`,
    );
  }
  // Stricter than v10 (OIDC Core 3.1.3.7 step 3): the tenant never issues several audiences, and any
  // other one is an audience this client does not trust. After the azp checks, so v10's messages stay.
  if (Array.isArray(aud) && aud.length !== 1) {
    throw new Error(
      `Audience (aud) claim mismatch in the ID token; expected only "${o.audience}" but found "${aud.join(', ')}"`,
    );
  }
  if (!isNumber(exp)) throw new Error('Expiration Time (exp) claim must be a number present in the ID token');
  if (!isNumber(iat)) throw new Error('Issued At (iat) claim must be a number present in the ID token');
  // v10 skipped a non-numeric nbf (a string "not before" was never enforced) and auth_time without max_age.
  if (claims.nbf !== undefined && !Number.isFinite(claims.nbf)) {
    throw new Error('Not Before Time (nbf) claim must be a number when present in the ID token');
  }
  if (claims.auth_time !== undefined && !Number.isFinite(claims.auth_time)) {
    throw new Error('Authentication Time (auth_time) claim must be a number when present in the ID token');
  }
  checkTimes(claims, o);
}

function checkTimes(claims: Record<string, any>, o: VerifyOptions): void {
  const now = (o.clock ?? (() => new Date()))();
  const nowText = now.toString();
  const expLimit = claims.exp + o.leeway;
  if (now.getTime() > expLimit * 1000) {
    throw new Error(
      `Expiration Time (exp) claim error in the ID token; current time "${nowText}" is after expiration time "${when(expLimit)}"`,
    );
  }
  // Stricter than v10, which only required iat to be a number (OIDC Core 3.1.3.7 step 10).
  if (now.getTime() < (claims.iat - o.leeway) * 1000) {
    throw new Error(
      `Issued At (iat) claim error in the ID token; current time "${nowText}" is before the issued at time "${when(claims.iat - o.leeway)}"`,
    );
  }
  if (claims.nbf !== undefined && now.getTime() < (claims.nbf - o.leeway) * 1000) {
    throw new Error(
      `Not Before Time (nbf) claim error in the ID token; current time "${nowText}" is before the not before time "${when(claims.nbf - o.leeway)}"`,
    );
  }
  if (o.maxAge) {
    if (!isNumber(claims.auth_time)) {
      throw new Error(
        'Authentication Time (auth_time) claim must be a number present in the ID token when Max Age (max_age) is specified',
      );
    }
    const limit = claims.auth_time + o.maxAge + o.leeway;
    if (now.getTime() > limit * 1000) {
      throw new Error(
        `Authentication Time (auth_time) claim in the ID token indicates that too much time has passed since the last end-user authentication. Current time "${nowText}" is after last auth time at "${when(limit)}"`,
      );
    }
  }
}

/**
 * Verifies `token` and resolves with its full claim set, or rejects with an `Error` whose message is
 * v10's description of the first failed check. The message may quote the token's unverified
 * header and claims (`alg`, `kid`, `iss`, `aud`, `nonce`, …): untrusted text, never HTML.
 */
export async function verifyIdToken(token: string | undefined, o: VerifyOptions): Promise<IdTokenPayload> {
  if (!token) throw new Error('ID token is required but missing');
  const decoded = decodeJwt(token);
  if (!decoded) throw new Error('ID token could not be decoded');
  const { alg, kid } = decoded.header;
  if (alg !== 'RS256') {
    throw new Error(
      `Signature algorithm of "${String(alg)}" is not supported. Expected the ID token to be signed with "RS256".`,
    );
  }
  // RFC 7797: with b64 false the signature covers the raw payload, not the segment decoded here.
  if (decoded.header.b64 !== undefined && decoded.header.b64 !== true) {
    throw new Error('ID token header "b64": false (an unencoded payload) is not supported');
  }
  // Before any key is fetched (v10 fetched first): a token from another issuer costs no request.
  checkIssuer(decoded.payload.iss, o);
  const jwk = await getSigningKey(o.jwksUri, kid, o.source);
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new Error('Empty keyInfo in response');
  try {
    // Only the public RSA members: a key set's own `alg`/`use`/`key_ops` cannot widen what is accepted.
    await compactVerify(token, { kty: 'RSA', n: jwk.n, e: jwk.e }, { algorithms: ['RS256'] });
  } catch {
    throw new Error('Invalid ID token signature.');
  }
  checkClaims(decoded.payload, o);
  return decoded.payload as IdTokenPayload;
}

/** `at_hash`: base64url of the left half of SHA-256 over the access token. */
export const accessTokenHash = (subtle: SubtleCrypto, accessToken: string): Promise<string> =>
  sha256Base64url(subtle, accessToken, 16);
