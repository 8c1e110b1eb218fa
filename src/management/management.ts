/** `Management`: the current-user endpoints of the Management API (`/api/v2/users/{id}`). */
import { detachableMethods } from '../shared/detachable.js';
import { defaultEnv } from '../browser/env.js';
import { sendRequest, type HttpClientOptions, type RequestSpec } from '../http/request.js';
import { wrapCallback } from '../http/response-handler.js';
import { telemetryFor } from '../http/telemetry.js';
import { checkOptions, checkValue, optional, required } from '../shared/assert.js';
import { callbackOrPromise } from '../shared/callback.js';
import { rootUrlFor } from '../authentication/options.js';
import { joinUrl } from '../shared/query.js';
import { customEnvironment } from '../types/custom-environment.js';
import { iterateProfiles, pageQuery } from './user-attribute-profiles.js';
import type {
  PageOptions,
  UserAttributeProfile,
  UserAttributeProfilesPage,
  Auth0Callback,
  Auth0Identity,
  ManagementUser,
  UserMetadata,
  ManagementOptions,
  BrowserEnv,
  RequestHandle,
} from '../types.js';
import { ArgumentError, type RequestError } from '../errors.js';
import type { NodeCallback } from '../shared/types.js';
import { boundTokenSigner } from '../http/bound-tokens.js';

/**
 * Management API client for the signed-in user.
 *
 * @example
 * ```ts
 * const management = new Management({ domain: 'tenant.example.com', token: accessToken });
 * management.getUser('auth0|123', (err, user) => console.log(user));
 * ```
 */
export class Management {
  /** The options given, with the derived `rootUrl` and `headers` (as v10 added them in place). */
  baseOptions: ManagementOptions & {
    /** The access token the calls send (a secret: never log it). */
    token: string;
    /** The Management API root, `https://<domain>/api/v2/`. */
    rootUrl: string;
    /** The headers every call sends (`Authorization: Bearer <token>`). */
    headers: Record<string, string>;
  };
  private readonly http: HttpClientOptions;

  /** @throws {@link ArgumentError} when `domain` or `token` is missing, or a telemetry option has the wrong type. */
  constructor(options: ManagementOptions) {
    checkOptions(options, 'options parameter is not valid', [
      required('domain'),
      required('token'),
      optional('_sendTelemetry', 'boolean', '_sendTelemetry option is not valid'),
      optional('_telemetryInfo', 'object', '_telemetryInfo option is not valid'),
    ]);
    const base = options as Management['baseOptions'];
    base.headers = { Authorization: 'Bearer ' + options.token };
    base.rootUrl = joinUrl(rootUrlFor(options.domain), 'api/v2');
    this.baseOptions = base;
    const env = (options as { [customEnvironment]?: BrowserEnv })[customEnvironment] ?? defaultEnv();
    this.http = {
      env,
      telemetry: telemetryFor(options),
      headers: base.headers,
      retries: Number(options._timesToRetryFailedRequests) || 0,
      // A token this page obtained with DPoP goes as `DPoP` with a proof per call.
      signer: boundTokenSigner(options.token),
    };
  }

  private call<T>(spec: Omit<RequestSpec, 'url'> & { path: string }, cb: NodeCallback<T> | undefined) {
    // After each method's own argument checks, as v10 ordered them.
    checkValue(cb, 'function', 'cb parameter is not valid', true);
    const url = this.baseOptions.rootUrl + spec.path;
    return callbackOrPromise(cb, (done) =>
      sendRequest(this.http, { ...spec, url }, wrapCallback(done, { ignoreCasing: true })),
    );
  }

  /**
   * The user's full profile.
   *
   * @example
   * ```ts
   * const user = await management.getUser(idTokenPayload.sub);
   * ```
   */
  getUser(userId: string, cb: Auth0Callback<ManagementUser, RequestError>): RequestHandle;
  getUser(userId: string): Promise<ManagementUser>;
  getUser(userId: string, cb?: NodeCallback<any>): RequestHandle | Promise<ManagementUser> {
    checkUserId(userId);
    return this.call({ method: 'GET', path: userPath(userId) }, cb);
  }

