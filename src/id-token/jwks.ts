/**
 * JSON Web Key Sets, fetched once and cached (in memory and in localStorage, or in IndexedDB through
 * idb-keyval where localStorage refuses them) instead of on every validation as v10 did. An unknown `kid` refetches, at most once
 * per {@link UNKNOWN_KID_COOLDOWN_MS}, so key rotation keeps working while forged key ids cost no
 * request each; parallel checks share one request per URL.
 */
import { createStore, get as idbGet, set as idbSet } from 'idb-keyval';
import { idbWithin } from '../browser/idb-deadline.js';
import { base64url, type JWK } from 'jose';
import { isPlainObject } from '../shared/objects.js';

/** How long a fetched key set is trusted when its response has no usable `Cache-Control: max-age`. */
export const JWKS_TTL_MS = 10 * 60 * 1000;
/** The shortest lifetime a `max-age` may give a key set (also for `no-store`, `no-cache`, `max-age=0`). */
export const JWKS_TTL_FLOOR_MS = 60 * 1000;
/** The longest lifetime a `max-age` may give a key set: a rotated-out key is dropped within a day. */
export const JWKS_TTL_CAP_MS = 24 * 60 * 60 * 1000;
/** The shortest time between two requests for the same key set caused by unknown key ids. */
export const UNKNOWN_KID_COOLDOWN_MS = 30_000;
/** How long IndexedDB may take to answer before the network is asked instead. */
export const IDB_READ_TIMEOUT_MS = 300;
/** Prefix of the localStorage freshness markers (COMPATIBILITY A4). */
const IDB_PREFIX = 'webauth-js.jwks.';
// A database of our own (opened lazily): another script using idb-keyval's shared default store
// cannot read, replace or wipe the cached keys, nor stall our reads with its own upgrade.
const keySetStore = createStore('webauth-js', 'jwks');

interface CachedSet {
  keys: JWK[];
  fetchedAt: number;
  /** Lifetime from the response's `Cache-Control`, within the floor and cap. */
  ttl: number;
}

export interface JwksSource {
  /** Fetches and parses a key set (no headers); `cacheControl` is the response header, if any. */
  fetchJson(url: string): Promise<{ body: unknown; cacheControl?: string | undefined }>;
  now(): number;
  /** Calls `fn` after `ms` milliseconds; returns a function that cancels it. */
  timer(fn: () => void, ms: number): () => void;
  /**
   * Synchronous storage (localStorage) for the set itself, one item per URL: a later page reads it
   * at once, where opening IndexedDB on a new page took ~6 ms in Chromium. Where it refuses the set,
   * the item is a timestamp saying IndexedDB holds it. Without it IndexedDB is always asked first.
   */
  hints?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Told which key was used and where its set came from (the `debug` option). */
  trace?: ((kid: unknown, from: 'memory' | 'localStorage' | 'indexedDB' | 'network') => void) | undefined;
}

/** Bits of a base64url modulus, leading zero bytes not counted (0 when it does not decode). */
function modulusBits(n: string): number {
  let bytes: Uint8Array;
  try {
    bytes = base64url.decode(n);
  } catch {
    return 0;
  }
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  return i === bytes.length ? 0 : (bytes.length - i) * 8 - Math.clz32(bytes[i]!) + 24;
}

/**
 * A key this library may verify with: RSA, public only, at least 2048 bits, and, when it says so,
 * meant for signatures (`use`, `key_ops` including `verify`) with RS256 (`alg`). Anything else in a hostile or sloppy key set is
 * ignored, as if absent.
 */
function isSigningKey(key: unknown): key is JWK {
  if (!isPlainObject(key)) return false;
  return (
    key.kty === 'RSA' &&
    (key.use === undefined || key.use === 'sig') &&
    (key.key_ops === undefined || (Array.isArray(key.key_ops) && key.key_ops.includes('verify'))) &&
    (key.alg === undefined || key.alg === 'RS256') &&
    !('d' in key || 'p' in key || 'q' in key) &&
    typeof key.e === 'string' &&
    typeof key.n === 'string' &&
    modulusBits(key.n) >= 2048
  );
}

