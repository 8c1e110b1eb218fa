/**
 * checkSession and renewAuth, as @types/auth0-js users call them. Not built yet: compiled against
 * @types/auth0-js (tsconfig.reference.json) and against our declarations plus the planned
 * signatures (tsconfig.not-built.json). Move into app/ when WebAuth has the two methods.
 */
import * as auth0 from 'auth0-js';

const webAuth = new auth0.WebAuth({
  domain: 'tenant.example.com',
  clientID: 'abc123',
  redirectUri: 'https://app/cb',
  responseType: 'token id_token',
});

export function checkSession(): void {
  const checkOptions: auth0.CheckSessionOptions = {
    scope: 'openid profile',
    audience: 'https://api/',
    usePostMessage: true,
    connection: 'github',
    prompt: 'none',
    state: 's',
    nonce: 'n',
    redirectUri: 'https://app/silent',
    responseType: 'token id_token',
    organization: 'org_1',
  };
  webAuth.checkSession(checkOptions, (err: auth0.Auth0Error | null, authResult: auth0.Auth0DecodedHash) => {
    if (err?.error === 'login_required') webAuth.authorize();
    else if (err) console.log(err.error, err.error_description, err.errorDescription, err.code, err.description);
    else console.log(authResult.accessToken, authResult.idTokenPayload.sub, authResult.expiresIn);
  });
  webAuth.checkSession({}, (err, result) => console.log(err?.error, result.accessToken));
  const onSession: auth0.Auth0Callback<any> = (err, result) => console.log(err, result);
  webAuth.checkSession({ responseType: 'token' }, onSession);
}

export function renewAuth(): void {
  const renewOptions: auth0.RenewAuthOptions = {
    domain: 'tenant.example.com',
    clientID: 'abc123',
    redirectUri: 'https://app/silent',
    responseType: 'token',
    responseMode: 'fragment',
    state: 's',
    nonce: 'n',
    scope: 'openid',
    audience: 'https://api/',
    usePostMessage: true,
    postMessageDataType: 'auth0:silent',
    postMessageOrigin: 'https://app',
    timeout: 5000,
  };
  webAuth.renewAuth(renewOptions, (err, result) => console.log(err?.error, result));
  webAuth.renewAuth({}, (err: auth0.Auth0Error | null, result: auth0.Auth0DecodedHash) =>
    console.log(err, result.accessToken),
  );
}
