/**
 * Where the refresh token lives between calls: one per client ID, in this page's memory (the
 * default: gone on reload) or, with `cacheLocation: 'localstorage'`, kept across reloads and shared
 * with other tabs. It is stored with the user it belongs to, for the `sub` check of refreshed ID
 * tokens. Nothing else reads it: it never reaches a result, an error or a URL.
 *
 * Shared tokens are written to `localStorage` and to IndexedDB. `localStorage` says whether one is
 * held (an app that clears it signs the user out here); IndexedDB says which: Chromium hands a
 * `localStorage` write to other tabs' processes later, so a tab that takes the rotation lock right
 * after another may still read the token that tab just spent (the tenant then revokes the family),
 * while a completed IndexedDB write is visible to every tab at once. Each write carries a version
 * (the time, or one more than the last seen), and a read takes the newer copy: a write IndexedDB
 * refused deletes its entry there, and should the delete fail too, the stale entry still loses.
 * Where IndexedDB is missing, stalls or holds nothing, the `localStorage` copy is used. Where
 * `localStorage` is full, the page keeps the token in memory, as with `'memory'`.
 */
import { createStore, del as idbDel, get as idbGet, set as idbSet } from 'idb-keyval';
import { usableLocalStorage } from '../browser/env.js';
import { idbWithin } from '../browser/idb-deadline.js';
import type { RedirectContext } from './context.js';
import { refreshKeyOf } from './refresh-key.js';

/** A held refresh token and the `sub` of the user it was issued to. */
export interface RefreshEntry {
  token: string;
  sub?: string | undefined;
  /** Newer copies have higher versions; an entry written before versions existed has none (0). */
  version?: number | undefined;
}

/** How long IndexedDB may take before `localStorage` answers alone. */
export const REFRESH_IDB_TIMEOUT_MS = 1000;

const memory = new Map<string, RefreshEntry>();
/** The highest version this page has read or written (of any client's token): a write goes above it. */
let seen = 0;
const keyOf = (ctx: RedirectContext) => refreshKeyOf(ctx.baseOptions.clientID);
// A database of its own (idb-keyval gives each database one store, created on first open).
const tokenStore = createStore('webauth-js-refresh', 'tokens');

/** localStorage with `cacheLocation: 'localstorage'` (where usable: else the page's memory still works). */
const localStore = (ctx: RedirectContext): Storage | undefined =>
  ctx.baseOptions.cacheLocation === 'localstorage' ? usableLocalStorage(ctx.env) : undefined;

const shared = <T>(ctx: RedirectContext, operation: () => Promise<T>): Promise<T> =>
  idbWithin(ctx.env, REFRESH_IDB_TIMEOUT_MS, operation);

const entryOf = (value: unknown): RefreshEntry | undefined =>
  value && typeof (value as RefreshEntry).token === 'string' ? (value as RefreshEntry) : undefined;

function fromLocal(store: Storage, key: string): RefreshEntry | undefined {
  try {
    return entryOf(JSON.parse(store.getItem(key)!));
  } catch {
    return undefined; // not JSON
  }
}

/** The held refresh token, read afresh (another tab may have rotated it). */
export async function readRefreshToken(ctx: RedirectContext): Promise<RefreshEntry | undefined> {
  const key = keyOf(ctx);
  const store = localStore(ctx);
  const local = store && fromLocal(store, key);
  // Memory: the default, or this page's copy when a full localStorage refused it.
  if (!local) return memory.get(key);
  const idb = entryOf(await shared(ctx, () => idbGet(key, tokenStore)).catch(() => undefined));
  // The newer copy; on a tie (an entry of the previous release has no version) IndexedDB's.
  const newer = idb && (idb.version ?? 0) >= (local.version ?? 0) ? idb : local;
  seen = Math.max(seen, newer.version ?? 0);
  return newer;
}

/**
 * Replaces the held refresh token (rotation), or forgets it when `entry` is undefined; settles
 * once the shared copy is written, so a lock released after it hands the new token on.
 */
export async function writeRefreshToken(ctx: RedirectContext, entry: RefreshEntry | undefined): Promise<void> {
  const key = keyOf(ctx);
  const store = localStore(ctx);
  memory.delete(key);
  if (entry) entry = { ...entry, version: (seen = Math.max(ctx.env.now(), seen + 1)) };
  if (!store) {
    if (entry) memory.set(key, entry);
    return;
  }
  try {
    if (entry) store.setItem(key, JSON.stringify(entry));
    else store.removeItem(key);
  } catch {
    // Full: no spent token stays shared for other tabs; this page keeps the new one in memory.
    store.removeItem(key);
    memory.set(key, entry!);
    entry = undefined;
  }
  const forget = () => shared(ctx, () => idbDel(key, tokenStore));
  // A copy IndexedDB refused must not stay there: the next renewal would present a spent token.
  await (entry ? shared(ctx, () => idbSet(key, entry, tokenStore)).catch(forget) : forget()).catch(() => undefined);
}

/**
 * After a token answer: keeps its refresh token for `sub` when the instance uses refresh tokens, and
 * says whether one is now held (undefined when the instance does not use them).
 */
export async function keepRefreshToken(
  ctx: RedirectContext,
  token: unknown,
  sub: string | undefined,
): Promise<boolean | undefined> {
  if (!ctx.baseOptions.useRefreshTokens) return undefined;
  if (typeof token === 'string' && token) await writeRefreshToken(ctx, { token, sub });
  return !!(await readRefreshToken(ctx));
}

/**
 * Forgets this page's in-memory copy only (session events: another tab signed out or signed in
 * someone else; the worker's copy is the caller's to forget). A shared copy is left to the tab that
 * signed out, which revokes it.
 */
export function forgetPageRefreshToken(ctx: RedirectContext): void {
  memory.delete(keyOf(ctx));
}
