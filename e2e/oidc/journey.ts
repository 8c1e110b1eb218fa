/**
 * A journey's requests as a server saw them, one row per request: method, path, body type, who
 * sent it (the app page across origins, or a navigation) and whether a CORS preflight came first.
 */
export interface SeenRequest {
  method: string;
  path: string;
  /** The query string as parsed (the provider's log keeps it; the tenant's too). */
  query?: Record<string, string>;
  headers: Record<string, string | undefined>;
}

export interface JourneyRow {
  method: string;
  path: string;
  /** The media type without parameters; '' without a body. */
  contentType: string;
  /** 'app' when the app's origin sent it (fetch/XHR or a form), else 'other'. */
  from: 'app' | 'other';
  /** Whether a CORS preflight came first, and the request headers it asked for (what caused it). */
  preflight: boolean;
  preflightHeaders: string;
}

export function journeyRows(requests: readonly SeenRequest[], appOrigin: string): JourneyRow[] {
  const app = new URL(appOrigin).origin;
  const pending = new Map<string, string>();
  const rows: JourneyRow[] = [];
  for (const r of requests) {
    if (r.method === 'OPTIONS') {
      const key = `${r.headers['access-control-request-method'] ?? ''} ${r.path}`;
      pending.set(key, r.headers['access-control-request-headers'] ?? '');
      continue;
    }
    const key = `${r.method} ${r.path}`;
    const origin = r.headers['origin'];
    rows.push({
      method: r.method,
      path: r.path,
      contentType: (r.headers['content-type'] ?? '').split(';')[0]!.trim(),
      from: origin && URL.parse(origin)?.origin === app ? 'app' : 'other',
      preflight: pending.has(key),
      preflightHeaders: pending.get(key) ?? '',
    });
    pending.delete(key);
  }
  return rows;
}

/** The rows as aligned text, and a count of preflights. */
export function formatJourney(requests: readonly SeenRequest[], appOrigin: string): string {
  const rows = journeyRows(requests, appOrigin);
  const lines = rows.map(
    (r) =>
      `${r.method.padEnd(5)} ${r.path.padEnd(28)} ${(r.contentType || '-').padEnd(34)} ${r.from.padEnd(10)} ${r.preflight ? `preflight (${r.preflightHeaders})` : ''}`,
  );
  const preflights = rows.filter((r) => r.preflight).length;
  return [...lines, `${rows.length} requests, ${preflights} CORS preflights`].join('\n');
}
