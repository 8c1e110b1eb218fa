/**
 * The local tenant: a real HTTP(S) server speaking the Authentication API, for tests, examples and
 * `npm start`. It listens on 127.0.0.1 only and never makes outgoing requests.
 */
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFileSync, statSync } from 'node:fs';
import type { JWK } from 'jose';
import { BruteForce } from '../state/brute-force.js';
import { CaptchaService } from '../state/captcha.js';
import { createSelfSignedCert } from './cert.js';
import { defaultDefinition } from '../config/defaults.js';
import type { TenantDefinition } from '../config/definition.js';
import { loadDefinitionFile, validateDefinition } from '../config/load.js';
import { buildModel } from '../config/model.js';
import type { TenantContext } from '../state/context.js';
import { KeyRing } from '../state/keys.js';
import { LoginTicketStore } from '../state/login-tickets.js';
import { OtpStore } from '../state/otp-store.js';
import { PasskeySessionStore } from '../state/passkey-sessions.js';
import { Outbox } from '../state/outbox.js';
import type { OutboxMessage } from '../state/outbox.js';
import { DataFile, durableState } from '../state/persistence.js';
import { EndpointRateLimiter } from '../state/rate-limit.js';
import { RefreshTokenStore } from '../state/refresh-tokens.js';
import { ReplayCache } from '../state/replay-cache.js';
import { defaultHostedLibrary } from '../core/tenant-files.js';
import { ResetTicketStore } from '../state/reset-tickets.js';
import { SwitchBoard } from '../state/switches.js';
import { DpopNonces } from '../state/dpop-nonces.js';
import { FaultBoard } from '../state/faults.js';
import type { FaultRule } from '../state/faults.js';
import { createDirectSession } from '../protocol/session-cookie.js';
import type { DirectSession, SessionLogin } from '../protocol/session-cookie.js';
import type { Switches } from '../state/switches.js';
import { createListener } from './router.js';
import { allowedHostNames } from '../protocol/request-guard.js';
import { TenantState } from '../state/state.js';
import type { RecordedRequest } from '../state/state.js';

export type { RecordedRequest };
import { isPasswordHashCost, UserStore } from '../state/users.js';

/** How `startTenant` runs the tenant; every field is optional. */
export interface TenantOptions {
  /** 0 or undefined = ephemeral port. */
  port?: number;
  /** Plain HTTP instead of HTTPS. */
  http?: boolean;
  /** Enable the /__admin/* routes. */
  testEndpoints?: boolean;
  /**
   * Keep the request log (`requests`, `/__admin/requests`); default true. The CLI keeps it only
   * with `--test-endpoints`, the one way to read it from outside: otherwise it would only grow.
   */
  recordRequests?: boolean;
  /** Public host name used in URLs and the issuer; default 'localhost'. */
  host?: string;
  /**
   * More names the tenant answers in the `Host` header, beside `host`, `localhost`, `127.0.0.1`
   * and the definition's custom domain (any port): e.g. the name of a proxy in front of it. Every
   * other `Host` gets 403, so a page that points its own DNS name at 127.0.0.1 cannot read it.
   */
  allowedHosts?: readonly string[];
  /** The tenant definition: an object, or the path of a JSON file. Default: config/defaults.ts. */
  config?: TenantDefinition | string;
  /** Persist users, sessions and refresh tokens in this JSON file (atomic write-and-rename). */
  dataFile?: string;
  /** Start with two signing keys: a previous one in the JWKS and a new current one. */
  rotateKeys?: boolean;
  /** The UMD bundle the hosted login page loads; default the copy built into the package (from the repository: its dist/webauth.min.js). */
  hostedLibrary?: string;
  /**
   * A custom login page: an HTML template served by /authorize instead of the built-in hosted
   * page, with `@@config@@` replaced by the page's configuration (html/custom-login-page.ts).
   */
  loginPage?: string;
  /**
   * Show the built-in definition's test user on the hosted login page. The command sets it when it
   * runs the built-in definition (no `--config`); a user's own definition never shows a user.
   */
  showTestUser?: boolean;
  /**
   * Start with the `blockThirdPartyCookies` switch on: cross-site iframes and fetches get no
   * tenant cookie, and cannot set one (protocol/third-party-cookies.ts).
   */
  blockThirdPartyCookies?: boolean;
  /** Start with the `dpopNonce` switch on: every DPoP proof needs the tenant's nonce. */
  dpopNonce?: boolean;
  /**
   * The signing key: a private RSA JWK, or the path of a JSON file holding one (its `kid` is kept).
   * Default: a new key at every start. With `rotateKeys` it is the current key.
   */
  signingKey?: JWK | string;
  /**
   * The tenant's clock, in milliseconds since the epoch (default `Date.now`): token times, expiry
   * of sessions, codes and tickets, `max_age`. A test moves it to reach an expiry without waiting
   * (`createTestClock` in `webauth-local-tenant/playwright`).
   */
  clock?: () => number;
  /**
   * scrypt's cost N for the passwords the tenant hashes (the definition's plain-text passwords,
   * sign-ups, password changes): a power of two from 1024 to 131072, default 16384. A test suite
   * that logs in often can lower it (1024 costs about a sixteenth); stored hashes of any cost are
   * still read.
   */
  passwordHashCost?: number;
}

