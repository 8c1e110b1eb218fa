/**
 * The Authentication and Management clients, written the way @types/auth0-js users write them:
 * named imports, callbacks typed with Auth0Callback, results assigned to the library's types.
 */
import {
  Authentication,
  Management,
  WebAuth,
  type Auth0Callback,
  type Auth0DelegationToken,
  type Auth0Identity,
  type Auth0UserProfile,
} from 'auth0-js';
import type { AuthOptions, DbSignUpResults, ManagementOptions } from 'auth0-js';

const authOptions: AuthOptions = { domain: 'tenant.example.com', clientID: 'abc123' };
const auth = new Authentication(authOptions);
const client: Authentication = new WebAuth(authOptions).client;

export function tokenGrants(): void {
  auth.login(
    {
      username: 'ana',
      password: 'x',
      realm: 'Username-Password-Authentication',
      scope: 'openid',
      audience: 'https://api/',
    },
    (err, tokens) => {
      if (!err) console.log(tokens.accessToken, tokens.idToken, tokens.expiresIn);
    },
  );
  client.loginWithDefaultDirectory(
    { username: 'ana', password: 'x', audience: 'https://api/', scope: 'openid' },
    (err, res) => console.log(err, res),
  );
  client.loginWithResourceOwner(
    { username: 'ana', password: 'x', connection: 'db', device: 'phone', scope: 'openid' },
    (err, res) => console.log(err, res),
  );
  client.oauthToken(
    { grantType: 'authorization_code', code: 'c', redirectUri: 'https://app/cb', codeVerifier: 'v' },
    (err, res) => console.log(err, res),
  );
  client.oauthToken({ grantType: 'refresh_token', refreshToken: 'r' }, (err, res) => console.log(err, res));
}

export function urls(): string[] {
  return [
    auth.buildAuthorizeUrl({
      clientID: 'abc123',
      redirectUri: 'https://app/cb',
      responseType: 'code',
      responseMode: 'query',
      state: 's',
      nonce: 'n',
      scope: 'openid',
      audience: 'https://api/',
    }),
    auth.buildLogoutUrl({ returnTo: 'https://app/', clientID: 'abc123', federated: true }),
    auth.buildLogoutUrl(),
    auth.passwordless.buildVerifyUrl({
      connection: 'email',
      email: 'ana@example.com',
      verificationCode: '123456',
      redirectUri: 'https://app/cb',
      responseType: 'token',
    }),
  ];
}

export function otherCalls(): void {
  const onProfile: Auth0Callback<Auth0UserProfile> = (err, profile) => console.log(err?.description, profile.sub);
  auth.userInfo('access-token', onProfile);
  const onDelegation: Auth0Callback<Auth0DelegationToken> = (err, token) =>
    console.log(err, token.idToken, token.expiresIn, token.tokenType);
  auth.delegation(
    {
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      id_token: 'id',
      target: 'other',
      scope: 'openid',
      api_type: 'app',
    },
    onDelegation,
  );
  auth.getUserCountry((err, result) => console.log(err, result.countryCode));
  auth.passwordless.start({ connection: 'email', send: 'code', email: 'ana@example.com' }, (err, res) =>
    console.log(err, res),
  );
  auth.passwordless.verify({ connection: 'email', email: 'ana@example.com', verificationCode: '1' }, (err, res) =>
    console.log(err, res),
  );
  auth.dbConnection.signup(
    { connection: 'db', email: 'ana@example.com', password: 'x' },
    (err, result: DbSignUpResults) => {
      if (!err) console.log(result.email, result.emailVerified);
    },
  );
  auth.dbConnection.changePassword({ connection: 'db', email: 'ana@example.com' }, (err, res) => console.log(err, res));
}

const managementOptions: ManagementOptions = { domain: 'tenant.example.com', token: 'access-token' };
const management = new Management(managementOptions);

export class ProfileStore {
  email: string | undefined;
  metadata: unknown;
  identities: Auth0Identity[] = [];

  load(userId: string): void {
    management.getUser(userId, (err, user) => {
      if (err) return console.error(err.statusCode, err.description);
      this.email = user.email;
      this.metadata = user.user_metadata;
      console.log(user.user_id, user.identities, user.app_metadata);
    });
  }

  saveTheme(userId: string, theme: string): void {
    management.patchUserMetadata(userId, { theme }, (err, user) => {
      if (!err) this.metadata = user.user_metadata;
    });
  }

  rename(userId: string, user: Auth0UserProfile): void {
    management.patchUserAttributes(userId, user, (err, updated) => {
      if (!err) this.email = updated.email;
    });
  }

  link(userId: string, secondaryIdToken: string): void {
    management.linkUser(userId, secondaryIdToken, (err, identities) => {
      if (!err) this.identities = identities;
    });
  }
}
