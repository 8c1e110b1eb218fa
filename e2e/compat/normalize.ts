/**
 * Normalisation of a scenario record before two libraries' records are compared: values that are
 * random or that name the library (state, nonce, tokens, ports, telemetry version, timestamps) are
 * replaced by placeholders. Each rule here is one of the reviewed legitimate differences.
 */

export interface Placeholders {
  /** Literal strings to replace, longest first (origins, state and nonce values). */
  literals: Map<string, string>;
}

const JWT = /\beyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g;
const TIME_CLAIMS = new Set(['iat', 'exp', 'auth_time', 'updated_at', 'time', 'expires']);
// Per-login random values of the tenant (login transaction id, session id, and the hash of the
// random access token, the opaque refresh token, a new user's id), not of the library.
const RANDOM_KEYS = new Set(['tx', 'sid', 'at_hash', 'refreshToken', 'Id']);
const JWKS_MARKER = 'webauth-js.jwks.';
// Our expiry item beside each localStorage transaction (COMPATIBILITY S12): auth0-js keeps them for ever.
const EXPIRY_MARKER = 'webauth-js.expires.';

/** Decodes an `Auth0-Client` value and hides the version numbers, which name the library. */
function normalizeTelemetry(value: string): string {
  try {
    const json = JSON.parse(atob(decodeURIComponent(value).replace(/-/g, '+').replace(/_/g, '/')));
    const hide = (v: unknown) => (typeof v === 'string' ? '<version>' : v);
    if (json.env) json.env = Object.fromEntries(Object.entries(json.env).map(([k, v]) => [k, hide(v)]));
    return `<telemetry ${JSON.stringify({ ...json, version: hide(json.version) })}>`;
  } catch {
    return '<telemetry unreadable>';
  }
}

function normalizeString(text: string, p: Placeholders): string {
  let out = text.replace(JWT, '<jwt>');
  out = out.replace(/(auth0Client=)([^&#]+)/g, (_m, key: string, value: string) => key + normalizeTelemetry(value));
  for (const [literal, placeholder] of p.literals) out = out.split(literal).join(placeholder);
  for (const [literal, placeholder] of p.literals) out = out.split(encodeURIComponent(literal)).join(placeholder);
  // Cookie names encode the root URL twice (the verifier key, reference §9.4).
  for (const [literal, placeholder] of p.literals)
    out = out.split(encodeURIComponent(encodeURIComponent(literal))).join(placeholder);
  // A passwordless user created at first login gets an id from the tenant's secret (one tenant per library).
  out = out.replace(/(email|sms)\|[0-9a-f]{24}(?![0-9a-f])/g, '$1|<new user id>');
  // COMPATIBILITY.md D2: we URL-encode the user id in Management paths; compared decoded.
  out = out.replace(/\/api\/v2\/users\/[^?#"\s]*/g, (path) => decodeURIComponent(path));
  return out.replace(/lib(=|%3D)(umd|esm|ref)/g, 'lib$1<lib>');
}

/** Returns a normalised deep copy of `value`. */
export function normalize(value: unknown, p: Placeholders, key = ''): unknown {
  if (typeof value === 'string') {
    if (RANDOM_KEYS.has(key)) return '<random>';
    // The tenant's clock, as an ISO date (a Management user's `updated_at`).
    if (TIME_CLAIMS.has(key) && /^\d{4}-\d\d-\d\dT/.test(value)) return '<time>';
    if (key === 'auth0-client' || key === 'auth0Client') return normalizeTelemetry(value);
    return normalizeString(value, p);
  }
  if (typeof value === 'number' && TIME_CLAIMS.has(key)) return '<time>';
  if (Array.isArray(value)) return value.map((item) => normalize(item, p));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // COMPATIBILITY.md S5: a /co/authenticate failure without a JSON body is `request_error` in
    // both, but v10's description dumps the request (with the password); only the text differs.
    const requestError = (value as Record<string, unknown>).error === 'request_error';
    for (const [k, v] of Object.entries(value)) {
      // Our key-set marker in localStorage (COMPATIBILITY.md A4): auth0-js keeps no key cache.
      if (k.startsWith(JWKS_MARKER) || k.startsWith(EXPIRY_MARKER)) continue;
      // COMPATIBILITY.md A5: our 429 errors also carry the rate-limit headers as `rateLimit`.
      // Our `hint` on misconfiguration errors (COMPATIBILITY addition, issue 18 point 6).
      if (k === 'rateLimit' || k === 'hint') continue;
      if (requestError && (k === 'error_description' || k === 'description') && typeof v === 'string') {
        out[k] = '<request_error description (S5)>';
        continue;
      }
      out[normalizeString(k, p)] = normalize(v, p, k);
    }
    return out;
  }
  return value;
}

/** Learns the random values a library sent to /authorize so they can be replaced by name. */
export function learnAuthorizeValues(query: Record<string, string>, p: Placeholders, prefix = ''): void {
  for (const name of ['state', 'nonce'] as const) {
    const value = query[name];
    // Only the library's random values (32 characters); a short state a scenario chose, like
    // 'S', must stay as it is rather than be replaced everywhere it occurs.
    if (value && value.length >= 16 && !p.literals.has(value)) p.literals.set(value, `<${prefix}${name}>`);
  }
}

/** Learns the tenant's random cross-origin login values (ticket, verification id) from a request. */
export function learnTenantValues(path: string, query: Record<string, string>, p: Placeholders): void {
  if (query.login_ticket && !p.literals.has(query.login_ticket)) p.literals.set(query.login_ticket, '<login_ticket>');
  if (path === '/co/verify' && query.id && !p.literals.has(query.id)) p.literals.set(query.id, '<co_verify_id>');
}

export interface StorageEntry {
  cookies: { name: string; value: string }[];
  localStorage: Record<string, string>;
}

/** Learns state and nonce from transactions stored before any /authorize request (reference §9.2). */
export function learnStoredTransactions(entry: StorageEntry, p: Placeholders): void {
  const stored = [
    ...entry.cookies.map((c) => [c.name, decodeURIComponent(c.value)]),
    ...Object.entries(entry.localStorage),
  ];
  for (const [name, value] of stored) {
    if (!name || !value || !/^(_)?com\.auth0\.auth\./.test(name)) continue;
    try {
      learnAuthorizeValues(JSON.parse(value), p, 'stored ');
    } catch {
      // Not a transaction.
    }
  }
}