/** A started tenant: its addresses, live logs and the test controls. */
export interface RunningTenant {
  /** e.g. 'https://localhost:4400' (no trailing slash). */
  url: string;
  /** e.g. 'localhost:4400' (what an app passes as WebAuth `domain`). */
  domain: string;
  /** `${url}/`, the `iss` of every token. */
  issuer: string;
  /** The bound port (the free one picked for `port: 0`). */
  port: number;
  /** The self-signed certificate (HTTPS mode). */
  certPem?: string;
  /**
   * The value every `/__admin/*` request must send in the `X-Tenant-Admin-Token` header (with
   * `testEndpoints`); random, new at every start. The CLI prints it.
   */
  adminToken: string;
  /** Every request received, in order (not /__admin/*); stays empty with `recordRequests: false`. */
  requests: RecordedRequest[];
  /** Every email and SMS the tenant would have sent, in order (live). */
  outbox: OutboxMessage[];
  /** Adds a new signing key (new `kid`); resolves with that kid. */
  rotateKeys(): Promise<string>;
  /**
   * The durable state (users, sessions, refresh tokens: what `--data` saves) and the outbox, as
   * JSON: tests compare it around a request that must not change anything.
   */
  durableSnapshot(): string;
  /**
   * Signs a user in without a login page: a session exactly like a finished login's, returned
   * with the cookie that carries it (set it in the browser, e.g. Playwright `context.addCookies`).
   * Throws when no user, or more than one, matches.
   */
  createSession(login: SessionLogin): DirectSession;
  /**
   * Installs a fault (an error status, a request that never answers, a delay, a forced /authorize
   * error) on one path; returns the function that removes it. A reset removes every fault.
   */
  addFault(rule: FaultRule): () => void;
  /** Removes every fault. */
  clearFaults(): void;
  /** Changes run-time switches (see `TenantOptions`); answers all of them. A reset restores the start values. */
  setSwitches(changes: Partial<Switches>): Readonly<Switches>;
  /** Stops listening, ends open connections (a hung request too) and waits for the last `--data` write. */
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

function signingKeyOf(key: TenantOptions['signingKey']): JWK | undefined {
  return typeof key === 'string' ? (JSON.parse(readFileSync(key, 'utf8')) as JWK) : key;
}

function resolveDefinition(config: TenantOptions['config']): TenantDefinition {
  if (config === undefined) return defaultDefinition();
  return typeof config === 'string' ? loadDefinitionFile(config) : validateDefinition(structuredClone(config));
}

/**
 * Starts a local tenant on 127.0.0.1 (HTTPS with a fresh self-signed certificate unless `http`),
 * ready when the promise resolves.
 *
 * @example
 * ```ts
 * const tenant = await startTenant({ http: true, testEndpoints: true }); // port 0: a free one
 * const auth = new WebAuth({ domain: tenant.domain, clientID: 'spa-client' });
 * await tenant.close();
 * ```
 */
export async function startTenant(opts: TenantOptions = {}): Promise<RunningTenant> {
  const host = opts.host ?? 'localhost';
  for (const name of [host, ...(opts.allowedHosts ?? [])])
    if (!HOST_NAME.test(name)) throw new Error(`Invalid host name: ${JSON.stringify(name)}`);
  const port = opts.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${String(port)}`);
  const secure = opts.http !== true;
  if (opts.passwordHashCost !== undefined && !isPasswordHashCost(opts.passwordHashCost))
    throw new Error(`Invalid passwordHashCost: ${String(opts.passwordHashCost)} (a power of two from 1024 to 131072)`);
  const definition = resolveDefinition(opts.config);
  // Checked at start so a typo fails loudly; read at each request so edits show on reload.
  if (opts.loginPage !== undefined && !statSync(opts.loginPage, { throwIfNoEntry: false })?.isFile())
    throw new Error(`Login page template not found: ${opts.loginPage}`);
  // Read before listening, so a broken data file stops the start instead of serving half a state.
  const dataFile = opts.dataFile === undefined ? undefined : new DataFile(opts.dataFile);
  const saved = dataFile?.load();

  const cert = secure ? await createSelfSignedCert(host) : undefined;
  const [keys, users] = await Promise.all([
    KeyRing.create(opts.rotateKeys === true, signingKeyOf(opts.signingKey)),
    UserStore.fromDefinition(definition, opts.passwordHashCost),
  ]);
  const state = new TenantState(opts.clock);

  // The public URL needs the bound port, so the context is filled in right after listen().
  let tenant: TenantContext | undefined;
  const listener = createListener(() => tenant);
  const server: Server = cert
    ? createHttpsServer({ key: cert.keyPem, cert: cert.certPem }, listener)
    : createHttpServer(listener);
  const boundPort = await listen(server, port);
  // A broken socket must never surface as an unhandled 'error' event.
  server.on('error', (err) => console.error('[tenant] server error:', err));

  const url = `${secure ? 'https' : 'http'}://${host}:${boundPort}`;
  const issuer = `${url}/`;
  const model = buildModel(definition, issuer);
  const now = state.now;
  tenant = {
    url,
    issuer,
    domain: `${host}:${boundPort}`,
    secure,
    testEndpoints: opts.testEndpoints === true,
    adminToken: randomBytes(32).toString('base64url'),
    allowedHosts: allowedHostNames(host, [model.customDomain?.domain, ...(opts.allowedHosts ?? [])]),
    recordRequests: opts.recordRequests !== false,
    model,
    findClient: (clientId) => (clientId === undefined ? undefined : model.clients.get(clientId)),
    keys,
    secret: randomBytes(32),
    state,
    users,
    outbox: state.register(new Outbox(now)),
    refreshTokens: state.register(new RefreshTokenStore(now)),
    loginTickets: state.register(new LoginTicketStore(now)),
    otps: state.register(new OtpStore(now)),
    resetTickets: state.register(new ResetTicketStore(now)),
    passkeySessions: state.register(new PasskeySessionStore(now)),
    replay: state.register(new ReplayCache(now)),
    captcha: state.register(new CaptchaService(now, model.captcha)),
    bruteForce: state.register(new BruteForce(now, model.bruteForce)),
    rateLimiter: state.register(new EndpointRateLimiter(now, model.rateLimits)),
    switches: state.register(
      new SwitchBoard({
        blockThirdPartyCookies: opts.blockThirdPartyCookies === true,
        dpopNonce: opts.dpopNonce === true,
      }),
    ),
    dpopNonces: state.register(new DpopNonces(now)),
    faults: state.register(new FaultBoard()),
    hostedLibrary: opts.hostedLibrary ?? defaultHostedLibrary(),
    loginPage: opts.loginPage,
    showTestUser: opts.showTestUser === true && opts.config === undefined,
  };
  if (dataFile) dataFile.attach(tenant, saved);
  const context = tenant;

  let closing: Promise<void> | undefined;
  const running: RunningTenant = {
    url,
    domain: tenant.domain,
    issuer,
    port: boundPort,
    adminToken: tenant.adminToken,
    requests: state.requests,
    outbox: tenant.outbox.messages,
    rotateKeys: async () => (await keys.rotate()).kid,
    setSwitches: (changes) => context.switches.set(changes),
    createSession: (login) => createDirectSession(context, login),
    addFault: (rule) => context.faults.add(rule),
    clearFaults: () => context.faults.clear(),
    durableSnapshot: () => JSON.stringify({ ...durableState(context), outbox: context.outbox.messages }),
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would otherwise hold close() open for seconds.
        server.closeAllConnections();
      }).then(() => dataFile?.flush());
      return closing;
    },
  };
  if (cert) running.certPem = cert.certPem;
  return running;
}
