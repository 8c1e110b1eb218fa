// Sign-in for the app: the authorization-code flow with PKCE for the interactive login, and
// checkSession (a hidden iframe, tokens passed by postMessage) for silent renewal.
import { WebAuth, type IdTokenPayload } from 'webauth-js';
import { CLIENT_ID, MANAGEMENT_AUDIENCE, SCOPE, TENANT } from './config.js';
import { randomString, s256 } from './pkce.js';

export interface Session {
  accessToken: string;
  /** Seconds the access token is valid for, from when it was issued. */
  expiresIn: number;
  /** The ID token's claims, verified (signature with the tenant's keys, issuer, audience, expiry, nonce). */
  claims: IdTokenPayload;
}

/** What the login redirect leaves in this tab for the callback route. */
interface PendingLogin {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

const PENDING_KEY = 'spa-example.pending-login';
// Scope and audience apply to /authorize and checkSession; the code exchange sends them too (as
// auth0-js 10 does) and the tenant ignores them there: the code carries its own grant.
const webAuth = new WebAuth({ domain: TENANT, clientID: CLIENT_ID, scope: SCOPE, audience: MANAGEMENT_AUDIENCE });
const callbackUrl = (): string => `${location.origin}/callback`;

/** Redirects to the tenant's login page; the tenant comes back to /callback with a code. */
export async function login(returnTo: string): Promise<void> {
  const pending: PendingLogin = {
    state: randomString(16),
    nonce: randomString(16),
    verifier: randomString(),
    returnTo,
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  webAuth.authorize({
    responseType: 'code',
    redirectUri: callbackUrl(),
    state: pending.state,
    nonce: pending.nonce,
    codeChallenge: await s256(pending.verifier),
    codeChallengeMethod: 'S256',
  });
}

/**
 * The /callback route: checks `state`, redeems the code with the verifier (POST /oauth/token) and
 * verifies the ID token, nonce included. Returns the session and the route the login started from.
 */
export async function handleCallback(query: URLSearchParams): Promise<{ session: Session; returnTo: string }> {
  const stored = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY); // one use, whatever happens next
  const pending = stored ? (JSON.parse(stored) as PendingLogin) : null;
  const error = query.get('error');
  if (error) throw Object.assign(new Error(query.get('error_description') ?? error), { code: error });
  if (!pending || query.get('state') !== pending.state) {
    throw Object.assign(new Error('This callback does not answer a login started in this tab.'), {
      code: 'invalid_state',
    });
  }
  const tokens = await webAuth.client.oauthToken({
    grantType: 'authorization_code',
    code: query.get('code') ?? '',
    codeVerifier: pending.verifier,
    redirectUri: callbackUrl(),
  });
  const claims = await webAuth.validateToken(tokens.idToken ?? '', pending.nonce);
  return {
    session: { accessToken: tokens.accessToken ?? '', expiresIn: Number(tokens.expiresIn), claims },
    returnTo: pending.returnTo,
  };
}

/** New tokens from the tenant session without leaving the page; `null` when there is no session. */
export async function renew(): Promise<Session | null> {
  try {
    // checkSession takes no `code` (as in auth0-js 10): tokens come back by postMessage, never in a URL.
    const result = await webAuth.checkSession({
      responseType: 'token id_token',
      redirectUri: `${location.origin}/`,
    });
    return {
      accessToken: result.accessToken ?? '',
      expiresIn: Number(result.expiresIn),
      claims: result.idTokenPayload as IdTokenPayload,
    };
  } catch (err) {
    if ((err as { error?: string }).error === 'login_required') return null;
    throw err;
  }
}

/** Ends the tenant session and comes back to the home route. */
export function logout(): void {
  webAuth.logout({ returnTo: `${location.origin}/` });
}
