/**
 * The authorization response: what it carries (code, tokens, or an error) and how it travels
 * (query, fragment, form_post page or web_message page).
 */
import type { ServerResponse } from 'node:http';
import type { AuthorizeRequest, ResponseMode } from './authorize-request.js';
import type { Client } from '../config/model.js';
import { findOrganization } from '../config/model.js';
import type { TenantContext } from '../state/context.js';
import { sendHtml, sendRedirect } from '../http/http-io.js';
import { formPostPage, webMessagePage } from '../html/response-pages.js';
import { userGrant } from './scopes.js';
import { signAccessToken, signIdToken } from './tokens.js';
import type { StoredUser } from '../state/users.js';

export type Params = Array<[string, string]>;

export interface ResponseTarget {
  readonly redirectUri: string;
  readonly mode: ResponseMode;
}

/** The signed-in state a response is made for (a session, or a login without one). */
export interface LoginContext {
  readonly sid: string;
  readonly authTime: number;
}

/** Percent-encoding with %20 (not `+`) so both form-style and URI decoders read the same value. */
function encodeParams(params: Params): string {
  return params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

export function buildRedirectUrl(redirectUri: string, mode: 'query' | 'fragment', params: Params): string {
  const url = new URL(redirectUri);
  const encoded = encodeParams(params);
  if (mode === 'query') {
    // Keep the application's own query parameters; ours are appended.
    url.search = url.search ? `${url.search.slice(1)}&${encoded}` : encoded;
    url.hash = '';
  } else {
    url.hash = encoded;
  }
  return url.href;
}

export function errorParams(error: string, description: string, state: string | undefined): Params {
  const params: Params = [
    ['error', error],
    ['error_description', description],
  ];
  if (state !== undefined) params.push(['state', state]);
  return params;
}

/** Sends `params` to the application the way `target.mode` says. */
export function deliver(
  res: ServerResponse,
  target: ResponseTarget,
  params: Params,
  headers: Record<string, string | string[]> = {},
): void {
  if (target.mode === 'form_post') {
    const page = formPostPage(target.redirectUri, params);
    sendHtml(res, 200, page.html, { ...page.headers, ...headers });
  } else if (target.mode === 'web_message') {
    const page = webMessagePage(target.redirectUri, Object.fromEntries(params));
    sendHtml(res, 200, page.html, { ...page.headers, ...headers });
  } else {
    sendRedirect(res, buildRedirectUrl(target.redirectUri, target.mode, params), headers);
  }
}

export function deliverError(
  res: ServerResponse,
  request: AuthorizeRequest,
  error: string,
  description: string,
  headers: Record<string, string | string[]> = {},
): void {
  deliver(
    res,
    { redirectUri: request.redirectUri, mode: request.responseMode },
    errorParams(error, description, request.state),
    headers,
  );
}

/** Code and/or tokens for a signed-in user, in the parameter order the library's parser expects. */
export async function responseParams(
  tenant: TenantContext,
  request: AuthorizeRequest,
  client: Client,
  user: StoredUser,
  login: LoginContext,
): Promise<Params> {
  const result = userGrant(tenant.model, tenant.issuer, client, request.scope, request.audience);
  if (!result.ok) return errorParams(result.error, result.description, request.state);
  const { grant } = result;
  const organization =
    request.organization === undefined ? undefined : findOrganization(tenant.model, request.organization);
  const params: Params = [];
  let code: string | undefined;
  if (request.responseTypes.includes('code')) {
    code = tenant.state.createCode({ request, userId: user.userId, sid: login.sid, authTime: login.authTime }).code;
    params.push(['code', code]);
  }
  const accessToken = request.responseTypes.includes('token')
    ? await signAccessToken(tenant, {
        clientId: client.clientId,
        subject: user.userId,
        scope: grant.scope,
        audience: grant.accessAudience,
        lifetime: grant.lifetime,
        organization,
      })
    : undefined;
  if (accessToken !== undefined) params.push(['access_token', accessToken]);
  if (request.responseTypes.includes('id_token')) {
    const idToken = await signIdToken(tenant, {
      client,
      user,
      scope: grant.scope,
      nonce: request.nonce,
      sid: login.sid,
      authTime: login.authTime,
      accessToken,
      code,
      organization,
    });
    params.push(['id_token', idToken]);
  }
  if (accessToken !== undefined) {
    params.push(['scope', grant.scope], ['expires_in', String(grant.lifetime)], ['token_type', 'Bearer']);
  }
  if (request.state !== undefined) params.push(['state', request.state]);
  return params;
}

/** Issue the response for an authenticated user and send it to the application. */
export async function respondWithTokens(
  tenant: TenantContext,
  res: ServerResponse,
  request: AuthorizeRequest,
  client: Client,
  user: StoredUser,
  login: LoginContext,
  headers: Record<string, string | string[]> = {},
): Promise<void> {
  const params = await responseParams(tenant, request, client, user, login);
  deliver(res, { redirectUri: request.redirectUri, mode: request.responseMode }, params, headers);
}
