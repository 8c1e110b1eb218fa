/**
 * Client authentication at the token endpoint: the five methods of the seed, each accepted only
 * for the clients registered for it. Exactly one method per request (RFC 6749 §2.3); failures
 * are 401 `invalid_client` (with `WWW-Authenticate: Basic` when Basic was tried).
 */
import { createHash, timingSafeEqual, X509Certificate } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { TokenEndpointAuthMethod } from '../config/definition.js';
import type { Client } from '../config/model.js';
import type { RequestContext } from '../http/types.js';
import { HttpError } from '../http/http-io.js';

export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** Client authentication parameters every grant accepts in the body. */
export const CLIENT_AUTH_PARAMS = ['client_id', 'client_secret', 'client_assertion', 'client_assertion_type'] as const;
const ASSERTION_ALGS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'];

export interface AuthenticatedClient {
  readonly client: Client;
  readonly method: TokenEndpointAuthMethod;
  /** tls_client_auth: the certificate's `x5t#S256`, bound into access tokens (`cnf`). */
  readonly certificateThumbprint?: string | undefined;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function invalidClient(description: string, basic: boolean): HttpError {
  return new HttpError(
    401,
    'invalid_client',
    description,
    basic ? { 'WWW-Authenticate': 'Basic realm="local tenant", charset="UTF-8"' } : {},
  );
}

/** `Authorization: Basic base64(urlencode(id):urlencode(secret))`, or undefined without one. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (header === undefined || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw invalidClient('Malformed Basic credentials.', true);
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    throw invalidClient('Malformed Basic credentials.', true);
  }
}

function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function unverifiedSubject(assertion: string | undefined): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from((assertion ?? '').split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

async function verifyAssertion(ctx: RequestContext, client: Client, assertion: string): Promise<void> {
  if (!client.jwks) throw invalidClient('The client has no registered keys.', false);
  const tokenEndpoint = `${ctx.tenant.url}/oauth/token`;
  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, createLocalJWKSet(client.jwks), {
      issuer: client.clientId,
      subject: client.clientId,
      audience: [tokenEndpoint, `${tokenEndpoint}/`, ctx.tenant.issuer],
      algorithms: ASSERTION_ALGS,
      requiredClaims: ['exp', 'jti'],
      currentDate: new Date(ctx.tenant.state.now()),
    }));
  } catch (err) {
    throw invalidClient(`Invalid client assertion: ${(err as Error).message}`, false);
  }
  const jti = `${client.clientId}|${String(payload.jti)}`;
  if (ctx.tenant.replay.has(jti)) throw invalidClient('Invalid client assertion: jti has already been used.', false);
  ctx.tenant.replay.add(jti, (payload.exp ?? 0) * 1000);
}

function verifyMtls(ctx: RequestContext, client: Client): string {
  const pem = header(ctx, 'client-certificate');
  if (header(ctx, 'client-certificate-ca-verified') !== 'SUCCESS' || pem === undefined) {
    throw invalidClient('mTLS: a CA-verified client certificate is required.', false);
  }
  let thumbprint: string;
  try {
    thumbprint = createHash('sha256')
      .update(new X509Certificate(decodeURIComponent(pem)).raw)
      .digest('base64url');
  } catch {
    throw invalidClient('mTLS: the client-certificate header is not a URL-encoded PEM certificate.', false);
  }
  if (!client.certificateThumbprint || !same(thumbprint, client.certificateThumbprint)) {
    throw invalidClient('mTLS: the certificate does not match the client registration.', false);
  }
  return thumbprint;
}

/** Authenticates the client of a token request; `params` are the body's string parameters. */
export async function authenticateClient(
  ctx: RequestContext,
  params: Record<string, string>,
): Promise<AuthenticatedClient> {
  const basic = basicCredentials(ctx.req.headers.authorization);
  const cnameKey = header(ctx, 'cname-api-key');
  // A request claiming to come through the custom domain's edge must carry its key.
  if (cnameKey !== undefined) {
    const expected = ctx.tenant.model.customDomain?.cnameApiKey;
    if (expected === undefined || !same(cnameKey, expected)) throw invalidClient('mTLS: invalid cname-api-key.', false);
  }
  const hasAssertion = params['client_assertion'] !== undefined || params['client_assertion_type'] !== undefined;
  const presented = [basic !== undefined, params['client_secret'] !== undefined, hasAssertion].filter(Boolean).length;
  if (presented > 1) throw new HttpError(400, 'invalid_request', 'Use exactly one client authentication method.');

  const method: TokenEndpointAuthMethod = basic
    ? 'client_secret_basic'
    : params['client_secret'] !== undefined
      ? 'client_secret_post'
      : hasAssertion
        ? 'private_key_jwt'
        : cnameKey !== undefined
          ? 'tls_client_auth'
          : 'none';
  // RFC 7523: with an assertion, client_id is optional; the assertion's subject names the client.
  const clientId =
    basic?.id ?? params['client_id'] ?? (hasAssertion ? unverifiedSubject(params['client_assertion']) : undefined);
  if (basic && params['client_id'] !== undefined && params['client_id'] !== basic.id) {
    throw new HttpError(400, 'invalid_request', 'client_id does not match the Basic credentials.');
  }
  const client = ctx.tenant.findClient(clientId);
  if (!clientId) throw invalidClient('Missing client_id (or client credentials).', basic !== undefined);
  if (!client) throw invalidClient(`Unknown client: ${clientId}`, basic !== undefined);
  // The cname-api-key alone does not make a request mTLS for clients using another method.
  const expected = client.tokenEndpointAuthMethod;
  const effective = method === 'tls_client_auth' && expected !== 'tls_client_auth' ? 'none' : method;
  if (effective !== expected) {
    throw invalidClient(
      `The client ${client.clientId} must authenticate with ${expected}, not ${effective}.`,
      basic !== undefined,
    );
  }
  switch (effective) {
    case 'client_secret_basic':
      if (!basic || !client.clientSecret || !same(basic.secret, client.clientSecret))
        throw invalidClient('Wrong client credentials.', true);
      return { client, method: effective };
    case 'client_secret_post':
      if (!client.clientSecret || !same(params['client_secret'] ?? '', client.clientSecret))
        throw invalidClient('Wrong client credentials.', false);
      return { client, method: effective };
    case 'private_key_jwt':
      if (params['client_assertion_type'] !== ASSERTION_TYPE || !params['client_assertion']) {
        throw invalidClient(`client_assertion_type must be ${ASSERTION_TYPE}, with a client_assertion.`, false);
      }
      await verifyAssertion(ctx, client, params['client_assertion']);
      return { client, method: effective };
    case 'tls_client_auth':
      return { client, method: effective, certificateThumbprint: verifyMtls(ctx, client) };
    case 'none':
      return { client, method: effective };
  }
}
