/**
 * `validateAuthenticationResponse` and `validateToken`: state check against the stored
 * transaction, ID-token verification, organization and `at_hash` checks, and the v10 `authResult`.
 */
import { AuthResponseError } from '../errors.js';
import { trace, withHint } from '../shared/debug.js';
import { accessTokenHash, effectiveLeeway, verifyIdToken } from '../id-token/verify.js';
import { SsoDataStorage } from '../storage/sso-data-storage.js';
import type { AuthDone, RedirectContext } from './context.js';
import { keySetSource, keySetUrl } from './key-set-prefetch.js';
import type { IdTokenPayload, AuthResult, ValidateOptions } from '../types.js';

/**
 * The run-time shape of {@link AuthResult}: v10 sets every key, `null` for what is absent.
 * `buildResult` builds this and returns it under the declared (@types-compatible) type.
 */
interface AuthResultFields {
  accessToken: string | null;
  idToken: string | null;
  idTokenPayload: IdTokenPayload | null;
  appState: unknown;
  refreshToken: string | null;
  state: string | null;
  expiresIn: number | null;
  tokenType: string | null;
  scope: string | null;
}

/** A parsed authentication response (snake_case keys, as in the URL fragment or a `web_message`). */
export interface ParsedResponse {
  /** The access token. */
  access_token?: string | undefined;
  /** The ID token; verified when present. */
  id_token?: string | undefined;
  /** The refresh token. */
  refresh_token?: string | undefined;
  /** The transaction's `state`, checked against the expected one. */
  state?: string | undefined;
  /** Seconds until the access token expires (a string in a fragment). */
  expires_in?: string | number | undefined;
  /** Usually `Bearer`. */
  token_type?: string | undefined;
  /** The granted scopes. */
  scope?: string | undefined;
  /** Other response parameters (ignored). */
  [param: string]: any;
}

/** An `invalid_token` error with `errorDescription`. */
export const invalidToken = (errorDescription: string, cause?: unknown) =>
  new AuthResponseError({ error: 'invalid_token', errorDescription }, { cause });

/**
 * Verifies `token` against the instance's issuer, client and keys. Throws a `ConfigurationError`
 * synchronously for a bad `leeway`; rejects with an `Error` carrying v10's message otherwise.
 */
export function verifyToken(ctx: RedirectContext, token: string | undefined, nonce: string | null | undefined) {
  const o = ctx.baseOptions;
  const leeway = effectiveLeeway(o.leeway);
  return verifyIdToken(token, {
    issuer: o.token_issuer,
    audience: o.clientID,
    jwksUri: keySetUrl(ctx),
    source: keySetSource(ctx),
    leeway,
    maxAge: o.maxAge,
    clock: o.__clock ?? (() => new Date(ctx.env.now())),
    nonce,
  });
}

function checkOrganization(expected: string | undefined, payload: Record<string, unknown>): string | undefined {
  if (!expected) return undefined;
  // An `org_` prefix names the organization by id; anything else by name, which tokens carry lower-cased.
  const [claim, name, wanted] =
    expected.indexOf('org_') === 0
      ? ['org_id', 'Organization Id', expected]
      : ['org_name', 'Organization Name', expected.toLowerCase()];
  const value = payload[claim];
  if (!value) return `${name} (${claim}) claim must be a string present in the ID token`;
  if (value !== wanted) {
    return `${name} (${claim}) claim value mismatch in the ID token; expected "${expected}", found "${String(value)}"`;
  }
  return undefined;
}

const orNull = <T>(value: T | undefined): T | null => (value ? value : null);

function buildResult(parsed: ParsedResponse, payload: IdTokenPayload | null, appState: unknown): AuthResult {
  return {
    accessToken: orNull(parsed.access_token as string),
    idToken: orNull(parsed.id_token as string),
    idTokenPayload: payload,
    appState,
    refreshToken: orNull(parsed.refresh_token as string),
    state: orNull(parsed.state as string),
    expiresIn: parsed.expires_in ? parseInt(parsed.expires_in as string, 10) : null,
    tokenType: orNull(parsed.token_type as string),
    scope: orNull(parsed.scope as string),
  } satisfies AuthResultFields as AuthResult;
}

