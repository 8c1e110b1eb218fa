/**
 * The hosted login page and its two endpoints (reference §7.8.1):
 * - the page itself, rendered by /authorize for a new login transaction;
 * - POST /usernamepassword/login (JSON, sent by the library on the page): checks the signed
 *   state, the CSRF token, the captcha and the credentials, and answers an HTML form;
 * - POST /login/callback (that form, submitted by the library): checks the signed, single-use
 *   login result, starts the session and answers the application.
 */
import { randomBytes } from 'node:crypto';
import type { AuthorizeRequest } from '../protocol/authorize-request.js';
import type { Client } from '../config/model.js';
import { findOrganization, isDatabase, isPasswordless } from '../config/model.js';
import type { Handler, RequestContext } from '../http/types.js';
import { applyCors } from '../protocol/cors.js';
import { HttpError, sendHtml } from '../http/http-io.js';
import { escapeHtml, htmlHeaders, renderMessagePage } from '../html/layout.js';
import { readFile } from 'node:fs/promises';
import { customLoginPageConfig, renderCustomLoginPage } from '../html/custom-login-page.js';
import { ALICE } from '../config/builtin.js';
import { renderHostedPage, type HostedPageConfig } from '../html/login-page.js';
import { completeLogin, missingConsent } from '../protocol/login-completion.js';
import { bodyObject, stringParams } from '../http/params.js';
import { IP_BLOCKED_MESSAGE, USER_BLOCKED_MESSAGE } from '../state/brute-force.js';
import { PASSWORD_LEAKED, passwordLogin, WRONG_CREDENTIALS } from '../protocol/password-login.js';
import { signValue, verifyValue } from '../protocol/signed-values.js';
import { TRANSACTION_TTL_MS } from '../state/state.js';
import { requireCaptcha } from './captcha-check.js';

const CALLBACK_TTL_S = 60;
const EXPIRED = 'This login attempt has expired or is unknown. Go back to the application and start again.';

function databaseConnectionFor(ctx: RequestContext, request: AuthorizeRequest, client: Client): string | undefined {
  const { connections } = ctx.tenant.model;
  if (request.connection !== undefined)
    return isDatabase(connections.get(request.connection)) ? request.connection : undefined;
  return client.connections.find((c) => isDatabase(connections.get(c)));
}

/** Renders the hosted page for `request` under a new login transaction. */
export async function showHostedPage(ctx: RequestContext, request: AuthorizeRequest, client: Client): Promise<void> {
  const { tenant } = ctx;
  const tx = tenant.state.createTransaction(request);
  const ttl = TRANSACTION_TTL_MS / 1000;
  const connection = databaseConnectionFor(ctx, request, client);
  const dbConnection = connection === undefined ? undefined : tenant.model.connections.get(connection);
  const passwordless = client.connections
    .map((name) => tenant.model.connections.get(name))
    .filter(isPasswordless)
    .filter((c) => request.connection === undefined || c.name === request.connection)
    .map((c) => ({ name: c.name, strategy: c.strategy }));
  const captcha = (flow: 'default' | 'signup' | 'passwordless' | 'password_reset'): boolean =>
    tenant.captcha.isRequired(flow);
  const config: HostedPageConfig = {
    // Over plain HTTP the library cannot take its hosted-page path (it always posts to
    // https://<domain>), so the page names its scheme and logs in cross-origin instead.
    domain: tenant.secure ? tenant.domain : tenant.url,
    clientID: client.clientId,
    redirectUri: request.redirectUri,
    responseType: request.responseTypes.join(' '),
    responseMode:
      request.responseMode === 'query' || request.responseMode === 'fragment' ? undefined : request.responseMode,
    scope: request.scope,
    audience: request.audience,
    nonce: request.nonce,
    state: await signValue(tenant, 'login-state', { tx: tx.id }, ttl),
    _csrf: await signValue(tenant, 'csrf', { tx: tx.id, n: randomBytes(8).toString('base64url') }, ttl),
    tenant: tenant.model.name,
    connection,
    requiresUsername: isDatabase(dbConnection) && dbConnection.requiresUsername,
    passwordless,
    captcha: {
      login: captcha('default'),
      signup: captcha('signup'),
      passwordless: captcha('passwordless'),
      reset: captcha('password_reset'),
    },
    initialTab: connection === undefined ? 'passwordless' : request.screenHint === 'signup' ? 'signup' : 'login',
  };
  const formTargets = ["'self'", new URL(request.redirectUri).origin];
  if (tenant.loginPage !== undefined) {
    const template = await readFile(tenant.loginPage, 'utf8');
    const extra = { clientName: client.name, url: tenant.url, issuer: tenant.issuer, loginHint: request.loginHint };
    const { html, nonce } = renderCustomLoginPage(template, customLoginPageConfig(config, extra));
    const own = [`'nonce-${nonce}'`];
    sendHtml(
      ctx.res,
      200,
      html,
      htmlHeaders({ scripts: ["'self'", ...own], styles: own, connect: ["'self'"], formTargets }),
    );
    return;
  }
  const page = renderHostedPage({
    clientName: client.name,
    loginHint: request.loginHint,
    consent: missingConsent(ctx, request, client, ''),
    organization:
      request.organization === undefined
        ? undefined
        : findOrganization(tenant.model, request.organization)?.displayName,
    config,
    testUser: tenant.showTestUser ? { email: ALICE.email, password: ALICE.password } : undefined,
  });
  sendHtml(
    ctx.res,
    200,
    page,
    htmlHeaders({
      scripts: ["'self'"],
      connect: ["'self'"],
      // The library posts the login form to /login/callback, which then redirects to the app.
      formTargets,
    }),
  );
}

