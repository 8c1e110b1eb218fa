/**
 * DPoP proofs (RFC 9449 §4.3): the checks a proof in the `DPoP` request header must pass at the
 * token endpoint and, with `ath`, at resource endpoints. Verified with jose; the key is the
 * proof's own public `jwk`, and its RFC 7638 thumbprint (`jkt`) is what tokens get bound to.
 */
import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify } from 'jose';
import type { JWK, JWTPayload } from 'jose';
import type { RequestContext } from '../http/types.js';
import { HttpError } from '../http/http-io.js';

/** Asymmetric algorithms accepted for proofs (listed in discovery). */
export const DPOP_ALGS = ['ES256', 'ES384', 'RS256', 'PS256'];
/** How old (and how far in the future, for clock skew) a proof's `iat` may be. */
export const DPOP_IAT_PAST_S = 300;
export const DPOP_IAT_FUTURE_S = 60;
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const MAX_JTI_LENGTH = 256;

export type DpopCheck =
  | { readonly kind: 'none' }
  | { readonly kind: 'valid'; readonly jkt: string }
  | {
      readonly kind: 'refused';
      readonly error: 'invalid_dpop_proof' | 'use_dpop_nonce';
      readonly description: string;
      /** With use_dpop_nonce: the nonce to send back (`DPoP-Nonce`). */
      readonly nonce?: string;
    };

function refused(description: string): DpopCheck {
  return { kind: 'refused', error: 'invalid_dpop_proof', description };
}

/** base64url(SHA-256(token)): the `ath` a resource request's proof carries. */
export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token, 'ascii').digest('base64url');
}

/** The request URI as `htu` must name it: the tenant's public origin and path, no query or fragment. */
function requestUri(ctx: RequestContext): string {
  return `${new URL(ctx.tenant.url).origin}${ctx.url.pathname}`;
}

function sameUri(htu: unknown, expected: string): boolean {
  if (typeof htu !== 'string') return false;
  try {
    const url = new URL(htu);
    // RFC 9449 §4.3 (9): compared without query and fragment, after URL normalisation.
    return `${url.origin}${url.pathname}` === expected;
  } catch {
    return false;
  }
}

function headerJwk(proof: string): { jwk?: JWK; problem?: string } {
  let header;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    return { problem: 'The DPoP proof is not a signed JWT.' };
  }
  if (header.typ !== 'dpop+jwt') return { problem: 'The DPoP proof must have typ dpop+jwt.' };
  if (typeof header.alg !== 'string' || !DPOP_ALGS.includes(header.alg))
    return { problem: `The DPoP proof must be signed with one of ${DPOP_ALGS.join(', ')}.` };
  const jwk = header.jwk;
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk))
    return { problem: 'The DPoP proof must carry its public key in jwk.' };
  if (PRIVATE_MEMBERS.some((m) => m in jwk)) return { problem: 'The DPoP proof jwk must not contain a private key.' };
  return { jwk };
}

/** Claim checks after the signature: method, URI, age, `ath`, nonce; `jti` last (it is then spent). */
function claimProblem(ctx: RequestContext, payload: JWTPayload, accessToken: string | undefined): string | undefined {
  if (payload['htm'] !== (ctx.req.method ?? '').toUpperCase())
    return 'The DPoP proof htm does not match the request method.';
  if (!sameUri(payload['htu'], requestUri(ctx))) return 'The DPoP proof htu does not match the request URI.';
  const nowS = Math.floor(ctx.tenant.state.now() / 1000);
  const iat = payload.iat ?? Number.NaN;
  if (!(iat >= nowS - DPOP_IAT_PAST_S && iat <= nowS + DPOP_IAT_FUTURE_S))
    return 'The DPoP proof iat is outside the accepted window.';
  if (typeof payload.jti !== 'string' || payload.jti === '' || payload.jti.length > MAX_JTI_LENGTH)
    return 'The DPoP proof needs a jti.';
  if (accessToken !== undefined && payload['ath'] !== accessTokenHash(accessToken))
    return 'The DPoP proof ath does not match the access token.';
  return undefined;
}

/**
 * Checks the request's `DPoP` header. `accessToken` is given at resource endpoints, where the proof
 * must also carry its hash (`ath`). No header: `none`, and the request goes on as before DPoP.
 */
export async function checkDpopProof(ctx: RequestContext, accessToken?: string): Promise<DpopCheck> {
  const raw = ctx.req.headers['dpop'];
  if (raw === undefined) return { kind: 'none' };
  // Node joins repeated headers with ", "; a compact JWS has no comma.
  if (Array.isArray(raw) || raw.includes(',')) return refused('Send exactly one DPoP header.');
  const { jwk, problem } = headerJwk(raw);
  if (!jwk) return refused(problem ?? 'Invalid DPoP proof.');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(raw, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: DPOP_ALGS,
      requiredClaims: ['jti', 'htm', 'htu', 'iat'],
      // The window is checked here (both directions), not by jose.
      currentDate: new Date(ctx.tenant.state.now()),
    }));
  } catch (err) {
    return refused(`Invalid DPoP proof: ${(err as Error).message}`);
  }
  const claim = claimProblem(ctx, payload, accessToken);
  if (claim) return refused(claim);
  const { tenant } = ctx;
  if (tenant.switches.get().dpopNonce && !tenant.dpopNonces.isValid(payload['nonce'])) {
    return {
      kind: 'refused',
      error: 'use_dpop_nonce',
      description: 'Authorization server requires nonce in DPoP proof',
      nonce: tenant.dpopNonces.issue(),
    };
  }
  const jkt = await calculateJwkThumbprint(jwk, 'sha256');
  const replayKey = `dpop|${jkt}|${String(payload.jti)}`;
  if (tenant.replay.has(replayKey)) return refused('The DPoP proof jti has already been used.');
  tenant.replay.add(replayKey, ((payload.iat ?? 0) + DPOP_IAT_PAST_S + DPOP_IAT_FUTURE_S) * 1000);
  return { kind: 'valid', jkt };
}

/** The `DPoP-Nonce` header to add to an answer while nonces are required. */
export function dpopNonceHeader(ctx: RequestContext): Record<string, string> {
  return ctx.tenant.switches.get().dpopNonce ? { 'DPoP-Nonce': ctx.tenant.dpopNonces.issue() } : {};
}

/**
 * The proof of a request to /oauth/token or /oauth/revoke: the key thumbprint of a valid proof,
 * undefined without a `DPoP` header; a refused proof is a 400 (with `DPoP-Nonce` for a nonce).
 */
export async function authorizationServerProof(ctx: RequestContext): Promise<string | undefined> {
  const proof = await checkDpopProof(ctx);
  if (proof.kind === 'refused')
    throw new HttpError(
      400,
      proof.error,
      proof.description,
      proof.nonce === undefined ? {} : { 'DPoP-Nonce': proof.nonce },
    );
  return proof.kind === 'valid' ? proof.jkt : undefined;
}
