/** `Authentication`: the Authentication API client (`webAuth.client`). */
import { defaultEnv, type BrowserEnv } from '../browser/env';
import { sendRequest, type HttpClientOptions, type RequestHandle } from '../http/request';
import { wrapCallback } from '../http/response-handler';
import { telemetryFor } from '../http/telemetry';
import { checkValue } from '../shared/assert';
import { callbackOrPromise, type NodeCallback } from '../shared/callback';
import { joinUrl } from '../shared/query';
import { customEnvironment } from '../web-auth/injection';
import { rootUrlFor, validateAuthenticationOptions, type AuthenticationOptions } from './options';
import { buildAuthorizeUrl, buildLogoutUrl, type UrlContext } from './urls';

/** The user profile `/userinfo` returns. */
export interface UserProfile {
  sub: string;
  [claim: string]: unknown;
}

/**
 * Client for the Authentication API. Usually reached as `webAuth.client`; can be built alone.
 *
 * @example
 * ```ts
 * const auth = new Authentication({ domain: 'tenant.example.com', clientID: 'abc' });
 * auth.userInfo(accessToken, (err, profile) => console.log(profile?.email));
 * ```
 */
export class Authentication {
  /** The options object given to the constructor (normalised in place, as in v10). */
  baseOptions: AuthenticationOptions & { rootUrl: string };
  /** The WebAuth instance given as first argument, when constructed with two arguments. */
  auth0?: unknown;
  /** @internal */
  readonly http: HttpClientOptions;

  constructor(options: AuthenticationOptions);
  constructor(auth0: unknown, options: AuthenticationOptions);
  constructor(first: unknown, second?: unknown) {
    const options = (arguments.length === 2 ? second : first) as AuthenticationOptions;
    if (arguments.length === 2) this.auth0 = first;
    validateAuthenticationOptions(options);
    options._sendTelemetry = options._sendTelemetry !== false;
    options.rootUrl = rootUrlFor(options.domain);
    this.baseOptions = options as AuthenticationOptions & { rootUrl: string };
    const env = (options as { [customEnvironment]?: BrowserEnv })[customEnvironment] ?? defaultEnv();
    this.http = { env, telemetry: telemetryFor(options), retries: Number(options._timesToRetryFailedRequests) || 0 };
  }

  private get urls(): UrlContext {
    const warn = (message: string) => {
      if (!this.baseOptions._disableDeprecationWarnings) this.http.env.warn(message);
    };
    return { baseOptions: this.baseOptions, telemetry: this.http.telemetry, warn };
  }

  /** The `/authorize` URL for a new transaction (`state`, and `nonce` for ID tokens, must be given). */
  buildAuthorizeUrl(options: Record<string, unknown>): string {
    return buildAuthorizeUrl(this.urls, options);
  }

  /** The `/v2/logout` URL (`returnTo`, `clientID`, `federated`). */
  buildLogoutUrl(options?: Record<string, unknown>): string {
    return buildLogoutUrl(this.urls, options);
  }

  /**
   * The profile of the user the access token belongs to, from `/userinfo`. Without a callback,
   * returns a Promise.
   */
  userInfo(accessToken: string, cb: NodeCallback<UserProfile>): RequestHandle;
  userInfo(accessToken: string): Promise<UserProfile>;
  userInfo(accessToken: string, cb?: NodeCallback<UserProfile>): RequestHandle | Promise<UserProfile> {
    checkValue(accessToken, 'string', 'accessToken parameter is not valid');
    return callbackOrPromise(cb, (done) =>
      sendRequest(
        this.http,
        { method: 'GET', url: joinUrl(this.baseOptions.rootUrl, 'userinfo'), headers: { Authorization: `Bearer ${accessToken}` } },
        wrapCallback(done, { ignoreCasing: true }),
      ),
    );
  }
}
