/** What WebAuth capability modules receive instead of the `WebAuth` instance itself. */
import type { AuthenticationClient } from '../authentication/client-api.js';
import type { TransactionManager } from './transaction-manager.js';
import type { WebAuthBaseOptions, BrowserEnv, KeyValueStore } from '../types.js';

export interface WebAuthContext {
  baseOptions: WebAuthBaseOptions;
  env: BrowserEnv;
  client: AuthenticationClient;
  transactionManager: TransactionManager;
  /** Where the SSO hint (`auth0.ssodata`) is kept. */
  ssodataStore: KeyValueStore;
}

export { onHostedLoginPage } from '../browser/env.js';
