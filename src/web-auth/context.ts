/** What WebAuth capability modules receive instead of the `WebAuth` instance itself. */
import type { Authentication } from '../authentication/authentication';
import type { BrowserEnv } from '../browser/env';
import type { KeyValueStore } from '../storage/key-value-store';
import type { WebAuthBaseOptions } from './options';
import type { TransactionManager } from './transaction-manager';

export interface WebAuthContext {
  baseOptions: WebAuthBaseOptions;
  env: BrowserEnv;
  client: Authentication;
  transactionManager: TransactionManager;
  /** Where the SSO hint (`auth0.ssodata`) is kept. */
  ssodataStore: KeyValueStore;
}

/** True when running on the tenant's hosted login page (the page's host is the domain). */
export function onHostedLoginPage(env: BrowserEnv, domain: string): boolean {
  try {
    return new URL(env.href()).host === domain;
  } catch {
    return false; // No location (server side).
  }
}
