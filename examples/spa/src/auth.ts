// Sign-in for the app, all by the library: the authorization-code flow with PKCE (`usePKCE`) and
// rotating refresh tokens kept in localStorage (`useRefreshTokens`, `cacheLocation`), so a reload
// stays signed in even when the browser blocks the tenant's cookie in iframes.
import { WebAuth, type AuthResult, type IdTokenPayload } from 'webauth-js';
import { API_AUDIENCE, CLIENT_ID, MANAGEMENT_AUDIENCE, MANAGEMENT_SCOPE, SCOPE, TENANT } from './config.js';

export interface Session {
  /** For the app's API (and /userinfo). */
  accessToken: string;
  /** Seconds the access token is valid for, from when it was issued. */
  expiresIn: number;
  /** The ID token's claims, verified (signature with the tenant's keys, issuer, audience, expiry, nonce). */
  claims: IdTokenPayload;
}

/** What a login carries through the tenant and back (as `appState`). */
interface LoginState {
  returnTo: string;
  /** The login asked for a Management API token rather than the app's API. */
  management?: boolean;
}

const webAuth = new WebAuth({
  domain: TENANT,
  clientID: CLIENT_ID,
  responseType: 'code',
  redirectUri: `${location.origin}/callback`,
  scope: SCOPE,
  audience: API_AUDIENCE,
  usePKCE: true,
  useRefreshTokens: true,
  cacheLocation: 'localstorage',
});

const toSession = (result: AuthResult): Session => ({
  accessToken: result.accessToken ?? '',
  expiresIn: Number(result.expiresIn),
  claims: result.idTokenPayload as IdTokenPayload,
});

/** Redirects to the tenant's login page; the tenant comes back to /callback with a code. */
export function login(returnTo: string): void {
  webAuth.authorize({ appState: { returnTo } satisfies LoginState });
}

/**
 * Redirects for a Management API token (current-user scopes). The tenant session signs the user in
 * without a form; the Management API allows no offline access, so the refresh token stays the app's.
 */
export function authorizeManagement(returnTo: string): void {
  webAuth.authorize({
    audience: MANAGEMENT_AUDIENCE,
    scope: MANAGEMENT_SCOPE,
    appState: { returnTo, management: true } satisfies LoginState,
  });
}

/**
 * The /callback route: the library checks `state`, redeems the code with its verifier and verifies
 * the ID token (nonce included). Returns the session, the route the login started from and, for a
 * Management login, its access token.
 */
export async function handleCallback(): Promise<{ session: Session; returnTo: string; managementToken?: string }> {
  const result = await webAuth.parseHash();
  if (!result) {
    throw Object.assign(new Error('This callback does not answer a login started in this tab.'), {
      code: 'invalid_state',
    });
  }
  const { returnTo = '/', management = false } = (result.appState ?? {}) as Partial<LoginState>;
  const session = toSession(result);
  return management ? { session, returnTo, managementToken: session.accessToken } : { session, returnTo };
}

/**
 * New tokens without leaving the page, by the refresh token (no iframe, no third-party cookie);
 * `null` when none is held or the tenant refuses it.
 */
export async function renew(): Promise<Session | null> {
  try {
    return toSession(await webAuth.checkSession({}));
  } catch (err) {
    if ((err as { error?: string }).error === 'login_required') return null;
    throw err;
  }
}

/** Revokes the refresh token, ends the tenant session and comes back to the home route. */
export function logout(): void {
  webAuth.logout({ returnTo: `${location.origin}/` });
}
