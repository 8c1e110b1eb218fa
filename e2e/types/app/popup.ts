/**
 * The webAuth.popup helpers, as @types/auth0-js users call them. Not built yet (see
 * silent-authentication.ts for how this directory is compiled). Move into app/ when WebAuth has
 * `popup`.
 */
import * as auth0 from 'auth0-js';

const webAuth = new auth0.WebAuth({
  domain: 'tenant.example.com',
  clientID: 'abc123',
  redirectUri: 'https://app/popup',
  responseType: 'token id_token',
});

export function popupFlows(): void {
  const popup: auth0.Popup = webAuth.popup;
  popup.preload({ width: 400 });
  popup.preload({ popupOptions: { width: 400, height: 600 } });
  popup.authorize(
    {
      domain: 'tenant.example.com',
      clientId: 'abc123',
      connection: 'google-oauth2',
      redirectUri: 'https://app/popup',
      responseType: 'token id_token',
      responseMode: 'fragment',
      state: 's',
      nonce: 'n',
      scope: 'openid profile',
      audience: 'https://api/',
      owp: true,
    },
    (err, res: auth0.Auth0Result) =>
      console.log(err?.description, res.accessToken, res.idToken, res.expiresIn, res.refreshToken, res.appState),
  );
  popup.authorize(
    { domain: 'tenant.example.com', redirectUri: 'https://app/popup', responseType: 'token' },
    (err, res) => console.log(err, res.accessToken),
  );
  popup.loginWithCredentials(
    { redirectUri: 'https://app/popup', responseType: 'token', responseMode: 'fragment', scope: 'openid' },
    (err, res) => console.log(err, res),
  );
  popup.passwordlessVerify({ type: 'email', email: 'a@b.c', connection: 'email', verificationCode: '1' }, (err, res) =>
    console.log(err, res),
  );
  popup.passwordlessVerify(
    { type: 'sms', phoneNumber: '+15550100', connection: 'sms', verificationCode: '1' },
    (err, res) => console.log(err, res),
  );
  popup.signupAndLogin({ email: 'a@b.c', password: 'x', connection: 'db', userMetadata: { plan: 'pro' } }, (err, res) =>
    console.log(err, res),
  );
  const onResult: auth0.Auth0Callback<any> = (err, res) => console.log(err, res);
  popup.loginWithCredentials({}, onResult);
}

/** The popup's callback page. */
export function popupCallbackPage(): void {
  webAuth.popup.callback({ hash: location.hash });
  webAuth.popup.callback({ hash: location.hash, state: 's', nonce: 'n', _idTokenVerification: 'true' });
}
