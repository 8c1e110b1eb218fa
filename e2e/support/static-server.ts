/** Serves one directory on 127.0.0.1 (an ephemeral port), for apps built into a temp folder. */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import type { AppServer } from './app-server.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function serveDirectory(dir: string): Promise<AppServer> {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const pathname = decodeURIComponent((req.url ?? '/').split(/[?#]/, 1)[0] ?? '/');
      const file = resolve(root, '.' + (pathname.endsWith('/') ? pathname + 'index.html' : pathname));
      // resolve() has already folded any '..'; anything outside the folder is refused.
      if (!file.startsWith(root + sep)) return void res.writeHead(403).end();
      const body = await readFile(file);
      res
        .writeHead(200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-store',
        })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((done, fail) => {
    server.once('error', fail).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed());
            server.closeAllConnections();
          }),
      });
    });
  });
}
