/**
 * What auth0-js 10 has at runtime but @types/auth0-js@9.21.6 lacks (reference §16.2), and our
 * Promise forms. Compiled only against our declarations: it fails against @types, which also
 * proves tsconfig.json resolved 'auth0-js' to our files.
 */
import auth0, { Authentication, WebAuth, type Auth0Challenge, type AuthOptions } from 'auth0-js';

const options: AuthOptions = {
  domain: 'tenant.example.com',
  clientID: 'abc123',
  stateExpiration: 10,
  legacySameSiteCookie: false,
  organization: 'org_123',
  invitation: 'inv_456',
  transaction: { namespace: 'app.tx.', keyLength: 40 },
  __clock: () => new Date(),
};
const webAuth = new WebAuth(options);

export function v10Members(onChallenge: (c: Auth0Challenge | undefined) => void): void {
  console.log(webAuth.baseOptions.rootUrl, webAuth.transactionManager, webAuth.ssodataStorage);
  webAuth.validateAuthenticationResponse({ state: 's', nonce: 'n' }, { access_token: 'a', state: 's' }, (err, result) =>
    console.log(err, result),
  );
  webAuth.customTokenExchange({ subjectToken: 't', subjectTokenType: 'urn:acme:legacy' }, (err, tokens) =>
    console.log(err, tokens.accessToken),
  );
  webAuth.parseHash({ responseType: 'token' }, (err, result) => console.log(err, result));
  webAuth.logout();
  const client: Authentication = webAuth.client;
  client.getChallenge((err, challenge) => (err ? console.error(err) : onChallenge(challenge)));
  client.customTokenExchange({ subjectToken: 't', subjectTokenType: 'urn:acme:legacy', audience: 'a' }, (err, tokens) =>
    console.log(err, tokens),
  );
  client.passwordless.getChallenge((err, challenge) => console.log(err, challenge?.provider));
  client.dbConnection.getSignupChallenge((err, challenge) => console.log(err, challenge?.siteKey));
  client.dbConnection.getPasswordResetChallenge((err, challenge) => console.log(err, challenge?.required));
}

/** Without the callback, the same calls return Promises of the callback's result type. */
export async function promiseForms(accessToken: string): Promise<string> {
  const result: auth0.Auth0DecodedHash | null = await webAuth.parseHash();
  const profile: auth0.Auth0UserProfile = await webAuth.client.userInfo(accessToken);
  const tokens: auth0.Auth0Result = await webAuth.client.login({ username: 'u', password: 'p', realm: 'db' });
  const user = await new auth0.Management({ domain: 'tenant.example.com', token: accessToken }).getUser(profile.sub);
  return `${result?.state} ${tokens.accessToken} ${user.user_id}`;
}
