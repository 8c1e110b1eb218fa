/**
 * An embedded login form (database, passwordless, signup), written the way @types/auth0-js users
 * write it: the default import, option objects annotated with the library's names.
 */
import auth0 from 'auth0-js';

const webAuth = new auth0.WebAuth({
  domain: 'tenant.example.com',
  clientID: 'abc123',
  redirectUri: 'https://app.example.com/callback',
  responseType: 'token id_token',
});

type ShowError = (message: string) => void;

/** Logs errors the way apps do: every field the community declarations name. */
function report(err: auth0.Auth0Error, show: ShowError): void {
  show(`${err.error} ${err.errorDescription} ${err.error_description} ${err.code} ${err.description} ${err.name}`);
  console.error(err.policy, err.original, err.statusCode, err.statusText);
}

export function loginWithPassword(username: string, password: string, show: ShowError): void {
  const loginOptions: auth0.CrossOriginLoginOptions = {
    username,
    password,
    realm: 'Username-Password-Authentication',
    redirectUri: 'https://app.example.com/callback',
    responseType: 'token id_token',
    responseMode: 'fragment',
    scope: 'openid profile',
    audience: 'https://api.example.com/',
    state: 'state',
    nonce: 'nonce',
    onRedirecting: (done) => done(),
  };
  webAuth.login(loginOptions, (err) => {
    if (err) report(err, show);
  });
}

export function loginWithEmail(email: string, password: string, show: ShowError): void {
  webAuth.login({ email, password }, (err: auth0.Auth0Error | null) => err && report(err, show));
}

export function signUp(email: string, password: string, show: ShowError): void {
  const signupOptions: auth0.DbSignUpOptions = {
    connection: 'Username-Password-Authentication',
    email,
    password,
    username: 'ana',
    scope: 'openid',
    userMetadata: { plan: 'pro' },
  };
  webAuth.signup(signupOptions, (err, result) => (err ? report(err, show) : console.log(result)));
  webAuth.signupAndAuthorize(signupOptions, (err, tokens) =>
    err ? report(err, show) : console.log(tokens.accessToken),
  );
}

export function resetPassword(email: string, show: ShowError): void {
  const changeOptions: auth0.ChangePasswordOptions = { connection: 'Username-Password-Authentication', email };
  webAuth.changePassword(changeOptions, (err, message) => (err ? report(err, show) : show(message)));
}

export function sendCode(email: string, show: ShowError): void {
  const startOptions: auth0.PasswordlessStartOptions = {
    connection: 'email',
    send: 'code',
    email,
    authParams: {
      scope: 'openid',
      responseType: 'token',
      responseMode: 'fragment',
      redirectUri: 'https://app.example.com/callback',
      state: 's',
      nonce: 'n',
    },
  };
  webAuth.passwordlessStart(startOptions, (err, res) => (err ? report(err, show) : console.log(res)));
  webAuth.passwordlessStart(
    { connection: 'sms', send: 'link', phoneNumber: '+15550100' },
    (err) => err && report(err, show),
  );
}

export function verifyCode(email: string, code: string, show: ShowError): void {
  const verifyOptions: auth0.PasswordlessVerifyOptions = {
    connection: 'email',
    email,
    verificationCode: code,
    send: 'code',
    responseMode: 'fragment',
  };
  webAuth.passwordlessVerify(verifyOptions, (err) => err && report(err, show));
  const loginOptions: auth0.PasswordlessLoginOptions = {
    connection: 'sms',
    phoneNumber: '+15550100',
    verificationCode: code,
  };
  webAuth.passwordlessLogin(loginOptions, (err) => err && report(err, show));
}

/** The cross-origin verification page: nothing but this call. */
export function crossOriginPage(): void {
  webAuth.crossOriginVerification();
  webAuth.crossOriginAuthenticationCallback();
}

/** Callback-style code written once against Auth0Callback<any>, passed to several methods. */
export function genericCallbacks(show: ShowError): void {
  const done: auth0.Auth0Callback<any> = (err, result) => (err ? report(err, show) : console.log(result));
  webAuth.changePassword({ connection: 'db', email: 'ana@example.com' }, done);
  webAuth.signup({ connection: 'db', email: 'ana@example.com', password: 'x' }, done);
  webAuth.passwordlessStart({ connection: 'email', send: 'link', email: 'ana@example.com' }, done);
  webAuth.client.login({ username: 'ana', password: 'x', realm: 'db' }, done);
  webAuth.client.userInfo('access-token', done);
}

/** The older redirect helpers and the cross-origin object, as v10 apps still call them. */
export function redirectFlows(): void {
  const redirect: auth0.Redirect = webAuth.redirect;
  const credentials = { username: 'ana', password: 'x', connection: 'db', scope: 'openid', responseType: 'token' };
  redirect.loginWithCredentials(credentials, (err) => console.log(err));
  redirect.signupAndLogin({ email: 'a@b.c', password: 'x', connection: 'db', userMetadata: { plan: 'pro' } }, (err) =>
    console.log(err),
  );
  const coa: auth0.CrossOriginAuthentication = webAuth.crossOriginAuthentication;
  coa.login({ username: 'ana', password: 'x' }, (err) => console.log(err));
  coa.callback();
}
