/** `WebAuth`: the v10 entry point. A thin facade: each method normalises arguments and delegates. */
import { Authentication } from '../authentication/authentication';
import { defaultEnv, type BrowserEnv } from '../browser/env';
import type { AuthResponseError } from '../errors';
import { checkValue } from '../shared/assert';
import { callbackOrPromise } from '../shared/callback';
import { cookieStore } from '../storage/cookie-store';
import type { KeyValueStore } from '../storage/key-value-store';
import { authorize } from './authorize';
import { onHostedLoginPage, type WebAuthContext } from './context';
import { customEnvironment } from './injection';
import { deriveWebAuthOptions, validateWebAuthOptions, type WebAuthBaseOptions, type WebAuthOptions } from './options';
import { parseHash, type ParseHashOptions } from './parse-hash';
import { TransactionManager } from './transaction-manager';
import {
  validateAuthenticationResponse,
  validateToken,
  type AuthCallback,
  type AuthResult,
  type ParsedResponse,
  type ValidateOptions,
} from './validate-response';

/**
 * Browser authentication for one application of a tenant.
 *
 * @example
 * ```ts
 * const webAuth = new WebAuth({
 *   domain: 'tenant.example.com',
 *   clientID: 'abc123',
 *   redirectUri: 'https://app.example.com/callback',
 *   responseType: 'token id_token',
 * });
 * webAuth.authorize();                       // on the login button
 * webAuth.parseHash((err, authResult) => {}); // on the callback page
 * ```
 */
export class WebAuth {
  /** The options object given to the constructor, with v10's derived fields added in place. */
  baseOptions: WebAuthBaseOptions;
  /** The Authentication API client. */
  client: Authentication;
  transactionManager: TransactionManager;
  /** Where the SSO hint is kept (`auth0.ssodata`). */
  ssodataStorage: KeyValueStore;
  private readonly ctx: WebAuthContext;

  constructor(options: WebAuthOptions) {
    validateWebAuthOptions(options);
    const baseOptions = deriveWebAuthOptions(options);
    const env = (options as { [customEnvironment]?: BrowserEnv })[customEnvironment] ?? defaultEnv();
    const store = cookieStore(env, baseOptions);
    this.baseOptions = baseOptions;
    this.transactionManager = new TransactionManager(env, store, {
      ...baseOptions.transaction,
      stateExpiration: baseOptions.stateExpiration,
      onHostedPage: () => onHostedLoginPage(env, baseOptions.domain),
    });
    // Created before `universalLoginPage` is set, so the client reports the plain telemetry name.
    this.client = new Authentication(baseOptions);
    baseOptions.universalLoginPage = true;
    this.ssodataStorage = store;
    this.ctx = { baseOptions, env, client: this.client, transactionManager: this.transactionManager, ssodataStore: store };
  }

  /**
   * Redirects to the tenant's `/authorize` (hosted login or a social connection). Stores a
   * transaction with `state` and, for ID tokens, `nonce`, which `parseHash` checks on return.
   */
  authorize(options?: Record<string, unknown>): void {
    authorize(this.ctx, options);
  }

  /**
   * Reads the authentication response from the URL fragment, checks `state`, verifies the ID token
   * and calls back with the `authResult` (or `null` when the fragment has no response). Without a
   * callback, returns a Promise.
   */
  parseHash(cb: AuthCallback): void;
  parseHash(options: ParseHashOptions | null | undefined, cb: AuthCallback): void;
  parseHash(options?: ParseHashOptions | null): Promise<AuthResult | null>;
  parseHash(options?: ParseHashOptions | null | AuthCallback, cb?: AuthCallback): void | Promise<AuthResult | null | undefined> {
    if (typeof options === 'function') {
      cb = options;
      options = {};
    }
    const opts = options || {};
    if (cb !== undefined) checkValue(cb, 'function', 'cb parameter is not valid');
    return callbackOrPromise(cb, (done) => parseHash(this.ctx, opts, done)) as void | Promise<AuthResult | null>;
  }

  /** Validates an already parsed response (snake_case keys) against the stored transaction. */
  validateAuthenticationResponse(options: ValidateOptions, parsedHash: ParsedResponse, cb: AuthCallback): void {
    validateAuthenticationResponse(this.ctx, options, parsedHash, cb);
  }

  /** Verifies an ID token's signature and claims, optionally with an expected nonce. */
  validateToken(token: string, nonce: string | null, cb: (err: AuthResponseError | null, payload?: Record<string, unknown>) => void): void {
    validateToken(this.ctx, token, nonce, cb);
  }

  /** Redirects to the tenant's logout endpoint (`returnTo`, `clientID`, `federated`). */
  logout(options?: Record<string, unknown>): void {
    this.ctx.env.navigate(this.client.buildLogoutUrl(options));
  }
}
