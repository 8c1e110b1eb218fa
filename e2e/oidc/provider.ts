/**
 * An independent OpenID provider for the e2e suite: panva's oidc-provider (OpenID-certified), on
 * 127.0.0.1 over HTTPS under a `*.test` name, with the identity service's endpoint paths and one
 * public SPA client. Nothing here is the local tenant's code: what passes against it is standard.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type TokenEvent } from 'oidc-provider';
import { ALICE } from '../support/flow.js';
import { createSelfSignedCert } from '../tenant/index.js';
import { interactionRoutes, type Account } from './interactions.js';
import { providerClient, type ProviderClient } from './provider-client.js';
import type { SeenRequest } from './journey.js';

export const ACCOUNT: Account = { sub: 'alice-0001', email: ALICE.email, password: ALICE.password, name: 'Alice' };
export const CLIENT_ID = 'spa-client';
/** The identity service's paths; introspection has none there, so it gets one of its own. */
export const ROUTES = {
  authorization: '/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  jwks: '/.well-known/jwks.json',
  userinfo: '/userinfo',
  introspection: '/oauth/introspect',
  end_session: '/v2/logout',
};

export interface ProviderOptions {
  /** The app's origin (https): the client's redirect URIs and the one CORS origin. */
  appOrigin: string;
  /** Default 'op.test' (Chromium maps *.test to 127.0.0.1). */
  host?: string;
}

export interface RunningProvider extends ProviderClient {
  /** `https://op.test:<port>` */
  url: string;
  /** What an app passes as `domain`. */
  domain: string;
  /** `${url}/`: the identity service's issuer form, so apps need no issuer override. */
  issuer: string;
  /** Every request received (method, path, headers), CORS preflights included. */
  requests: SeenRequest[];
  /** Refresh-token, access-token and grant events, in order. */
  events: { name: string; jti: string; grantId?: string }[];
  /** Resolves once the provider has emitted `name` (for token `jti`, when given), at once if it has. */
  waitForEvent(name: string, jti?: string): Promise<void>;
  /** Every DPoP proof needs the provider's nonce while this is on. */
  setRequireDpopNonce(on: boolean): void;
  close(): Promise<void>;
}

const EVENTS = [
  'refresh_token.saved',
  'refresh_token.consumed',
  'refresh_token.destroyed',
  'access_token.saved',
  'grant.revoked',
];

async function signingKey() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

function configuration(appOrigin: string, introspectorSecret: string, switches: { dpopNonce: boolean }, jwk: object) {
  const pages = ['umd', 'esm'].map((lib) => `${appOrigin}/pages/app.html?lib=${lib}`);
  return {
    clients: [
      {
        client_id: CLIENT_ID,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: pages,
        post_logout_redirect_uris: pages,
        response_types: ['code', 'id_token token'],
        grant_types: ['authorization_code', 'refresh_token', 'implicit'],
        scope: 'openid profile email offline_access',
      },
      {
        // Confidential: the test reads the provider's side of a token through introspection.
        client_id: 'introspector',
        client_secret: introspectorSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: [],
        response_types: [],
        grant_types: [],
      },
    ],
    routes: ROUTES,
    responseTypes: ['code', 'id_token token'],
    pkce: { required: () => true },
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx: unknown, origin: string, client: { clientId: string }) =>
      client.clientId === CLIENT_ID && URL.parse(origin)?.origin === appOrigin,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) =>
      sub === ACCOUNT.sub
        ? {
            accountId: sub,
            claims: () => ({ sub, email: ACCOUNT.email, email_verified: true, name: ACCOUNT.name }),
          }
        : undefined,
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      userinfo: { enabled: true },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      dPoP: { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => switches.dpopNonce },
    },
  };
}

/** Starts the provider; close() stops it. */
export async function startOidcProvider(options: ProviderOptions): Promise<RunningProvider> {
  const host = options.host ?? 'op.test';
  const appOrigin = new URL(options.appOrigin).origin;
  const introspectorSecret = randomBytes(24).toString('base64url');
  const switches = { dpopNonce: false };
  const [cert, jwk] = await Promise.all([createSelfSignedCert(host), signingKey()]);
  const requests: SeenRequest[] = [];
  const events: RunningProvider['events'] = [];

  let handle: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void = (_q, s) =>
    void s.writeHead(503).end();
  const server: Server = createServer({ key: cert.keyPem, cert: cert.certPem }, (req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `https://${host}:${port}`;

  const provider = new Provider(`${url}/`, configuration(appOrigin, introspectorSecret, switches, jwk));
  const waiters = new Set<() => void>();
  for (const name of EVENTS)
    provider.on(name, (token: TokenEvent) => {
      events.push({ name, jti: token.jti, grantId: token.grantId });
      for (const check of waiters) check();
    });
  const waitForEvent = (name: string, jti?: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!events.some((e) => e.name === name && (jti === undefined || e.jti === jti))) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  const koa = provider.callback();
  const interactions = interactionRoutes(provider, ACCOUNT);
  handle = (req, res) => {
    const target = new URL(req.url ?? '/', url);
    const path = target.pathname;
    const query = Object.fromEntries(target.searchParams);
    requests.push({ method: req.method ?? 'GET', path, query, headers: { ...req.headers } as Record<string, string> });
    interactions(req, res, path)
      .then((done) => done || koa(req, res))
      .catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
  };

  return {
    url,
    domain: `${host}:${port}`,
    issuer: `${url}/`,
    requests,
    events,
    waitForEvent,
    setRequireDpopNonce: (on) => void (switches.dpopNonce = on),
    ...providerClient({ port, host, ca: cert.certPem, introspector: ['introspector', introspectorSecret] }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
