/**
 * Results read the way @types/auth0-js let apps read them: fields assigned to the declared types,
 * callbacks annotated with the library's types or with the app's own, `Auth0Callback<any>` handed
 * to every method, and the option types of not-yet-built members used as plain values.
 */
import * as auth0 from 'auth0-js';

const webAuth = new auth0.WebAuth({
  domain: 'tenant.example.com',
  clientID: 'abc123',
  response_type: 'token',
  tenant: 'tenant',
});
const management = new auth0.Management({
  domain: 'tenant.example.com',
  token: 't',
  clientId: 'c',
  clientSecret: 's',
  audience: 'a',
  scope: 'read:current_user',
  tokenProvider: { enableCache: false },
  telemetry: false,
});

/** The app's own shapes, as apps annotate callbacks whose @types result is `any`. */
interface LoginTokens {
  accessToken: string;
  expiresIn: number;
}
interface CreatedUser {
  email: string;
}

export function profileFields(profile: auth0.Auth0UserProfile): string[] {
  const ids: auth0.Auth0Identity[] = profile.identities;
  const clientID: string = profile.clientID;
  const created: string = profile.created_at;
  return [
    profile.name,
    profile.nickname,
    profile.picture,
    profile.user_id,
    clientID,
    created,
    profile.updated_at,
    profile.sub,
    ids[0]?.provider ?? '',
    String(profile.user_metadata),
    String(profile.app_metadata),
  ];
}

export function errorFields(err: auth0.Auth0Error): string {
  const code: string = err.error;
  const description: string | undefined = err.description;
  const httpCode: string | undefined = err.code;
  return `${code.toUpperCase()} ${description} ${httpCode} ${err.policy} ${err.statusCode} ${err.original}`;
}

export function handBuilt(): [auth0.Auth0Error, auth0.Auth0DecodedHash, auth0.Auth0DecodedHash, auth0.Auth0Result] {
  return [{ error: 'login_required' }, { idTokenPayload: null }, {}, {}];
}

export function annotatedCallbacks(): void {
  webAuth.client.login(
    { username: 'u', password: 'p', realm: 'db' },
    (err: auth0.Auth0Error | null, tokens: auth0.Auth0Result) => console.log(err, tokens.accessToken),
  );
  webAuth.client.login({ username: 'u', password: 'p', realm: 'db' }, (err, tokens: LoginTokens) =>
    console.log(err, tokens.expiresIn),
  );
  webAuth.client.login(
    { username: 'u', password: 'p', realm: 'db' },
    (err: auth0.Auth0Error | null, tokens: auth0.Auth0DecodedHash) => console.log(err, tokens.idToken),
  );
  webAuth.signup({ connection: 'db', email: 'a@b.c', password: 'x' }, (err, user: CreatedUser) =>
    console.log(err, user.email),
  );
  webAuth.signup({ connection: 'db', email: 'a@b.c', password: 'x' }, (err, user: auth0.DbSignUpResults) =>
    console.log(err, user.emailVerified),
  );
  webAuth.validateToken('id-token', 'nonce', (err: auth0.Auth0Error | null, payload: { sub: string; exp: number }) =>
    console.log(err, payload.sub),
  );
  webAuth.client.userInfo('at', (err, profile: auth0.Auth0UserProfile) => console.log(err, profile.user_id));
  management.getUser('auth0|1', (err, user: auth0.Auth0UserProfile) => console.log(err, user.identities));
  management.patchUserAttributes('auth0|1', { name: 'n' } as auth0.Auth0UserProfile, (err, user) =>
    console.log(err, user.name),
  );
}

/** One `Auth0Callback<any>` for every method that takes a callback. */
export function anyCallbacks(done: auth0.Auth0Callback<any>, redirect: auth0.Redirect): void {
  const client = webAuth.client;
  client.loginWithDefaultDirectory({ username: 'u', password: 'p' }, done);
  client.loginWithResourceOwner({ username: 'u', password: 'p', connection: 'db' }, done);
  client.oauthToken({ grantType: 'refresh_token', refreshToken: 'r' }, done);
  client.delegation({ grant_type: 'g' }, done);
  client.getUserCountry(done);
  client.passwordless.start({ connection: 'email', send: 'code', email: 'a@b.c' }, done);
  client.passwordless.verify({ connection: 'email', email: 'a@b.c', verificationCode: '1' }, done);
  client.dbConnection.signup({ connection: 'db', email: 'a@b.c', password: 'x' }, done);
  client.dbConnection.changePassword({ connection: 'db', email: 'a@b.c' }, done);
  webAuth.parseHash(done);
  webAuth.parseHash({ hash: '#' }, done);
  webAuth.validateToken('t', 'n', done);
  webAuth.signupAndAuthorize({ connection: 'db', email: 'a@b.c', password: 'x' }, done);
  webAuth.login({ username: 'u', password: 'p' }, done);
  webAuth.passwordlessVerify({ connection: 'sms', phoneNumber: '+1', verificationCode: '1' }, done);
  webAuth.passwordlessLogin({ connection: 'sms', phoneNumber: '+1', verificationCode: '1' }, done);
  webAuth.crossOriginAuthentication.login({ username: 'u', password: 'p' }, done);
  redirect.loginWithCredentials({ scope: 'openid' }, done);
  redirect.signupAndLogin({ email: 'a@b.c', password: 'x', connection: 'db' }, done);
  management.getUser('auth0|1', done);
  management.patchUserMetadata('auth0|1', { theme: 'dark' }, done);
  management.patchUserAttributes('auth0|1', {} as auth0.Auth0UserProfile, done);
  management.linkUser('auth0|1', 'id-token', done);
}

/** App interfaces passed where @types took `any` or its own types. */
interface Preferences {
  theme: string;
}
interface SignupForm {
  connection: string;
  email: string;
  password: string;
}
export function interfaceTypedArguments(prefs: Preferences, form: SignupForm): void {
  management.patchUserMetadata('auth0|1', prefs, (err) => console.log(err));
  webAuth.signup(form, (err) => console.log(err));
  webAuth.changePassword(form, (err) => console.log(err));
}

/** The option and result types of members not built yet, used as values (they exist as types). */
export const plannedTypes = {
  checkSession: { usePostMessage: true, scope: 'openid' } satisfies auth0.CheckSessionOptions,
  renewAuth: { usePostMessage: true, postMessageDataType: 'x', timeout: 1 } satisfies auth0.RenewAuthOptions,
  captchaConfig: { lang: 'es', templates: { error: (e: Error) => e.message } } satisfies auth0.CatpchaConfiguration,
  notFound: { sso: false } satisfies auth0.SsoDataResult,
  found: {
    sso: true,
    lastUsedClientID: 'abc123',
    lastUsedConnection: { name: 'db', strategy: 'auth0' },
    lastUsedUserID: 'auth0|1',
    lastUsedUsername: 'ana',
    sessionClients: ['abc123'],
  } satisfies auth0.SsoSessionFoundResult,
  done: ((err) => console.log(err?.error)) satisfies auth0.DoneCallback,
};
export function useCaptcha(
  captcha: auth0.Captcha,
  templates: auth0.CaptchaTemplates,
  none: auth0.SsoSessionNotFoundResult,
): string {
  captcha.reload(() => {});
  return captcha.getValue() + templates.error(new Error('x')) + String(none.sso);
}
