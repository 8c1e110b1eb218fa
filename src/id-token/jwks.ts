/**
 * JSON Web Key Sets, fetched once and cached (in memory and, where available, in IndexedDB through
 * idb-keyval) instead of on every validation as v10 did. An unknown `kid` refetches once, so key
 * rotation keeps working.
 */
import { get as idbGet, set as idbSet } from 'idb-keyval';
import type { JWK } from 'jose';

/** How long a fetched key set is trusted without refetching. */
export const JWKS_TTL_MS = 10 * 60 * 1000;
const IDB_PREFIX = 'webauth-js.jwks.';

interface CachedSet {
  keys: JWK[];
  fetchedAt: number;
}

export interface JwksSource {
  /** Fetches and parses a key set (no headers). */
  fetchJson(url: string): Promise<unknown>;
  now(): number;
  /**
   * Synchronous storage (localStorage) for one timestamp per URL saying IndexedDB holds a fresh
   * set. Without it IndexedDB is always asked first; with it a first visit skips IndexedDB (whose
   * creation costs ~20 ms in Chromium) and goes straight to the network.
   */
  hints?: Pick<Storage, 'getItem' | 'setItem'>;
}

const memory = new Map<string, CachedSet>();

// A set stamped in the future (the clock was ahead, then corrected) is stale, not trusted until then.
const isFresh = (age: number) => age >= 0 && age < JWKS_TTL_MS;

async function readPersisted(url: string): Promise<CachedSet | undefined> {
  try {
    return (await idbGet<CachedSet>(IDB_PREFIX + url)) ?? undefined;
  } catch {
    return undefined; // No IndexedDB (server side, private mode): memory only.
  }
}

function persist(url: string, set: CachedSet, source: JwksSource): void {
  try {
    idbSet(IDB_PREFIX + url, set)
      .then(() => source.hints?.setItem(IDB_PREFIX + url, String(set.fetchedAt)))
      .catch(() => undefined);
  } catch {
    // idb-keyval throws synchronously where IndexedDB does not exist; the cache is an optimisation.
  }
}

async function fetchSet(url: string, source: JwksSource): Promise<CachedSet> {
  const body = (await source.fetchJson(url)) as { keys?: unknown } | null;
  const keys = Array.isArray(body?.keys) ? (body!.keys as JWK[]) : [];
  const set = { keys, fetchedAt: source.now() };
  memory.set(url, set);
  persist(url, set, source);
  return set;
}

function persistedFresh(url: string, source: JwksSource): boolean {
  try {
    const at = source.hints?.getItem(IDB_PREFIX + url);
    return !source.hints || (at != null && isFresh(source.now() - Number(at)));
  } catch {
    return true; // storage refused: let IndexedDB answer
  }
}

const findKey = (set: CachedSet | undefined, kid: unknown) => set?.keys.find((key) => key.kid === kid);

/**
 * The key with `kid` from the key set at `url`. Throws v10's message when the set has no such key,
 * or the fetch error (its message is the HTTP status text) when the set cannot be fetched.
 */
export async function getSigningKey(url: string, kid: unknown, source: JwksSource): Promise<JWK> {
  const fresh = (set: CachedSet | undefined) => set && isFresh(source.now() - set.fetchedAt);
  let set = memory.get(url);
  if (!fresh(set) && persistedFresh(url, source)) {
    set = await readPersisted(url);
    if (fresh(set)) memory.set(url, set!);
  }
  let key = fresh(set) ? findKey(set, kid) : undefined;
  if (!key) key = findKey(await fetchSet(url, source), kid);
  if (!key) throw new Error(`Could not find a public key for Key ID (kid) "${String(kid)}"`);
  return key;
}

/** Forgets cached key sets (memory only); for tests. */
export function clearJwksMemoryCache(): void {
  memory.clear();
}
