/**
 * Calls of @types/auth0-js users that webauth-js does not implement yet (COMPATIBILITY "Not yet
 * implemented"): silent authentication, the popup helpers and SSO data. Compiled only against @types/auth0-js (tsconfig.reference.json); move a block into
 * app/ when its feature lands, so it is then checked against our declarations too.
 */
import * as auth0 from 'auth0-js';

const webAuth = new auth0.WebAuth({ domain: 'tenant.example.com', clientID: 'abc123', redirectUri: 'https://app/cb', responseType: 'token id_token' });

export function silentAuthentication(): void {
  const checkOptions: auth0.CheckSessionOptions = { scope: 'openid', audience: 'https://api/', usePostMessage: true };
  webAuth.checkSession(checkOptions, (err: auth0.Auth0Error | null, authResult: auth0.Auth0DecodedHash) => {
    if (err?.error === 'login_required') webAuth.authorize();
    else console.log(authResult.accessToken);
  });
  const renewOptions: auth0.RenewAuthOptions = { usePostMessage: true, postMessageDataType: 'auth0:silent', postMessageOrigin: 'https://app', timeout: 5000 };
  webAuth.renewAuth(renewOptions, (err, result) => console.log(err, result));
}

export function ssoData(): void {
  webAuth.client.getSSOData((err, data) => {
    if (!err && data?.sso) console.log(data.lastUsedConnection.name, data.lastUsedUserID, data.sessionClients);
  });
  webAuth.client.getSSOData(true, (err, data: auth0.SsoDataResult | undefined) => console.log(err, data));
  const found: auth0.SsoSessionFoundResult | auth0.SsoSessionNotFoundResult = { sso: false };
  console.log(found);
}

export function popupFlows(): void {
  const popup: auth0.Popup = webAuth.popup;
  popup.preload({ width: 400 });
  popup.authorize({ domain: 'tenant.example.com', redirectUri: 'https://app/popup', responseType: 'token', owp: true }, (err, res: auth0.Auth0Result) => console.log(err, res.accessToken));
  popup.loginWithCredentials({ redirectUri: 'https://app/popup', responseType: 'token', scope: 'openid' }, (err, res) => console.log(err, res));
  popup.passwordlessVerify({ type: 'email', email: 'a@b.c', connection: 'email', verificationCode: '1' }, (err, res) => console.log(err, res));
  popup.signupAndLogin({ email: 'a@b.c', password: 'x', connection: 'db' }, (err, res) => console.log(err, res));
  popup.callback({ hash: location.hash });
}