  /**
   * Merges `userMetadata` into the user's `user_metadata`.
   *
   * @example
   * ```ts
   * await management.patchUserMetadata(userId, { theme: 'dark' });
   * ```
   */
  patchUserMetadata(
    userId: string,
    userMetadata: UserMetadata,
    cb: Auth0Callback<ManagementUser, RequestError>,
  ): RequestHandle;
  patchUserMetadata(userId: string, userMetadata: UserMetadata): Promise<ManagementUser>;
  patchUserMetadata(
    userId: string,
    userMetadata: UserMetadata,
    cb?: NodeCallback<any>,
  ): RequestHandle | Promise<ManagementUser> {
    checkUserId(userId);
    checkValue(userMetadata, 'object', 'userMetadata parameter is not valid');
    return this.call({ method: 'PATCH', path: userPath(userId), body: { user_metadata: userMetadata } }, cb);
  }

  /** Updates root attributes of the user (needs `update:users`). */
  patchUserAttributes(
    userId: string,
    user: Partial<ManagementUser>,
    cb: Auth0Callback<ManagementUser, RequestError>,
  ): RequestHandle;
  patchUserAttributes(userId: string, user: Partial<ManagementUser>): Promise<ManagementUser>;
  patchUserAttributes(
    userId: string,
    user: Partial<ManagementUser>,
    cb?: NodeCallback<any>,
  ): RequestHandle | Promise<ManagementUser> {
    checkUserId(userId);
    checkValue(user, 'object', 'user parameter is not valid');
    return this.call({ method: 'PATCH', path: userPath(userId), body: user }, cb);
  }

  /**
   * Links the identity in `secondaryUserToken` (an ID token) to `userId`.
   *
   * @example
   * ```ts
   * const identities = await management.linkUser(primaryUserId, secondaryIdToken);
   * ```
   */
  linkUser(userId: string, secondaryUserToken: string, cb: Auth0Callback<Auth0Identity[], RequestError>): RequestHandle;
  linkUser(userId: string, secondaryUserToken: string): Promise<Auth0Identity[]>;
  linkUser(
    userId: string,
    secondaryUserToken: string,
    cb?: NodeCallback<any>,
  ): RequestHandle | Promise<Auth0Identity[]> {
    checkUserId(userId);
    checkValue(secondaryUserToken, 'string', 'secondaryUserToken parameter is not valid');
    return this.call(
      { method: 'POST', path: userPath(userId) + '/identities', body: { link_with: secondaryUserToken } },
      cb,
    );
  }

  /**
   * One page of user attribute profiles (needs a machine token with `read:user_attribute_profiles`).
   * `take` must be an integer of at least 1; pass the previous page's `next` as `from`.
   *
   * @example
   * ```ts
   * const { user_attribute_profiles, next } = await management.getUserAttributeProfiles({ take: 10 });
   * ```
   */
  getUserAttributeProfiles(
    options: PageOptions | undefined,
    cb: Auth0Callback<UserAttributeProfilesPage, RequestError>,
  ): RequestHandle;
  getUserAttributeProfiles(options?: PageOptions): Promise<UserAttributeProfilesPage>;
  getUserAttributeProfiles(
    options?: PageOptions,
    cb?: NodeCallback<any>,
  ): RequestHandle | Promise<UserAttributeProfilesPage> {
    const query = pageQuery(options);
    return this.call({ method: 'GET', path: '/user-attribute-profiles' + query }, cb);
  }

  /**
   * Every user attribute profile, following the cursors page by page.
   *
   * @example
   * ```ts
   * for await (const profile of management.userAttributeProfiles({ take: 50 })) console.log(profile.name);
   * ```
   */
  userAttributeProfiles(options: { take?: number } = {}): AsyncGenerator<UserAttributeProfile, void, undefined> {
    pageQuery(options); // a bad `take` throws here, not at the first iteration
    return iterateProfiles(
      (page) => this.getUserAttributeProfiles(page) as Promise<UserAttributeProfilesPage>,
      options,
    );
  }
}

/**
 * v10's `userId` check, plus the three ids that still name another endpoint once percent-encoded:
 * `''` (`/users/`, the user list), `.` and `..` (dot segments that URL parsing removes).
 */
function checkUserId(userId: string): void {
  checkValue(userId, 'string', 'userId parameter is not valid');
  if (userId === '' || userId === '.' || userId === '..') throw new ArgumentError('userId parameter is not valid');
}

// Encoded, unlike v10: an id containing `/`, `?` or `#` must not change the request path.
const userPath = (userId: string) => '/users/' + encodeURIComponent(userId);

// Every public method works detached (destructured, promisified).
detachableMethods(Management);
