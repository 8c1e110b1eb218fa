/**
 * The context capability modules receive, built from normalised options: one storage chain and
 * one transaction manager over it. `WebAuth` builds one per instance; `client.getSSOData` builds
 * one for a client made without a `WebAuth`; the modular entry one per call, with a URL builder as client.
 */
import { onHostedLoginPage, type RedirectEnv } from '../browser/env.js';
import { transactionStore } from '../storage/failover-store.js';
import type { RedirectContext } from '../flow/context.js';
import { TransactionManager } from '../flow/transaction-manager.js';
import type { WebAuthBaseOptions } from '../types.js';

export function createWebAuthContext<Env extends RedirectEnv, Client extends RedirectContext['client']>(
  baseOptions: WebAuthBaseOptions,
  env: Env,
  client: Client,
): RedirectContext & { env: Env; client: Client } {
  // One storage chain per instance (v10 had one per internal user, each warning on failover).
  const store = transactionStore(env, baseOptions);
  const transactionManager = new TransactionManager(env, store, {
    ...baseOptions.transaction,
    stateExpiration: baseOptions.stateExpiration,
    onHostedPage: () => onHostedLoginPage(env, baseOptions.domain),
  });
  return { baseOptions, env, client, transactionManager, ssodataStore: store };
}
