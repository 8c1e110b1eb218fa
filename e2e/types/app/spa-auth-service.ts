/**
 * The quick-start single-page-app service, written the way @types/auth0-js users write it:
 * a namespace import, annotated options and callbacks, redirect login and logout.
 */
import * as auth0 from 'auth0-js';

const options: auth0.AuthOptions = {
  domain: 'tenant.example.com',
  clientID: 'abc123',
  redirectUri: 'https://app.example.com/callback',
  responseType: 'token id_token',
  responseMode: 'fragment',
  scope: 'openid profile email',
  audience: 'https://api.example.com/',
  cookieDomain: '.example.com',
  maxAge: 3600,
  leeway: 30,
  jwksURI: 'https://tenant.example.com/.well-known/jwks.json',
  overrides: {
    __tenant: 'tenant',
    __token_issuer: 'https://tenant.example.com/',
    __jwks_uri: 'https://tenant.example.com/keys',
  },
  plugins: [],
  popupOrigin: 'https://app.example.com',
  protocol: 'oauth2',
  state: 'fixed-state',
  _csrf: 'csrf',
  _intstate: 'deprecated',
  _timesToRetryFailedRequests: 2,
  _disableDeprecationWarnings: true,
  _sendTelemetry: false,
  _telemetryInfo: { name: 'my-app', version: '1.0.0' },
  __tryLocalStorageFirst: true,
  universalLoginPage: false,
};

interface Session {
  accessToken: string;
  idToken: string;
  expiresAt: number;
  userId: string;
}

export class AuthService {
  readonly webAuth: auth0.WebAuth = new auth0.WebAuth(options);
  session: Session | null = null;
  profile: auth0.Auth0UserProfile | null = null;
  lastError: auth0.Auth0Error | null = null;

  login(connection?: string): void {
    const authorizeOptions: auth0.AuthorizeOptions = {
      connection,
      prompt: 'login',
      login_hint: 'ana@example.com',
      screen_hint: 'signup',
      mode: 'login',
      language: 'es',
      connection_scope: ['repo', 'gist'],
      accessType: 'offline',
      approvalPrompt: 'force',
      organization: 'org_123',
      invitation: 'inv_456',
      appState: { returnTo: location.pathname },
    };
    this.webAuth.authorize(authorizeOptions);
  }

  loginWithDefaults(): void {
    this.webAuth.authorize();
  }

  handleAuthentication(): Promise<auth0.Auth0DecodedHash | null> {
    return new Promise((resolve, reject) => {
      this.webAuth.parseHash(
        { hash: window.location.hash, _idTokenVerification: true, __enableIdPInitiatedLogin: true },
        (err, authResult) => {
          if (err) {
            this.lastError = err;
            reject(new Error(`${err.error}: ${err.errorDescription ?? ''} (state ${err.state ?? 'none'})`));
            return;
          }
          if (authResult && authResult.accessToken && authResult.idToken) this.setSession(authResult);
          resolve(authResult);
        },
      );
    });
  }

  /** The named callback type, as a method reference. */
  handleWithNamedCallback(): void {
    const onHash: auth0.Auth0Callback<auth0.Auth0DecodedHash | null, auth0.Auth0ParseHashError> = (err, result) => {
      if (err) console.error(err.error, err.error_description, err.state);
      else if (result) console.log(result.state, result.tokenType, result.scope, result.refreshToken, result.appState);
    };
    this.webAuth.parseHash(onHash);
  }

  /** Fully annotated parameters, the other common style. */
  handleWithAnnotatedParameters(): void {
    this.webAuth.parseHash((err: auth0.Auth0ParseHashError | null, result: auth0.Auth0DecodedHash | null) => {
      if (err) return console.error(err);
      if (result?.accessToken) this.loadProfile(result.accessToken);
    });
  }

  private setSession(authResult: auth0.Auth0DecodedHash): void {
    this.session = {
      accessToken: authResult.accessToken || '',
      idToken: authResult.idToken!,
      expiresAt: (authResult.expiresIn || 0) * 1000 + Date.now(),
      userId: authResult.idTokenPayload?.sub ?? '',
    };
  }

  loadProfile(accessToken: string): void {
    this.webAuth.client.userInfo(accessToken, (err, profile) => {
      if (err) {
        this.lastError = err;
        return;
      }
      this.profile = profile;
      console.log(
        profile.sub,
        profile.name,
        profile.email,
        profile.email_verified,
        profile.picture,
        profile.updated_at,
      );
    });
  }

  verifyIdToken(idToken: string, nonce: string): void {
    this.webAuth.validateToken(idToken, nonce, (err, payload) => {
      if (!err) console.log(payload.sub, payload.exp);
    });
  }

  logout(): void {
    this.session = null;
    this.webAuth.logout({ returnTo: 'https://app.example.com/', clientID: 'abc123', federated: true });
  }

  logoutUrl(): string {
    const logoutOptions: auth0.LogoutOptions = { returnTo: 'https://app.example.com/' };
    return this.webAuth.client.buildLogoutUrl(logoutOptions) + this.webAuth.client.buildLogoutUrl();
  }

  isAuthenticated(): boolean {
    return this.session !== null && Date.now() < this.session.expiresAt;
  }
}

export const libraryVersion: string = auth0.version.raw;