/** The usable keys of a fetched body (`{ keys: [...] }`) or stored set; anything else has none. */
const signingKeys = (value: unknown): JWK[] =>
  isPlainObject(value) && Array.isArray(value.keys) ? value.keys.filter(isSigningKey) : [];

/**
 * A stored set, if it has the shape this module writes: only signing keys, a fetch time and a lifetime. The
 * database may hold anything (another script, an older version), so anything else is no set.
 */
function storedSet(value: unknown): CachedSet | undefined {
  if (!isPlainObject(value) || !Array.isArray(value.keys) || typeof value.fetchedAt !== 'number') return undefined;
  // A stored lifetime is clamped again: the database is not trusted to hold what was written.
  const { keys, fetchedAt, ttl } = value;
  return typeof ttl === 'number' && keys.every(isSigningKey) ? { keys, fetchedAt, ttl: clampTtl(ttl) } : undefined;
}

const clampTtl = (ms: number) => Math.min(JWKS_TTL_CAP_MS, Math.max(JWKS_TTL_FLOOR_MS, ms));

/** A key set's lifetime from its `Cache-Control` header: `max-age` within the floor and cap. */
export function keySetTtl(cacheControl = ''): number {
  if (/(^|,)\s*no-(store|cache)\s*(,|$)/i.test(cacheControl)) return JWKS_TTL_FLOOR_MS;
  const maxAge = /(^|,)\s*max-age=(\d+)\s*(,|$)/i.exec(cacheControl);
  return maxAge ? clampTtl(+maxAge[2]! * 1000) : JWKS_TTL_MS;
}

const memory = new Map<string, CachedSet>();
const inFlight = new Map<string, Promise<CachedSet>>();
/** When each URL was last requested (or the cached set was fetched, if later). */
const lastRequest = new Map<string, number>();

// A set stamped in the future (the clock was ahead, then corrected) is stale, not trusted until then.
const isFresh = (age: number, ttl: number) => age >= 0 && age < ttl;

/** The stored set, or undefined: no IndexedDB (server side, private mode) or a stalled open, when the network answers. */
const readPersisted = (url: string, source: JwksSource): Promise<CachedSet | undefined> =>
  idbWithin(source, IDB_READ_TIMEOUT_MS, () => idbGet<unknown>(url, keySetStore)).then(storedSet, () => undefined);

function persist(url: string, set: CachedSet, source: JwksSource): void {
  // The set itself goes into localStorage (public keys, a few KB), read synchronously by the next
  // page; IndexedDB (and a short marker saying it is there) only where localStorage refuses it.
  try {
    if (source.hints) return source.hints.setItem(IDB_PREFIX + url, JSON.stringify(set));
  } catch {
    // Full or refused: IndexedDB below.
  }
  try {
    idbSet(url, set, keySetStore)
      .then(() => source.hints?.setItem(IDB_PREFIX + url, `${set.fetchedAt} ${set.ttl}`))
      .catch(() => undefined);
  } catch {
    // idb-keyval throws synchronously where IndexedDB does not exist; the cache is an optimisation.
  }
}

/** One `start()` per URL at a time: parallel callers share its promise until it settles. */
function shared<T>(flights: Map<string, Promise<T>>, url: string, start: () => Promise<T>): Promise<T> {
  let pending = flights.get(url);
  if (!pending) {
    flights.set(url, (pending = start()));
    // Also handles a rejection, so an unawaited preload that fails is not an unhandled rejection.
    const done = () => void flights.delete(url);
    pending.then(done, done);
  }
  return pending;
}

/** One request per URL at a time. */
const fetchSet = (url: string, source: JwksSource): Promise<CachedSet> =>
  shared(inFlight, url, () => {
    lastRequest.set(url, source.now());
    return source.fetchJson(url).then(({ body, cacheControl }) => {
      const set = { keys: signingKeys(body), fetchedAt: source.now(), ttl: keySetTtl(cacheControl) };
      memory.set(url, set);
      persist(url, set, source);
      return set;
    });
  });

