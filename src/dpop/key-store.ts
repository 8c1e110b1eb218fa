/**
 * Where DPoP key pairs live: IndexedDB (CryptoKey objects by structured clone, so the private key
 * stays non-extractable across reloads), one per domain and client id, with an in-memory copy per
 * page. Without a usable IndexedDB (server side, some private modes) the pair lives in memory for
 * this page only, and the `debug` hook is told.
 */
import { createStore, del as idbDel, get as idbGet, set as idbSet } from 'idb-keyval';
import type { RedirectEnv } from '../browser/env.js';
import { idbWithin } from '../browser/idb-deadline.js';
import { trace } from '../shared/debug.js';
import type { DebugHook } from '../types/debug.js';
import { generateDpopKeyPair, isDpopKeyPair, type DpopKeyPair } from './key-pair.js';

/** How long IndexedDB may take to answer before the pair is kept in memory instead. */
export const DPOP_IDB_TIMEOUT_MS = 3000;

// A database of its own: idb-keyval creates one object store per database on first open, so the
// key-set cache's database ('webauth-js') cannot gain a second store later.
const keyPairStore = createStore('webauth-js-dpop', 'keys');

/** One pending or settled pair per key id on this page: parallel callers share one generation. */
const pairs = new Map<string, Promise<DpopKeyPair>>();

/** What the store needs from the page. */
export type KeyStoreEnv = Pick<RedirectEnv, 'subtle' | 'timer'>;

/** The store's key for a domain and client id (unambiguous whatever characters they hold). */
export const dpopKeyId = (domain: string, clientID: string) => JSON.stringify([domain, clientID]);

/** `operation`, rejected after {@link DPOP_IDB_TIMEOUT_MS}. */
const idb = <T>(env: KeyStoreEnv, operation: () => Promise<T>) => idbWithin(env, DPOP_IDB_TIMEOUT_MS, operation);

async function loadOrCreate(id: string, env: KeyStoreEnv, debug: DebugHook | undefined): Promise<DpopKeyPair> {
  let stored: unknown;
  let reason: string | undefined;
  try {
    stored = await idb(env, () => idbGet(id, keyPairStore));
  } catch {
    // Unreadable: a pair written there cannot be trusted to come back, so none is written.
    reason = 'indexedDB unavailable';
  }
  if (isDpopKeyPair(stored)) return stored;
  const pair = await generateDpopKeyPair(env.subtle);
  if (!reason) await idb(env, () => idbSet(id, pair, keyPairStore)).catch(() => (reason = 'indexedDB write failed'));
  if (reason) trace(debug, 'dpop', 'key-in-memory', { reason });
  return pair;
}

/** The pair for `id`: this page's, else the stored one, else a new one (stored where possible). */
export function dpopKeyPair(id: string, env: KeyStoreEnv, debug?: DebugHook): Promise<DpopKeyPair> {
  let pending = pairs.get(id);
  if (!pending) {
    pending = loadOrCreate(id, env, debug);
    pairs.set(id, pending);
    // A failure (no WebCrypto) is not remembered: the next call tries again.
    pending.catch(() => pairs.get(id) === pending && pairs.delete(id));
  }
  return pending;
}

/** Forgets the pair for `id` on this page and in IndexedDB; the next proof uses a new pair. */
export async function clearDpopKeyPair(id: string, env: KeyStoreEnv): Promise<void> {
  const pending = pairs.get(id);
  pairs.delete(id);
  // A generation in flight writes its pair before it settles: wait, so the delete comes after it.
  await pending?.catch(() => undefined);
  await idb(env, () => idbDel(id, keyPairStore)).catch(() => undefined);
}
