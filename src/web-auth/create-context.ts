/**
 * The context capability modules receive, built from normalised options: one storage chain and
 * one transaction manager over it. `WebAuth` builds one per instance; `client.getSSOData` builds
 * one for a client made without a `WebAuth`.
 */
import type { AuthenticationClient } from '../authentication/client-api.js';
import { onHostedLoginPage } from '../browser/env.js';
import { transactionStore } from '../storage/failover-store.js';
import type { WebAuthContext } from './context.js';
import { TransactionManager } from './transaction-manager.js';
import type { WebAuthBaseOptions, BrowserEnv } from '../types.js';

export function createWebAuthContext(
  baseOptions: WebAuthBaseOptions,
  env: BrowserEnv,
  client: AuthenticationClient,
): WebAuthContext {
  // One storage chain per instance (v10 had one per internal user, each warning on failover).
  const store = transactionStore(env, baseOptions);
  const transactionManager = new TransactionManager(env, store, {
    ...baseOptions.transaction,
    stateExpiration: baseOptions.stateExpiration,
    onHostedPage: () => onHostedLoginPage(env, baseOptions.domain),
  });
  return { baseOptions, env, client, transactionManager, ssodataStore: store };
}
