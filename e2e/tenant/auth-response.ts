/** Building the authorization response (tokens, code or error) and the redirect that carries it. */
import type { ServerResponse } from 'node:http';
import type { AuthorizeRequest, ResponseMode } from './authorize-request.js';
import type { TenantContext } from './context.js';
import type { ClientFixture } from './fixtures.js';
import { sendRedirect } from './http-io.js';
import type { Session } from './state.js';
import { ACCESS_TOKEN_TTL_S, signAccessToken, signIdToken } from './tokens.js';
import type { StoredUser } from './users.js';

export type Params = Array<[string, string]>;

/** Percent-encoding with %20 (not `+`) so both form-style and URI decoders read the same value. */
function encodeParams(params: Params): string {
  return params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

export function buildRedirectUrl(redirectUri: string, mode: ResponseMode, params: Params): string {
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
  const params: Params = [['error', error], ['error_description', description]];
  if (state !== undefined) params.push(['state', state]);
  return params;
}

export async function responseParams(
  tenant: TenantContext,
  request: AuthorizeRequest,
  client: ClientFixture,
  user: StoredUser,
  session: Session,
): Promise<Params> {
  const params: Params = [];
  if (request.responseTypes.includes('code')) {
    const grant = tenant.state.createCode({ request, userId: user.userId, sid: session.sid, authTime: session.authTime });
    params.push(['code', grant.code]);
  } else {
    const accessToken = request.responseTypes.includes('token')
      ? await signAccessToken(tenant, { clientId: client.clientId, userId: user.userId, scope: request.scope, audience: request.audience })
      : undefined;
    if (accessToken !== undefined) params.push(['access_token', accessToken]);
    if (request.responseTypes.includes('id_token')) {
      const idToken = await signIdToken(tenant, {
        client, user, scope: request.scope, nonce: request.nonce, sid: session.sid, authTime: session.authTime, accessToken,
      });
      params.push(['id_token', idToken]);
    }
    if (accessToken !== undefined) {
      params.push(['scope', request.scope], ['expires_in', String(ACCESS_TOKEN_TTL_S)], ['token_type', 'Bearer']);
    }
  }
  if (request.state !== undefined) params.push(['state', request.state]);
  return params;
}

/** Issue the response for an authenticated session and send the browser back to the application. */
export async function redirectWithResponse(
  tenant: TenantContext,
  res: ServerResponse,
  request: AuthorizeRequest,
  client: ClientFixture,
  user: StoredUser,
  session: Session,
  headers: Record<string, string | string[]> = {},
): Promise<void> {
  const params = await responseParams(tenant, request, client, user, session);
  sendRedirect(res, buildRedirectUrl(request.redirectUri, request.responseMode, params), headers);
}