/** Validates a parsed response; see reference §10.2 for the exact order of checks. */
export function validateAuthenticationResponse(
  ctx: RedirectContext,
  options: ValidateOptions,
  parsed: ParsedResponse,
  cb: AuthDone,
): void {
  options.__enableIdPInitiatedLogin = options.__enableIdPInitiatedLogin || options.__enableImpersonation;
  const transaction =
    ctx.transactionManager.getStoredTransaction(parsed.state as string | undefined) ??
    ({} as Partial<Record<string, any>>);
  const expectedState = options.state || transaction.state || null;
  const stateBypass = !parsed.state && !expectedState && options.__enableIdPInitiatedLogin;
  trace(
    ctx.baseOptions.debug,
    'parseHash',
    expectedState === parsed.state || stateBypass ? 'state-matched' : 'state-mismatch',
    {
      transactionFound: !!transaction.state,
      responseHasState: !!parsed.state,
    },
  );
  if (expectedState !== parsed.state && !stateBypass) {
    return cb(invalidToken('`state` does not match.'));
  }
  validateTokens(
    ctx,
    parsed,
    {
      ...transaction,
      nonce: options.nonce || transaction.nonce || null,
      appState: options.state || transaction.appState || null,
    },
    stateBypass,
    cb,
  );
}

/** What {@link validateTokens} checks a response against (the transaction, as matched). */
export interface ExpectedTokens {
  nonce: string | null;
  appState: unknown;
  organization?: string | undefined;
  lastUsedConnection?: string | undefined;
}

/**
 * Verifies the response's ID token (nonce, organization, `at_hash`) and calls back with the
 * `authResult`. `trusted`: the ID token may lack a nonce (IdP-initiated login, or a refresh, whose
 * tokens come from the token endpoint); `backChannel`: the tokens came from the token endpoint
 * over TLS, so `at_hash` is not required (OIDC Core 3.1.3.6).
 */
export function validateTokens(
  ctx: RedirectContext,
  parsed: ParsedResponse,
  expected: ExpectedTokens,
  trusted: boolean | undefined,
  cb: AuthDone,
  backChannel?: boolean,
): void {
  const expectedNonce = expected.nonce;
  const finish = (payload: IdTokenPayload | null) => {
    if (expected.lastUsedConnection) {
      new SsoDataStorage(ctx.ssodataStore).set(expected.lastUsedConnection, payload?.sub);
    }
    cb(null, buildResult(parsed, payload, expected.appState));
  };
  if (!parsed.id_token) return finish(null);

  verifyToken(ctx, parsed.id_token as string, expectedNonce)
    .then(async (payload) => {
      // An ID token from the front channel is bound to this login by its nonce (OIDC Core 3.2.2.11);
      // without one expected (a transaction for a `token`-only login, say) it could come from
      // anywhere. Only the IdP-initiated opt-in, which has no transaction at all, goes without.
      // Checked after verification, so a broken token still gets v10's message for what is wrong.
      if (!expectedNonce && !trusted) {
        throw invalidToken('Nonce (nonce) is required to validate the ID token, but none was stored for this response');
      }
      const orgError = checkOrganization(expected.organization, payload);
      if (orgError) throw invalidToken(orgError);
      if (parsed.access_token && !backChannel) {
        // Required, unlike v10: without it a swapped access token would pass with a genuine ID token.
        if (typeof payload.at_hash !== 'string') {
          throw invalidToken(
            'Access Token Hash (at_hash) claim must be a string present in the ID token when an access token is returned',
          );
        }
        const hash = await accessTokenHash(ctx.env.subtle(), String(parsed.access_token));
        if (hash !== payload.at_hash) throw invalidToken('Invalid access_token');
      }
      return payload;
    })
    // Two-argument then: an exception thrown by the caller's callback must not call it again.
    .then(finish, (err: unknown) => cb(traceFailure(ctx, toInvalidToken(err))));
}

/** Adds the HS256 hint and traces the failed check by claim name only (messages may quote values). */
function traceFailure(ctx: RedirectContext, err: AuthResponseError): AuthResponseError {
  const text = String(err.errorDescription);
  withHint(err);
  trace(ctx.baseOptions.debug, 'idToken', 'rejected', { claim: /\((\w+)\)/.exec(text)?.[1] ?? null });
  return err;
}

function toInvalidToken(err: unknown): AuthResponseError {
  if (err instanceof AuthResponseError) return err;
  return invalidToken(err instanceof Error ? err.message : String(err), err);
}

/** Verifies an ID token alone (v10's `validateToken`). */
export function validateToken(
  ctx: RedirectContext,
  token: string,
  nonce: string | null,
  cb: (err: AuthResponseError | null, payload?: Record<string, unknown>) => void,
): void {
  verifyToken(ctx, token, nonce).then(
    (payload) => cb(null, payload),
    (err: unknown) => cb(toInvalidToken(err)),
  );
}
