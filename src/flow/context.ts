/** What WebAuth capability modules receive instead of the `WebAuth` instance itself. */
import type { AuthenticationClient } from '../authentication/client-api.js';
import type { AuthResponseError } from '../errors.js';
import type { AnyObject } from '../shared/types.js';
import type { RedirectEnv } from '../browser/env.js';
import type { TransactionManager } from './transaction-manager.js';
import type { BoundSignerFactory } from '../http/bound-tokens.js';
import type { Dpop } from '../types/dpop.js';
import type { AuthResult, WebAuthBaseOptions, BrowserEnv, KeyValueStore } from '../types.js';

/** The instance's DPoP helper and the signer of its requests (with a token: resource calls). */
export interface DpopWiring {
  helper: Dpop;
  /** One function per instance: the bound-token memory knows the instance by it. */
  signer: BoundSignerFactory & ((accessToken?: string) => ReturnType<BoundSignerFactory>);
  /** Makes a new key pair for the next proofs (a login's code exchange), never one found in storage. */
  newKey(): Promise<unknown>;
}

export interface WebAuthContext {
  baseOptions: WebAuthBaseOptions;
  env: BrowserEnv;
  client: AuthenticationClient;
  transactionManager: TransactionManager;
  /** Where the SSO hint (`auth0.ssodata`) is kept. */
  ssodataStore: KeyValueStore;
  /** With `useDpop`: the DPoP helper and signer (token requests carry its proofs). */
  dpop?: DpopWiring | undefined;
  /**
   * With `useRefreshTokens` and the memory cache: the environment of the tenant's token requests (its
   * `fetch` goes through the refresh-token worker once it runs, else the page's), and how to make the
   * worker forget.
   */
  refreshWorker?: { env: RedirectEnv; forget(): void } | undefined;
  /**
   * While the instance has a session-event listener: tells the app's other tabs that a call of
   * this one signed in, renewed or signed out (web-auth/session-events/). Unset otherwise.
   */
  sessionEvents?: ((type: 'signed_in' | 'renewed' | 'signed_out', result?: AuthResult | null) => void) | undefined;
}

/**
 * What the redirect-login steps use (`authorize`, `parseHash`, response and token validation):
 * of the page only a {@link RedirectEnv}, of the API client only the URL builder. The modular
 * entry builds one without `Authentication` and without the rest of the browser environment.
 */
export interface RedirectContext extends Omit<WebAuthContext, 'client' | 'env'> {
  env: RedirectEnv;
  client: Pick<AuthenticationClient, 'buildAuthorizeUrl'>;
}

/** @internal The callback the validation steps report to. */
export type AuthDone = (err: AuthResponseError | null, result?: AuthResult | null) => void;

/** With `usePKCE`: starts the code flow's transaction, and redeems the answer's code. */
export interface CodeFlowSteps {
  start(params: AnyObject): Promise<AnyObject>;
  validate: ((ctx: WebAuthContext, params: AnyObject, response: AnyObject, cb: AuthDone) => void) | undefined;
}

export { onHostedLoginPage } from '../browser/env.js';
