/**
 * An HTTPS front for a plain-HTTP test server (self-signed certificate, on 127.0.0.1), so a page
 * can be a secure context under any host name Chromium maps to loopback (`localhost`, `*.test`).
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSelfSignedCert } from '../tenant/index.js';

export interface HttpsProxy {
  port: number;
  close(): Promise<void>;
}

/** Forwards every request to `upstream` (e.g. `http://127.0.0.1:1234`), headers and body as they are. */
export async function startHttpsProxy(upstream: string): Promise<HttpsProxy> {
  const cert = await createSelfSignedCert();
  const proxy = createHttpsServer(
    { key: cert.keyPem, cert: cert.certPem },
    (req: IncomingMessage, res: ServerResponse) => {
      const forward = httpRequest(`${upstream}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    },
  );
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
