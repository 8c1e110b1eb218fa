/**
 * Transactions: the state, nonce and app state kept between `authorize` and `parseHash`, stored
 * under auth0-js 10's keys (`com.auth0.auth.<state>`) so either library can finish the other's
 * redirect.
 */
import type { RedirectEnv } from '../browser/env.js';
import { ArgumentError } from '../errors.js';
import type { AuthorizeOptions, KeyValueStore } from '../types.js';
import { randomString } from './random.js';

/** What is stored for one redirect. */
export interface Transaction {
  nonce: string | null;
  appState?: unknown;
  state: string;
  lastUsedConnection?: string;
  organization?: string;
  /**
   * PKCE: the code verifier for the code exchange (one use). Now kept in web storage beside the
   * transaction (pkce/verifier-store.ts), never in it; one an earlier version stored holds it.
   */
  codeVerifier?: string;
  /** PKCE: the `redirect_uri` of the authorization request, which the code exchange repeats. */
  redirectUri?: string;
  /** PKCE: the request asked for `openid`, so the token answer must carry an ID token. */
  openid?: boolean;
}

export interface TransactionOptions {
  /** Key prefix; default `com.auth0.auth.`. */
  namespace?: string;
  /** Length of generated state and nonce; default 32, at least 16. */
  keyLength?: number;
  /** Lifetime in minutes; default 30. */
  stateExpiration?: number;
  /** True on the tenant's hosted login page, where nothing is stored. */
  onHostedPage?: () => boolean;
}

/** The shortest state and nonce generated, whatever `transaction.keyLength` says. */
export const MIN_KEY_LENGTH = 16;

/** Creates, stores and consumes transactions. */
export class TransactionManager {
  readonly namespace: string;
  readonly keyLength: number;
  /** How long a transaction is kept, in days. */
  readonly expiresDays: number;

  constructor(
    private readonly env: RedirectEnv,
    readonly storage: KeyValueStore,
    private readonly options: TransactionOptions = {},
  ) {
    // `||` as in v10: an empty namespace or a zero length means the default, never an empty state.
    this.namespace = options.namespace || 'com.auth0.auth.';
    // Never below 16 characters (~96 bits): a short state or nonce can be guessed (v10 had no floor).
    this.keyLength = Math.max(MIN_KEY_LENGTH, options.keyLength || 32);
    this.expiresDays = (options.stateExpiration || 30) / 1440;
  }

  /**
   * The transaction step of most flows: fills in `state` (and `nonce` for `id_token` responses),
   * stores the transaction and returns the same params object. `pkce` (the verifier and redirect
   * URI) is stored with it, and then a nonce is generated too: the exchanged ID token carries it.
   */
  // `pkce` has a default so that `process.length` stays v10's 1 (the surface parity check reads it).
  process<P extends AuthorizeOptions>(
    params: P,
    pkce: Pick<Transaction, 'codeVerifier' | 'redirectUri' | 'openid'> | undefined = undefined,
  ): P {
    const responseType = params.responseType;
    if (!responseType) throw new ArgumentError('responseType is required');
    const wantsIdToken = !!pkce || String(responseType).indexOf('id_token') !== -1;
    const transaction = this.generateTransaction(
      params.appState,
      params.state as string | undefined,
      params.nonce as string | undefined,
      (params.realm || params.connection) as string | undefined,
      wantsIdToken,
      params.organization as string | undefined,
      pkce,
    );
    if (!params.state) params.state = transaction.state;
    if (wantsIdToken && !params.nonce) params.nonce = transaction.nonce as string;
    return params;
  }

  /** Generates missing values and stores the transaction (not on the hosted login page). */
  generateTransaction(
    appState: unknown,
    state: string | undefined,
    nonce: string | undefined,
    lastUsedConnection: string | undefined,
    generateNonce: boolean,
    organization?: string,
    // A default keeps `generateTransaction.length` v10's 6.
    pkce: Pick<Transaction, 'codeVerifier' | 'redirectUri' | 'openid'> | undefined = undefined,
  ): Transaction {
    const transaction: Transaction = {
      ...pkce,
      nonce: nonce || (generateNonce ? randomString(this.env, this.keyLength) : null),
      appState,
      state: state || randomString(this.env, this.keyLength),
      lastUsedConnection,
    };
    if (organization) transaction.organization = organization;
    if (!this.options.onHostedPage?.()) {
      this.storage.set(this.namespace + transaction.state, transaction, this.expiresDays);
    }
    return transaction;
  }

  /** Reads the transaction for `state` and removes it: a response can be consumed once only. */
  getStoredTransaction(state: string | undefined): Transaction | undefined {
    const key = this.namespace + state;
    const stored = this.storage.get(key);
    this.storage.remove(key);
    return typeof stored === 'object' && stored !== null ? (stored as Transaction) : undefined;
  }

  /** Removes the transaction for `state` without reading it. */
  clearTransaction(state: string | undefined): void {
    this.storage.remove(this.namespace + state);
  }
}
