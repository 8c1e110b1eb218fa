/**
 * DPoP proofs for the tenant's tests (RFC 9449 §4.2), made with jose the way a client makes them,
 * with knobs to make each kind of bad proof.
 */
import { createHash, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import type { RunningTenant } from '../server/server.js';
import type { Reply } from './test-client.js';
import { codeFor, postJson } from './test-client.js';

export interface DpopKey {
  readonly alg: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  /** RFC 7638 thumbprint of the public key: the `cnf.jkt` tokens bound to it carry. */
  readonly jkt: string;
}

export async function dpopKey(alg = 'ES256'): Promise<DpopKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return { alg, privateKey, publicJwk, jkt: await calculateJwkThumbprint(publicJwk, 'sha256') };
}

export interface ProofOptions {
  readonly htm?: string;
  readonly iat?: number;
  readonly jti?: string;
  readonly nonce?: string;
  /** The access token whose hash (`ath`) a resource request's proof carries. */
  readonly accessToken?: string;
  /** Replaces the public key in the header (e.g. another key's, or a private JWK). */
  readonly jwk?: JWK;
  readonly typ?: string;
}

/** A proof for `htu` (the full URL, as the client names it), signed by `key`. */
export function dpopProof(key: DpopKey, htu: string, opts: ProofOptions = {}): Promise<string> {
  const claims: Record<string, unknown> = {
    htm: opts.htm ?? 'POST',
    htu,
    jti: opts.jti ?? randomUUID(),
    iat: opts.iat ?? Math.floor(Date.now() / 1000),
  };
  if (opts.nonce !== undefined) claims['nonce'] = opts.nonce;
  if (opts.accessToken !== undefined) claims['ath'] = createHash('sha256').update(opts.accessToken).digest('base64url');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, typ: opts.typ ?? 'dpop+jwt', jwk: opts.jwk ?? key.publicJwk })
    .sign(key.privateKey);
}

/** POST /oauth/token with `body`, and a DPoP header when a proof is given. */
export function tokenRequest(
  tenant: Pick<RunningTenant, 'url'>,
  body: Record<string, unknown>,
  proof?: string,
): Promise<Reply> {
  return postJson(tenant, '/oauth/token', body, proof === undefined ? {} : { dpop: proof });
}

/** Alice's code flow (spa-client, offline_access) redeemed with a proof by `key`: the token answer. */
export async function dpopLogin(
  tenant: Pick<RunningTenant, 'url'>,
  key: DpopKey,
  extra: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const { code, redirectUri } = await codeFor(tenant, { scope: 'openid profile offline_access', ...extra });
  const reply = await tokenRequest(
    tenant,
    { grant_type: 'authorization_code', client_id: 'spa-client', code, redirect_uri: redirectUri },
    await dpopProof(key, `${tenant.url}/oauth/token`),
  );
  if (reply.status !== 200) throw new Error(`DPoP code exchange: ${reply.status} ${reply.text}`);
  return reply.json() as Record<string, unknown>;
}
