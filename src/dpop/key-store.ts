/**
 * Where DPoP key pairs live: IndexedDB (CryptoKey objects by structured clone, so the private key
 * stays non-extractable across reloads), one per domain and client id, with an in-memory copy per
 * page. Without a usable IndexedDB (server side, some private modes) the pair lives in memory for
 * this page only, and the `debug` hook is told. A login makes a new pair ({@link renewDpopKeyPair}):
 * a stored one serves only the tokens already bound to it.
 */
import { get as idbGet, set as idbSet } from 'idb-keyval';
import type { RedirectEnv } from '../browser/env.js';
import { idbWithin } from '../browser/idb-deadline.js';
import { deleteStoredDpopKey, dpopKeyStore } from '../flow/dpop-key-record.js';
import { trace } from '../shared/debug.js';
import type { DebugHook } from '../types/debug.js';
import { generateDpopKeyPair, isDpopKeyPair, type DpopKeyPair } from './key-pair.js';

export { dpopKeyId } from '../flow/dpop-key-record.js';

/** How long IndexedDB may take to answer before the pair is kept in memory instead. */
export const DPOP_IDB_TIMEOUT_MS = 3000;

/** One pending or settled pair per key id on this page: parallel callers share one generation. */
const pairs = new Map<string, Promise<DpopKeyPair>>();
/** The ids whose pair this page could not store: its memory alone knows the current pair. */
const unstored = new Set<string>();

/** What the store needs from the page. */
export type KeyStoreEnv = Pick<RedirectEnv, 'subtle' | 'timer'>;

/** `operation`, rejected after {@link DPOP_IDB_TIMEOUT_MS}. */
const idb = <T>(env: KeyStoreEnv, operation: () => Promise<T>) => idbWithin(env, DPOP_IDB_TIMEOUT_MS, operation);

/** A new pair, stored unless `reason` says IndexedDB cannot be trusted (then kept in memory only). */
async function create(id: string, env: KeyStoreEnv, debug: DebugHook | undefined, reason?: string) {
  const pair = await generateDpopKeyPair(env.subtle);
  if (!reason) await idb(env, () => idbSet(id, pair, dpopKeyStore)).catch(() => (reason = 'indexedDB write failed'));
  unstored[reason ? 'add' : 'delete'](id);
  if (reason) trace(debug, 'dpop', 'key-in-memory', { reason });
  return pair;
}

async function loadOrCreate(id: string, env: KeyStoreEnv, debug: DebugHook | undefined): Promise<DpopKeyPair> {
  let stored: unknown;
  let reason: string | undefined;
  try {
    stored = await idb(env, () => idbGet(id, dpopKeyStore));
  } catch {
    // Unreadable: a pair written there cannot be trusted to come back, so none is written.
    reason = 'indexedDB unavailable';
  }
  return isDpopKeyPair(stored) ? stored : create(id, env, debug, reason);
}

/** Makes `pending` this page's pair for `id`; a failure (no WebCrypto) is not remembered: the next call tries again. */
function keep(id: string, pending: Promise<DpopKeyPair>): Promise<DpopKeyPair> {
  pairs.set(id, pending);
  pending.catch(() => pairs.get(id) === pending && pairs.delete(id));
  return pending;
}

/**
 * The pair for `id`: the stored one, else this page's, else a new one (stored where possible). The
 * stored pair wins over this page's: another document (a tab, a login's popup) may have made a new
 * one at its login since, and the refresh token it stored is bound to that one.
 */
export function dpopKeyPair(id: string, env: KeyStoreEnv, debug?: DebugHook): Promise<DpopKeyPair> {
  const held = pairs.get(id);
  if (!held) return keep(id, loadOrCreate(id, env, debug));
  if (unstored.has(id)) return held;
  return held.then(async (pair) => {
    const stored = await idb(env, () => idbGet(id, dpopKeyStore)).catch(() => undefined);
    return isDpopKeyPair(stored) && (stored.jwk.x !== pair.jwk.x || stored.jwk.y !== pair.jwk.y) ? stored : pair;
  });
}

/**
 * A new pair for `id`, replacing this page's and the stored one, whatever is stored: each login
 * binds a new key. A pair found in storage may have been put there by another script on the page,
 * which could have exported its private half before importing it as non-extractable.
 */
export function renewDpopKeyPair(id: string, env: KeyStoreEnv, debug?: DebugHook): Promise<DpopKeyPair> {
  const previous = pairs.get(id);
  // After a generation in flight, so that its write cannot land over the new pair.
  return keep(
    id,
    (previous?.catch(() => undefined) ?? Promise.resolve()).then(() => create(id, env, debug)),
  );
}

/** Forgets the pair for `id` on this page and in IndexedDB; the next proof uses a new pair. */
export async function clearDpopKeyPair(id: string, env: KeyStoreEnv): Promise<void> {
  const pending = pairs.get(id);
  pairs.delete(id);
  // A generation in flight writes its pair before it settles: wait, so the delete comes after it.
  await pending?.catch(() => undefined);
  await deleteStoredDpopKey(env, DPOP_IDB_TIMEOUT_MS, id);
}
