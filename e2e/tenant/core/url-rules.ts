/**
 * Matching of Allowed Callback / Logout URLs and Allowed Web Origins.
 *
 * Pattern syntax (deliberately tiny): `scheme://host[:port][path]`
 *   - port `*` matches any port, including none (the scheme default);
 *   - path `/*` matches any path and query; another path must match path+query exactly;
 *   - no path means "origin only" (used for web origins).
 * Host wildcards are not supported on purpose: the tenant only ever trusts fixed hosts.
 */

interface ParsedPattern {
  scheme: string;
  host: string;
  port: string | '*';
  path: string | '/*' | null;
}

const PATTERN = /^([a-z][a-z0-9+.-]*):\/\/([^/:?#]+)(?::(\*|\d{1,5}))?(\/[^#]*)?$/i;

function parsePattern(pattern: string): ParsedPattern | null {
  const m = PATTERN.exec(pattern);
  if (!m) return null;
  const [, scheme = '', host = '', port = '', path] = m;
  return { scheme: scheme.toLowerCase(), host: host.toLowerCase(), port, path: path ?? null };
}

/** Parse a URL the browser gave us; anything ambiguous is refused rather than normalised. */
export function parseCandidate(candidate: string): URL | null {
  // Control characters and whitespace are silently stripped by the URL parser; refuse them instead.
  if (candidate.length === 0 || candidate.length > 2048 || /[\s\x00-\x1f\x7f]/.test(candidate)) return null;
  if (candidate.includes('#')) return null; // OAuth forbids fragments in redirect URIs
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url;
}

/** True for a well-formed pattern; `originOnly` patterns must not carry a path (web origins). */
export function isValidPattern(pattern: string, originOnly = false): boolean {
  const p = parsePattern(pattern);
  return p !== null && (p.scheme === 'http' || p.scheme === 'https') && (!originOnly || p.path === null);
}

export function matchesPattern(pattern: string, candidate: string): boolean {
  const p = parsePattern(pattern);
  const url = parseCandidate(candidate);
  if (!p || !url) return false;
  if (url.protocol !== `${p.scheme}:`) return false;
  if (url.hostname !== p.host) return false;
  if (p.port !== '*' && url.port !== p.port) return false;
  if (p.path === '/*') return true;
  if (p.path === null) {
    // Origin only: the candidate must not carry a path or query (a bare trailing "/" is tolerated).
    return url.pathname === '/' && url.search === '' && !/^[a-z]+:\/\/[^/]+\/./i.test(candidate);
  }
  return url.pathname + url.search === p.path;
}

export function matchesAny(patterns: readonly string[], candidate: string): boolean {
  return patterns.some((p) => matchesPattern(p, candidate));
}
