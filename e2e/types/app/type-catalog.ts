/**
 * Every other type @types/auth0-js exports, used the way apps use them: annotated constants,
 * function parameters and narrowing on the documented error codes.
 */
import * as auth0 from 'auth0-js';

export const baseAuthOptions: auth0.BaseAuthOptions = {
  clientID: 'c',
  responseType: 'token',
  redirectUri: 'https://app/cb',
  scope: 'openid',
  audience: 'a',
  state: 's',
  nonce: 'n',
  _csrf: 'x',
};
export const startAuthParams: auth0.PasswordlessStartAuthParams = { ...baseAuthOptions, responseMode: 'fragment' };
export const passwordlessAuth: auth0.PasswordlessAuthOptions = {
  connection: 'email',
  verificationCode: '1',
  phoneNumber: '+1',
  email: 'a@b.c',
};
export const loginOptions: auth0.LoginOptions = { username: 'u', password: 'p', scope: 'openid' };
export const defaultLogin: auth0.DefaultLoginOptions = { ...loginOptions, realm: 'db', audience: 'a' };
export const directoryLogin: auth0.DefaultDirectoryLoginOptions = { ...loginOptions, audience: 'a' };
export const roLogin: auth0.ResourceOwnerLoginOptions = { ...loginOptions, connection: 'db', device: 'd' };
export const delegation: auth0.DelegationOptions = {
  grant_type: 'g',
  client_id: 'c',
  id_token: 'i',
  refresh_token: 'r',
  target: 't',
  scope: 's',
  api_type: 'a',
};
export const authorizeUrl: auth0.AuthorizeUrlOptions = {
  redirectUri: 'https://app/cb',
  responseType: 'code',
  responseMode: 'form_post',
};
export const parseHashOptions: auth0.ParseHashOptions = { hash: '#', state: 's', nonce: 'n' };
export const tokenProvider: auth0.TokenProvider = { enableCache: true, cacheTTLInSeconds: 60 };
export const managementOptions: auth0.ManagementOptions = {
  domain: 'tenant.example.com',
  token: 't',
  tokenProvider,
  telemetry: false,
};
export const identity: auth0.Auth0Identity = { connection: 'github', isSocial: true, provider: 'github', user_id: '1' };
export const signupResults: auth0.DbSignUpResults = { email: 'a@b.c', emailVerified: false };
export const delegationToken: auth0.Auth0DelegationToken = { idToken: 'i', expiresIn: 60, tokenType: 'Bearer' };
export const challenge: auth0.Auth0Challenge = {
  type: 'code',
  image: 'data:image/svg+xml,',
  required: true,
  provider: 'auth0',
};
export const result: auth0.Auth0Result = {
  accessToken: 'a',
  expiresIn: 60,
  idToken: 'i',
  refreshToken: 'r',
  appState: { to: '/' },
};

/** The sub-clients, typed by their class names. */
export function subClients(webAuth: auth0.WebAuth): [auth0.PasswordlessAuthentication, auth0.DBConnection] {
  return [webAuth.client.passwordless, webAuth.client.dbConnection];
}

/** Error codes, as apps switch on them after silent authentication or parseHash. */
export function describeError(err: auth0.Auth0Error): string {
  const lib: auth0.LibErrorCodes = 'invalid_token';
  const spec: auth0.SpecErrorCodes = 'account_selection_required';
  const login: auth0.LoginRequiredErrorCode = 'login_required';
  const interaction: auth0.InteractionRequiredErrorCode = 'interaction_required';
  const consent: auth0.ConsentRequiredErrorCode = 'consent_required';
  switch (err.error) {
    case login:
    case interaction:
      return 'sign in again';
    case consent:
      return 'consent needed';
    case lib:
    case spec:
      return 'retry';
    default:
      return err.errorDescription ?? String(err.error_description ?? err.description);
  }
}

/** Provider-specific profiles extend the base profile. */
export function profileLabel(
  profile: auth0.MicrosoftUserProfile | auth0.Office365UserProfile | auth0.AdfsUserProfile,
): string {
  return `${profile.name} (${profile.sub})`;
}

/** Decoded hashes built by hand, e.g. in app tests. */
export function fakeHash(): auth0.Auth0DecodedHash {
  return {
    accessToken: 'a',
    idToken: 'i',
    idTokenPayload: { iss: 'https://tenant.example.com/', sub: 'auth0|1', aud: 'abc123', exp: 2, iat: 1 },
    appState: null,
    refreshToken: 'r',
    state: 's',
    expiresIn: 60,
    tokenType: 'Bearer',
    scope: 'openid',
  };
}

export function fakeError(): auth0.Auth0ParseHashError {
  return { error: 'login_required', errorDescription: 'Login required', state: 's' };
}
