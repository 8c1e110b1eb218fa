/**
 * Access tokens for /api/v2 (`Bearer`, or `DPoP` with a proof for a DPoP-bound token): signature (through the tenant's own verifier, so every current
 * signing key counts), `iss`, `exp`, then `aud` = `${issuer}api/v2/`. Failures become 401s with a
 * specific errorCode; what the token may do (scopes, global client) is decided per route.
 */
import type { RequestContext } from '../http/types.js';
import type { TenantContext } from '../state/context.js';
import { scopesOf, verifyAccessToken } from '../protocol/tokens.js';
import { bindingFailure, dpopChallenge, presentedToken } from '../protocol/dpop-resource.js';
import { ManagementError, insufficientScope } from './errors.js';

export interface ApiToken {
  /** `sub`: a user id, or `<client_id>@clients` for a client-credentials token. */
  readonly subject: string;
  /** The client the token was issued to (`azp`, or the `sub` prefix of a client token). */
  readonly clientId: string | undefined;
  readonly kind: 'client' | 'user';
  readonly scopes: ReadonlySet<string>;
}

export type Authentication = { readonly token: ApiToken } | { readonly error: ManagementError };

const CLIENT_SUFFIX = '@clients';

/** `${issuer}api/v2/`, from the tenant model (the one place the Management API's audience is made). */
export function apiAudience(tenant: TenantContext): string {
  return tenant.model.managementAudience;
}

export function unauthorized(errorCode: string, message: string): ManagementError {
  return new ManagementError(401, errorCode, message, { 'WWW-Authenticate': `Bearer error="invalid_token"` });
}

/** jose error codes → the service's messages (signature and expiry have their own errorCode). */
function fromJoseError(err: unknown): ManagementError {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return unauthorized('invalid_signature', 'Invalid signature received for JSON Web Token validation');
    case 'ERR_JWT_EXPIRED':
      return unauthorized('token_expired', 'Expired token received for JSON Web Token validation');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return unauthorized('invalid_token', `Invalid token: ${(err as Error).message}`);
    default:
      return unauthorized('invalid_token', 'Invalid token');
  }
}

function audiences(aud: unknown): string[] {
  if (typeof aud === 'string') return [aud];
  return Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
}

export async function authenticate(ctx: RequestContext): Promise<Authentication> {
  const header = ctx.req.headers.authorization;
  if (header === undefined) return { error: unauthorized('missing_authentication', 'Missing authentication') };
  const presented = presentedToken(header);
  if (!presented) return { error: unauthorized('invalid_token', 'Bad HTTP authentication header format') };
  let payload: Awaited<ReturnType<typeof verifyAccessToken>>;
  try {
    payload = await verifyAccessToken(ctx.tenant, presented.token);
  } catch (err) {
    return { error: fromJoseError(err) };
  }
  const failure = await bindingFailure(ctx, presented, payload);
  if (failure) {
    return { error: new ManagementError(401, failure.error, failure.description, dpopChallenge(failure, false)) };
  }
  const aud = audiences(payload.aud);
  if (!aud.includes(apiAudience(ctx.tenant))) {
    return { error: unauthorized('invalid_token', `Bad audience: ${aud.join(' ') || '(none)'}`) };
  }
  // Only this tenant signs what gets here, but a non-string claim must still be a 401, not a crash.
  const subject = typeof payload.sub === 'string' ? payload.sub : '';
  if (subject === '') return { error: unauthorized('invalid_token', 'Invalid token: no subject') };
  const azp = typeof payload['azp'] === 'string' ? payload['azp'] : undefined;
  const isClient = payload['gty'] === 'client-credentials' || subject.endsWith(CLIENT_SUFFIX);
  const clientId = isClient && subject.endsWith(CLIENT_SUFFIX) ? subject.slice(0, -CLIENT_SUFFIX.length) : azp;
  if (isClient && (clientId === undefined || (azp !== undefined && azp !== clientId))) {
    return {
      error: unauthorized('invalid_token', 'Invalid token: the client of a client-credentials token is unclear'),
    };
  }
  return { token: { subject, clientId, kind: isClient ? 'client' : 'user', scopes: scopeSet(payload) } };
}

/**
 * The token's scopes, split once per verified payload: the verifier hands back the same frozen
 * object for the same token, and a global client's token carries hundreds of scopes.
 */
const scopeSets = new WeakMap<object, ReadonlySet<string>>();
function scopeSet(payload: Awaited<ReturnType<typeof verifyAccessToken>>): ReadonlySet<string> {
  let scopes = scopeSets.get(payload);
  if (!scopes) {
    scopes = scopesOf(typeof payload['scope'] === 'string' ? payload['scope'] : '');
    scopeSets.set(payload, scopes);
  }
  return scopes;
}

export function hasAnyScope(token: ApiToken, scopes: readonly string[]): boolean {
  return scopes.some((s) => token.scopes.has(s));
}

export function requireScope(token: ApiToken, expected: readonly string[], detail?: string): void {
  if (!hasAnyScope(token, expected)) throw insufficientScope(expected, detail);
}

/** The seed: the client that obtained the token must be a global client, else 401. */
export function requireGlobalClient(tenant: TenantContext, token: ApiToken): void {
  if (tenant.findClient(token.clientId)?.isGlobal !== true) {
    throw unauthorized(
      'client_not_global',
      `The client that obtained the token (${token.clientId ?? 'unknown'}) is not a global client.`,
    );
  }
}