/** Parameters the library's hosted login sends (reference §7.8.1) and what it may forward. */
const LOGIN_PARAMS = {
  required: ['client_id', 'state', '_csrf', 'connection', 'username', 'password'],
  optional: [
    'redirect_uri',
    'tenant',
    'response_type',
    'response_mode',
    'scope',
    'audience',
    '_intstate',
    'nonce',
    'captcha',
    'organization',
    'invitation',
    'protocol',
  ],
};

/** Values the page was configured with must come back unchanged. */
function sameAsTransaction(params: Record<string, string>, request: AuthorizeRequest): string | undefined {
  const expected: Record<string, string | undefined> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: request.responseTypes.join(' '),
    scope: request.scope,
    audience: request.audience,
    nonce: request.nonce,
  };
  return Object.keys(expected).find((k) => params[k] !== undefined && params[k] !== expected[k]);
}

function loginError(outcome: 'wrong' | 'blocked' | 'leaked' | 'too_many_attempts' | 'suspicious_ip'): HttpError {
  switch (outcome) {
    case 'wrong':
      return new HttpError(401, 'invalid_user_password', WRONG_CREDENTIALS);
    case 'blocked':
      return new HttpError(401, 'blocked_user', 'user is blocked');
    case 'leaked':
      return new HttpError(401, 'password_leaked', PASSWORD_LEAKED);
    case 'too_many_attempts':
      return new HttpError(429, 'too_many_attempts', USER_BLOCKED_MESSAGE);
    case 'suspicious_ip':
      return new HttpError(429, 'too_many_attempts', IP_BLOCKED_MESSAGE);
  }
}

export const usernamePasswordLogin: Handler = async (ctx) => {
  const { tenant } = ctx;
  applyCors(ctx);
  // Only the hosted page itself may post here (a JSON post from elsewhere needs CORS anyway).
  const origin = ctx.req.headers.origin;
  if (origin !== undefined && origin !== tenant.url)
    throw new HttpError(403, 'access_denied', `Origin ${origin} may not use the hosted login.`);
  const params = stringParams(bodyObject(ctx, ['json']), LOGIN_PARAMS);
  const txId = (await verifyValue(tenant, 'login-state', params['state']))?.['tx'];
  const tx = typeof txId === 'string' ? tenant.state.getTransaction(txId) : undefined;
  if (!tx) throw new HttpError(400, 'invalid_request', EXPIRED);
  const csrf = await verifyValue(tenant, 'csrf', params['_csrf']);
  if (csrf?.['tx'] !== tx.id) throw new HttpError(403, 'invalid_request', 'Invalid CSRF token.');
  const mismatch = sameAsTransaction(params, tx.request);
  if (mismatch) throw new HttpError(400, 'invalid_request', `${mismatch} does not match the login transaction.`);
  const client = tenant.findClient(tx.request.clientId);
  const name = params['connection'] ?? '';
  const connection = tenant.model.connections.get(name);
  if (
    !client ||
    !isDatabase(connection) ||
    !client.connections.includes(name) ||
    (tx.request.connection !== undefined && tx.request.connection !== name)
  ) {
    throw new HttpError(400, 'invalid_request', `Unknown or disabled database connection: ${name}`);
  }
  await requireCaptcha(ctx, 'default', tx.id, params['captcha']);
  const outcome = await passwordLogin(ctx, connection, params['username'] ?? '', params['password'] ?? '');
  if (!outcome.ok) throw loginError(outcome.reason);
  const wresult = await signValue(
    tenant,
    'login-callback',
    { tx: tx.id, sub: outcome.user.userId, connection: name, jti: randomBytes(12).toString('base64url') },
    CALLBACK_TTL_S,
  );
  // The library injects this into the page and submits its first element: no leading text.
  const html =
    `<form method="post" name="hiddenform" action="${escapeHtml(`${tenant.url}/login/callback`)}">` +
    '<input type="hidden" name="wa" value="wsignin1.0">' +
    `<input type="hidden" name="wresult" value="${escapeHtml(wresult)}">` +
    '<noscript><p>Script is disabled. Click Submit to continue.</p><input type="submit" value="Submit"></noscript></form>';
  ctx.res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(html),
  });
  ctx.res.end(html);
};

export const loginCallback: Handler = async (ctx) => {
  const { tenant } = ctx;
  const page = (message: string): void =>
    sendHtml(ctx.res, 400, renderMessagePage('Login failed', message, 'invalid_request'), htmlHeaders());
  if (ctx.bodyType !== 'form') {
    page('The login callback must be a form post.');
    return;
  }
  const params = stringParams(bodyObject(ctx, ['form']), { required: ['wa', 'wresult'], optional: ['wctx'] });
  const result = await verifyValue(tenant, 'login-callback', params['wresult']);
  const tx = typeof result?.['tx'] === 'string' ? tenant.state.getTransaction(result['tx']) : undefined;
  const jti = typeof result?.['jti'] === 'string' ? result['jti'] : undefined;
  if (params['wa'] !== 'wsignin1.0' || !result || !tx || jti === undefined || tenant.replay.has(jti)) {
    page(EXPIRED);
    return;
  }
  tenant.replay.add(jti, (result.exp ?? 0) * 1000);
  const client = tenant.findClient(tx.request.clientId);
  const user = tenant.users.findById(typeof result['sub'] === 'string' ? result['sub'] : '');
  if (!client || !user) {
    page(EXPIRED);
    return;
  }
  tenant.state.deleteTransaction(tx.id);
  await completeLogin(
    ctx,
    tx.request,
    client,
    user,
    typeof result['connection'] === 'string' ? result['connection'] : user.connection,
  );
};
