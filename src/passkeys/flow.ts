/**
 * Passkey sign-up and sign-in (issue 48): the tenant's challenge, the browser's WebAuthn ceremony,
 * and the webauthn grant, whose answer is checked as a code exchange's is (the ID token's
 * signature, `iss`, `aud`, `exp`, `iat` with the leeway; no nonce: this grant has none) before
 * anything is kept. The refresh token (with `useRefreshTokens`) is kept only then, so a failed
 * call stores nothing.
 */
import type { AuthDone, WebAuthContext } from '../flow/context.js';
import { prefetchKeySet } from '../flow/key-set-prefetch.js';
import { finishTokenAnswer } from '../flow/token-answer.js';
import { invalidToken } from '../flow/validate-response.js';
import type { AnyObject } from '../shared/types.js';
import type { AuthResult } from '../types.js';
import type {
  PasskeyChallenge,
  PasskeyLoginOptions,
  PasskeySignupOptions,
  PasskeyTokenOptions,
  PasskeyTokenParams,
} from '../types/passkeys.js';
import { creationOptions, requestOptions, serializeCredential, type CeremonyKind } from './encoding.js';
import { ceremonyError, PasskeyError } from './passkey-error.js';
import { challengeBody, postJson, scopeOf, tokenBody } from './requests.js';

/** The page's `navigator.credentials`, or `passkey_not_supported` (no WebAuthn, or not a secure context). */
function webAuthn(ctx: WebAuthContext): CredentialsContainer {
  let page: AnyObject | undefined;
  try {
    page = ctx.env.window();
  } catch {
    page = undefined; // no page (server side)
  }
  if (!page?.PublicKeyCredential || !page.isSecureContext || !page.navigator?.credentials) {
    throw new PasskeyError(
      'passkey_not_supported',
      'Passkeys need a browser with WebAuthn and a secure context (https, or http://localhost)',
    );
  }
  return page.navigator.credentials as CredentialsContainer;
}

/** Asks the tenant for a challenge: `create` for a sign-up, `get` for a sign-in. */
async function challenge(ctx: WebAuthContext, kind: CeremonyKind, options: PasskeySignupOptions | undefined) {
  const signup = kind === 'create';
  options ??= {};
  const answer = await postJson(
    ctx,
    signup ? 'passkey/register' : 'passkey/challenge',
    challengeBody(ctx, options, signup),
  );
  if (typeof answer.auth_session !== 'string' || !answer.auth_session) {
    throw new PasskeyError('request_error', "The tenant's answer holds no passkey challenge (auth_session)");
  }
  const json = answer.authn_params_public_key;
  return { authSession: answer.auth_session, publicKey: signup ? creationOptions(json) : requestOptions(json) };
}

/**
 * `client.getSignupChallenge`: the tenant's `/passkey/register` for a new user, with its options
 * decoded for `navigator.credentials.create({ publicKey })`.
 */
export function getSignupChallenge(
  ctx: WebAuthContext,
  options: PasskeySignupOptions,
): Promise<PasskeyChallenge<PublicKeyCredentialCreationOptions>> {
  return challenge(ctx, 'create', options) as Promise<PasskeyChallenge<PublicKeyCredentialCreationOptions>>;
}

/** `client.getLoginChallenge`: `/passkey/challenge`, decoded for `navigator.credentials.get({ publicKey })`. */
export function getLoginChallenge(
  ctx: WebAuthContext,
  options: PasskeyLoginOptions | undefined,
): Promise<PasskeyChallenge<PublicKeyCredentialRequestOptions>> {
  return challenge(ctx, 'get', options) as Promise<PasskeyChallenge<PublicKeyCredentialRequestOptions>>;
}

/** Checks the grant's answer and resolves with the `authResult`, keeping its refresh token. */
function finish(ctx: WebAuthContext, body: AnyObject, o: PasskeyTokenParams, scope: string): Promise<AuthResult> {
  return new Promise((resolve, reject) => {
    const done: AuthDone = (err, result) => (err ? reject(err) : resolve(result!));
    // OpenID Connect Core 3.1.3.3: an `openid` answer carries an ID token; without one nothing is kept.
    if (!body.id_token && /(^| )openid( |$)/.test(scope)) {
      return done(invalidToken('ID token (id_token) missing from the token response to an openid request'));
    }
    const organization = o.organization || ctx.baseOptions.organization;
    finishTokenAnswer(ctx, body, { nonce: null, appState: null, organization, newSignIn: true }, done);
  });
}

/**
 * `client.getTokenWithPasskey`: the webauthn grant with the credential of a ceremony the app ran,
 * and its answer checked. `expected`: the kind of credential the calling flow made.
 */
export async function getTokenWithPasskey(
  ctx: WebAuthContext,
  options: PasskeyTokenOptions,
  expected?: CeremonyKind,
): Promise<AuthResult> {
  const o = options ?? ({} as PasskeyTokenOptions);
  if (typeof o.authSession !== 'string' || !o.authSession) {
    throw new PasskeyError('passkey_invalid_credential', 'authSession (the challenge it answers) is required');
  }
  const { json } = serializeCredential(o.credential, expected);
  prefetchKeySet(ctx); // the answer's ID token is verified with it: load it during the request
  const scope = scopeOf(ctx, o);
  const body = await postJson(ctx, 'oauth/token', tokenBody(ctx, o, o.authSession, json), true);
  return finish(ctx, body, o, scope);
}

/** Runs one whole ceremony: challenge, `navigator.credentials`, grant. */
async function ceremony(ctx: WebAuthContext, kind: CeremonyKind, options: PasskeySignupOptions): Promise<AuthResult> {
  const credentials = webAuthn(ctx); // before the challenge: a page that cannot use it asks for none
  const { authSession, publicKey } = await challenge(ctx, kind, options);
  let credential: Credential | null;
  try {
    credential = await (kind === 'create'
      ? credentials.create({ publicKey: publicKey as PublicKeyCredentialCreationOptions })
      : credentials.get({ publicKey: publicKey as PublicKeyCredentialRequestOptions }));
  } catch (cause) {
    throw ceremonyError(cause);
  }
  if (!credential) throw new PasskeyError('passkey_cancelled', 'The browser gave no passkey');
  return getTokenWithPasskey(ctx, { ...options, authSession, credential: credential as PublicKeyCredential }, kind);
}

/** `webAuth.passkey.signup`: a new user, a new passkey, and the `authResult` of their sign-in. */
export const signup = (ctx: WebAuthContext, options: PasskeySignupOptions): Promise<AuthResult> =>
  ceremony(ctx, 'create', options);

/** `webAuth.passkey.login`: a sign-in with a passkey the user already has (discoverable). */
export const login = (ctx: WebAuthContext, options: PasskeyLoginOptions | undefined): Promise<AuthResult> =>
  ceremony(ctx, 'get', options || {});
