/**
 * Where a PKCE code verifier waits for its code: sessionStorage (this tab), else localStorage, never
 * the transaction cookie, which the browser sends to the app's server with the very request that
 * carries the code (whoever logs or proxies it would hold both). A popup's callback page has a
 * sessionStorage of its own, so a popup's verifier goes to localStorage. A verifier that an earlier
 * version put in the cookie is still read, so its redirect completes.
 */
import type { RedirectEnv } from '../browser/env.js';
import { WebAuthError } from '../errors.js';
import type { RedirectContext } from '../flow/context.js';
import type { Transaction } from '../flow/transaction-manager.js';

const PREFIX = 'webauth-js.verifier.';
type Env = Pick<RedirectEnv, 'localStorage' | 'sessionStorage' | 'now'>;

/** Calls `use` on each storage in turn (sessionStorage first unless `shared`) until it returns true. */
function eachStorage(env: Env, shared: boolean, use: (storage: Storage) => boolean | void): void {
  for (const get of [shared ? undefined : () => env.sessionStorage?.(), () => env.localStorage()]) {
    try {
      const storage = get?.();
      if (storage && use(storage)) return;
    } catch {
      // Disabled, or full: the next one.
    }
  }
}

/** An entry's verifier while it has not expired. */
function live(env: Env, raw: string | null): string | undefined {
  try {
    const [verifier, expires] = JSON.parse(raw!) as [string, number];
    return env.now() < expires ? verifier : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `verifier` for the transaction under `key` until the transaction expires (`days`), and
 * drops expired verifiers of abandoned logins. Throws a `WebAuthError` where no web storage works.
 */
export function keepVerifier(env: Env, key: string, verifier: string, days: number, shared: boolean): void {
  let kept = false;
  eachStorage(env, shared, (storage) => {
    for (let i = storage.length; i--;) {
      const name = storage.key(i);
      if (name?.startsWith(PREFIX) && !live(env, storage.getItem(name))) storage.removeItem(name);
    }
    storage.setItem(PREFIX + key, JSON.stringify([verifier, env.now() + days * 864e5]));
    return (kept = true);
  });
  if (!kept) throw new WebAuthError('PKCE needs sessionStorage or localStorage');
}

/**
 * Consumes the PKCE transaction of `state`: the stored transaction and its verifier (from web
 * storage, else from the transaction itself, where an earlier version kept it). Undefined when
 * either is missing.
 */
export function takePkceTransaction(ctx: RedirectContext, state: unknown): Transaction | undefined {
  if (typeof state !== 'string') return undefined;
  const tm = ctx.transactionManager;
  const transaction = tm.getStoredTransaction(state);
  let codeVerifier: string | undefined;
  eachStorage(ctx.env, false, (storage) => {
    codeVerifier ??= live(ctx.env, storage.getItem(PREFIX + tm.namespace + state));
    storage.removeItem(PREFIX + tm.namespace + state);
  });
  codeVerifier ??= transaction?.codeVerifier;
  return transaction?.state === state && codeVerifier ? { ...transaction, codeVerifier } : undefined;
}
