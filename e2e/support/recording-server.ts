/**
 * A small HTTP server for specs that stand in for a site or an API: on 127.0.0.1 with an ephemeral
 * port (so an origin of its own), recording each request as `METHOD /path` before `answer` runs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingServer {
  url: string;
  /** `METHOD /path` of every request so far; a spec may empty it. */
  requests: string[];
  close(): Promise<void>;
}

/** Starts a server that records each request, then hands it to `answer` with its path. */
export async function startRecordingServer(
  answer: (path: string, req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<RecordingServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(`${req.method} ${path}`);
    void answer(path, req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
}

/** CORS headers that let the requesting page's origin call with credentials and the library's headers. */
export const corsHeaders = (req: IncomingMessage) => ({
  'access-control-allow-origin': String(req.headers.origin ?? '*'),
  'access-control-allow-headers': 'content-type, auth0-client',
  'access-control-allow-credentials': 'true',
});
