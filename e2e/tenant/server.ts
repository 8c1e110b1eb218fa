/**
 * The local tenant: a real HTTP(S) server speaking the Authentication API, for tests, examples and
 * `npm start`. It listens on 127.0.0.1 only and never makes outgoing requests.
 */
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSelfSignedCert } from './cert.js';
import type { TenantContext } from './context.js';
import { USERS } from './fixtures.js';
import { createSigningKey } from './keys.js';
import { createListener } from './router.js';
import { TenantState } from './state.js';
import { UserStore } from './users.js';

export interface TenantOptions {
  /** 0 or undefined = ephemeral port. */
  port?: number;
  /** Plain HTTP instead of HTTPS. */
  http?: boolean;
  /** Enable the /__admin/* routes. */
  testEndpoints?: boolean;
  /** Public host name used in URLs and the issuer; default 'localhost'. */
  host?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  time: number;
}

export interface RunningTenant {
  /** e.g. 'https://localhost:4400' (no trailing slash). */
  url: string;
  /** e.g. 'localhost:4400' (what an app passes as WebAuth `domain`). */
  domain: string;
  /** `${url}/`, the `iss` of every token. */
  issuer: string;
  port: number;
  /** The self-signed certificate (HTTPS mode). */
  certPem?: string;
  /** Every request received, in order (not /__admin/*). */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The only interface the tenant ever binds to. */
const BIND_ADDRESS = '127.0.0.1';
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      reject(err.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${BIND_ADDRESS} is already in use.`) : err);
    };
    server.once('error', onError);
    server.listen(port, BIND_ADDRESS, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startTenant(opts: TenantOptions = {}): Promise<RunningTenant> {
  const host = opts.host ?? 'localhost';
  if (!HOST_NAME.test(host)) throw new Error(`Invalid host name: ${JSON.stringify(host)}`);
  const port = opts.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${String(port)}`);
  const secure = opts.http !== true;

  const cert = secure ? createSelfSignedCert(host) : undefined;
  const [key, users] = await Promise.all([createSigningKey(), UserStore.fromFixtures(USERS)]);
  const state = new TenantState();

  // The public URL needs the bound port, so the context is filled in right after listen().
  let tenant: TenantContext | undefined;
  const listener = createListener(() => tenant);
  const server: Server = cert ? createHttpsServer({ key: cert.keyPem, cert: cert.certPem }, listener) : createHttpServer(listener);
  const boundPort = await listen(server, port);
  // A broken socket must never surface as an unhandled 'error' event.
  server.on('error', (err) => console.error('[tenant] server error:', err));

  const url = `${secure ? 'https' : 'http'}://${host}:${boundPort}`;
  tenant = {
    url,
    issuer: `${url}/`,
    domain: `${host}:${boundPort}`,
    secure,
    key,
    state,
    users,
    testEndpoints: opts.testEndpoints === true,
  };

  let closing: Promise<void> | undefined;
  const running: RunningTenant = {
    url,
    domain: tenant.domain,
    issuer: tenant.issuer,
    port: boundPort,
    requests: state.requests,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would otherwise hold close() open for seconds.
        server.closeAllConnections();
      });
      return closing;
    },
  };
  if (cert) running.certPem = cert.certPem;
  return running;
}
