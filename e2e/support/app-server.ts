import { existsSync, statSync, createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageBundles, type PageBundles } from './page-bundles.js';

export interface AppServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface AppServerOptions {
  /** 0 (default) picks an ephemeral port. */
  port?: number;
  /**
   * `immutable`: dist/ and the vendored auth0-js are served as a CDN serves a versioned URL
   * (`public, max-age=31536000, immutable`), so a later page takes them from the HTTP cache. The
   * default, `no-store`, makes every page fetch them again (tests see each rebuild at once).
   */
  libraryCache?: 'no-store' | 'immutable';
  /** Answers every request this many ms late (the benches' CDN latency); read per request. */
  latencyMs?: () => number;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** jose as one module, for the test pages' import maps (e2e/support/page-bundles.ts). */
export const JOSE_BUNDLE_PATH = '/test-deps/jose.js';
/** Our dist/esm as an app's bundler would split it, for the test pages' `?lib=esm` (page-bundles.ts). */
const ESM_BUNDLE_PREFIX = '/test-deps/webauth-esm/';

// Walk up to package.json so this works from e2e/support and from e2e/.build/support alike.
function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('app-server: could not find the repository root');
    dir = parent;
  }
  return dir;
}

const root = findRepoRoot();

// Longest prefix first, so /node_modules/… never shadows a more specific mount.
const MOUNTS: ReadonlyArray<readonly [prefix: string, dir: string]> = [
  ['/vendor/auth0-js/', join(root, 'node_modules', 'auth0-js', 'dist')],
  ['/node_modules/', join(root, 'node_modules')],
  ['/examples/', join(root, 'examples')],
  ['/pages/', join(root, 'e2e', 'pages')],
  ['/dist/', join(root, 'dist')],
];

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  libraryCache: AppServerOptions['libraryCache'],
  { joseFile, esmDir }: PageBundles,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });

  // Parse by hand: new URL() would quietly resolve '..' segments before we could refuse them.
  const rawPath = (req.url ?? '').split(/[?#]/, 1)[0] ?? '';
  if (!rawPath.startsWith('/')) return send(res, 400, 'Bad Request');
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return send(res, 400, 'Bad Request');
  }
  // Reject traversal outright rather than silently normalising it away.
  if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..')) {
    return send(res, 403, 'Forbidden');
  }

  if (pathname === JOSE_BUNDLE_PATH) {
    // Built when the server started; a 404, not a crash, if it was deleted since.
    const size = statSync(joseFile, { throwIfNoEntry: false })?.size;
    return size === undefined ? send(res, 404, 'Not Found') : sendFile(req, res, joseFile, 'no-store', size);
  }
  // Built when the server started; a 404 below if it was not (no dist/esm) or was deleted since.
  const mounts = esmDir ? [[ESM_BUNDLE_PREFIX, esmDir] as const, ...MOUNTS] : MOUNTS;
  const mount = mounts.find(([prefix]) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
  if (!mount) return send(res, 404, 'Not Found');
  const [prefix, base] = mount;
  let file = resolve(base, '.' + pathname.slice(prefix.length - 1));
  if (file !== base && !file.startsWith(base + sep)) return send(res, 403, 'Forbidden');

  let stats = statSync(file, { throwIfNoEntry: false });
  if (stats?.isDirectory()) {
    // Directory URLs need the trailing slash so relative links inside index.html resolve.
    if (!pathname.endsWith('/')) return send(res, 301, 'Moved', { Location: pathname + '/' });
    file = join(file, 'index.html');
    stats = statSync(file, { throwIfNoEntry: false });
  }
  if (!stats?.isFile()) return send(res, 404, 'Not Found');
  const cache = libraryCache === 'immutable' && /^\/(dist|vendor)\//.test(pathname) ? IMMUTABLE : 'no-store';
  sendFile(req, res, file, cache, stats.size);
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cache: string, size: number): void {
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': String(size),
    'Cache-Control': cache,
  });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * Serves the test pages, dist/, examples/, selected node_modules, and jose and our dist/esm bundled
 * as an app's bundler would (the pages' import maps and `?lib=esm`) on 127.0.0.1.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const bundles = await pageBundles(root);
  const answer = (req: IncomingMessage, res: ServerResponse) => handle(req, res, options.libraryCache, bundles);
  const delay = options.latencyMs;
  const server = createServer(
    delay ? (req, res) => (delay() > 0 ? setTimeout(answer, delay(), req, res) : answer(req, res)) : answer,
  );
  return new Promise((resolveStart, rejectStart) => {
    server.once('error', rejectStart);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', rejectStart);
      const { port } = server.address() as AddressInfo;
      resolveStart({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () =>
          new Promise<void>((resolveClose, rejectClose) => {
            server.close((err) => (err ? rejectClose(err) : resolveClose()));
            // Browsers keep connections alive; don't let them hold close() open.
            server.closeAllConnections();
          }),
      });
    });
  });
}
