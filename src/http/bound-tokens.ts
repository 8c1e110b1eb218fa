/**
 * The access tokens this page obtained with DPoP, so `client.userInfo` and `Management` present
 * them as `DPoP` with no change in the app. Only a map: the signing code is reached through the
 * stored factory, so clients that never see a bound token carry no DPoP code.
 */
import type { RequestSigner } from './request.js';

/** Makes the signer that presents one bound access token. */
export type BoundSignerFactory = (accessToken: string) => RequestSigner;

// Bounded: a long-lived page renews many times.
const bound = new Map<string, BoundSignerFactory>();
const MAX_BOUND_TOKENS = 20;

/** Remembers that `accessToken` is bound to the key behind `signerFor` (a `token_type: DPoP` answer). */
export function rememberBoundToken(accessToken: unknown, signerFor: BoundSignerFactory): void {
  if (typeof accessToken !== 'string' || !accessToken) return;
  bound.delete(accessToken);
  bound.set(accessToken, signerFor);
  if (bound.size > MAX_BOUND_TOKENS) bound.delete(bound.keys().next().value!);
}

/** Forgets every token bound through `signerFor` (its key is being cleared). */
export function forgetBoundTokens(signerFor: BoundSignerFactory): void {
  for (const [token, owner] of bound) if (owner === signerFor) bound.delete(token);
}

/** The signer for presenting `accessToken` when this page obtained it with DPoP, else undefined (Bearer). */
export function boundTokenSigner(accessToken: unknown): RequestSigner | undefined {
  return bound.get(accessToken as string)?.(accessToken as string);
}