/**
 * What the localStorage item for `url` says: the set itself (as `persist` writes it), `indexedDB`
 * when IndexedDB should be asked (its marker is fresh, or there is no synchronous storage), or
 * undefined when nothing fresh is stored.
 */
function marked(url: string, source: JwksSource): CachedSet | 'indexedDB' | undefined {
  try {
    if (!source.hints) return 'indexedDB';
    const hint = source.hints.getItem(IDB_PREFIX + url) ?? '';
    if (hint.startsWith('{')) return storedSet(JSON.parse(hint));
    // "fetchedAt ttl" (a marker without a lifetime reads as stale).
    const [at, ttl] = hint.split(' ');
    return hint && isFresh(source.now() - Number(at), clampTtl(Number(ttl))) ? 'indexedDB' : undefined;
  } catch {
    return 'indexedDB'; // storage refused, or an item that is not ours: let IndexedDB answer
  }
}

const findKey = (set: CachedSet | undefined, kid: unknown) => set?.keys.find((key) => key.kid === kid);

/** True when a fresh set lacking `kid` may be refetched: no request for it in the last 30 s. */
function mayRefetch(url: string, set: CachedSet, source: JwksSource): boolean {
  const last = Math.max(set.fetchedAt, lastRequest.get(url) ?? -Infinity);
  return !(source.now() - last < UNKNOWN_KID_COOLDOWN_MS && source.now() >= last);
}

type KeySetOrigin = 'memory' | 'localStorage' | 'indexedDB' | 'network';
interface LoadedSet {
  set: CachedSet;
  from: KeySetOrigin;
}
/** Loads under way, one per URL: a preload and the verifications that come while it runs share it. */
const loads = new Map<string, Promise<LoadedSet>>();

/**
 * A fresh set from memory, else localStorage, else IndexedDB (when its marker says fresh), else the network. Runs
 * synchronously up to the request when nothing fresh is stored, so a first visit's request starts
 * before the caller goes on.
 */
async function loadSet(url: string, source: JwksSource): Promise<LoadedSet> {
  const fresh = (set: CachedSet | undefined): set is CachedSet =>
    !!set && isFresh(source.now() - set.fetchedAt, set.ttl);
  let set = memory.get(url);
  let from: KeySetOrigin = 'memory';
  if (!fresh(set) && !inFlight.has(url)) {
    const stored = marked(url, source);
    from = stored === 'indexedDB' ? stored : 'localStorage';
    set = stored === 'indexedDB' ? await readPersisted(url, source) : stored;
    if (fresh(set)) memory.set(url, set);
  }
  return fresh(set) ? { set, from } : { set: await fetchSet(url, source), from: 'network' };
}

/**
 * Starts loading the key set at `url` (memory, IndexedDB, then the network), so a flow can overlap
 * it with its iframe, popup or redirect without awaiting it; a {@link getSigningKey} for `url`
 * while it runs awaits it (its failure included) instead of loading again. The URL must come from
 * the configuration, never from a token.
 */
export const preloadKeySet = (url: string, source: JwksSource): Promise<LoadedSet> =>
  shared(loads, url, () => loadSet(url, source));

/**
 * The key with `kid` from the key set at `url`. Throws v10's message when the set has no such key,
 * the fetch error (its message is the HTTP status text) when the set cannot be fetched, or a
 * `timeout` error when the key-set endpoint does not answer.
 */
export async function getSigningKey(url: string, kid: unknown, source: JwksSource): Promise<JWK> {
  const loaded = await preloadKeySet(url, source);
  let from = loaded.from;
  let key = findKey(loaded.set, kid);
  if (!key && mayRefetch(url, loaded.set, source)) {
    key = findKey(await fetchSet(url, source), kid);
    from = 'network';
  }
  if (key) source.trace?.(kid, from);
  if (!key) throw new Error(`Could not find a public key for Key ID (kid) "${String(kid)}"`);
  return key;
}

/** Forgets cached key sets (memory only); for tests. */
export function clearJwksMemoryCache(): void {
  memory.clear();
  lastRequest.clear();
}
