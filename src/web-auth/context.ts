/** What WebAuth capability modules receive instead of the `WebAuth` instance itself. */
import type { AuthenticationClient } from '../authentication/client-api.js';
import type { RedirectEnv } from '../browser/env.js';
import type { TransactionManager } from './transaction-manager.js';
import type { DpopWiring } from '../dpop/wiring.js';
import type { WebAuthBaseOptions, BrowserEnv, KeyValueStore } from '../types.js';

export interface WebAuthContext {
  baseOptions: WebAuthBaseOptions;
  env: BrowserEnv;
  client: AuthenticationClient;
  transactionManager: TransactionManager;
  /** Where the SSO hint (`auth0.ssodata`) is kept. */
  ssodataStore: KeyValueStore;
  /** With `useDpop`: the DPoP helper and signer (token requests carry its proofs). */
  dpop?: DpopWiring | undefined;
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

export { onHostedLoginPage } from '../browser/env.js';
