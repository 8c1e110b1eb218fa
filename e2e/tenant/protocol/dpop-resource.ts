/**
 * Access tokens at resource endpoints (/userinfo, the Management API): the `Authorization` scheme
 * (`Bearer`, or `DPoP` with a proof, RFC 9449 §7) and whether it fits the token's binding. A
 * DPoP-bound token (`cnf.jkt`) is refused as `Bearer`; a `DPoP` request needs a bound token and a
 * proof by its key that carries the token's hash (`ath`).
 */
import type { JWTPayload } from 'jose';
import type { RequestContext } from '../http/types.js';
import { checkDpopProof } from './dpop.js';

export interface PresentedToken {
  readonly scheme: 'Bearer' | 'DPoP';
  readonly token: string;
}

const AUTHORIZATION = /^(Bearer|DPoP) +([A-Za-z0-9._~+/-]+=*) *$/i;

/** The scheme and token of an `Authorization` header; undefined when it is missing or malformed. */
export function presentedToken(header: string | undefined): PresentedToken | undefined {
  const match = AUTHORIZATION.exec(header ?? '');
  if (!match?.[1] || !match[2]) return undefined;
  return { scheme: match[1].toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer', token: match[2] };
}

export interface BindingFailure {
  readonly error: 'invalid_token' | 'invalid_dpop_proof' | 'use_dpop_nonce';
  readonly description: string;
  /** With use_dpop_nonce: the nonce for `DPoP-Nonce`. */
  readonly nonce?: string;
}

function boundKey(payload: JWTPayload): string | undefined {
  const cnf = payload['cnf'];
  const jkt = typeof cnf === 'object' && cnf !== null ? (cnf as Record<string, unknown>)['jkt'] : undefined;
  return typeof jkt === 'string' ? jkt : undefined;
}

/** Checks a verified access token against the scheme it came with; undefined when they fit. */
export async function bindingFailure(
  ctx: RequestContext,
  presented: PresentedToken,
  payload: JWTPayload,
): Promise<BindingFailure | undefined> {
  const jkt = boundKey(payload);
  if (presented.scheme === 'Bearer') {
    return jkt === undefined
      ? undefined
      : { error: 'invalid_token', description: 'The access token is DPoP-bound: send it with the DPoP scheme.' };
  }
  if (jkt === undefined) return { error: 'invalid_token', description: 'The access token is not DPoP-bound.' };
  const proof = await checkDpopProof(ctx, presented.token);
  if (proof.kind === 'none') return { error: 'invalid_dpop_proof', description: 'A DPoP proof is required.' };
  if (proof.kind === 'refused')
    return { error: proof.error, description: proof.description, ...(proof.nonce ? { nonce: proof.nonce } : {}) };
  if (proof.jkt !== jkt)
    return { error: 'invalid_token', description: 'The DPoP proof is not signed by the key the token is bound to.' };
  return undefined;
}

/** `WWW-Authenticate` (and `DPoP-Nonce`) for a binding failure: the DPoP scheme's challenge. */
export function dpopChallenge(failure: BindingFailure, withDescription: boolean): Record<string, string> {
  const description = withDescription ? `, error_description="${failure.description.replace(/["\\]/g, '')}"` : '';
  return {
    'WWW-Authenticate': `DPoP error="${failure.error}"${description}`,
    ...(failure.nonce === undefined ? {} : { 'DPoP-Nonce': failure.nonce }),
  };
}
