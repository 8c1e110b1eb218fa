/**
 * Validation of /authorize query parameters. The order matters: until client and redirect_uri are
 * proven good, errors are shown as a page and never redirected (an open redirector otherwise).
 */
import { findClient } from './fixtures.js';
import type { ClientFixture } from './fixtures.js';
import { matchesAny, parseCandidate } from './url-rules.js';

export type ResponseKind = 'code' | 'token' | 'id_token';
export type ResponseMode = 'query' | 'fragment';

export interface AuthorizeRequest {
  readonly clientId: string;
  /** The validated redirect URI, serialised by the URL parser. */
  readonly redirectUri: string;
  readonly responseTypes: readonly ResponseKind[];
  readonly responseMode: ResponseMode;
  readonly scope: string;
  readonly audience?: string | undefined;
  readonly state?: string | undefined;
  readonly nonce?: string | undefined;
  readonly prompt: readonly string[];
  readonly maxAge?: number | undefined;
  readonly connection?: string | undefined;
}

export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizeRequest; client: ClientFixture }
  /** Cannot be sent back to the application: render an error page. */
  | { kind: 'page'; error: string; description: string }
  /** Redirect URI is trusted: report the error to the application. */
  | { kind: 'redirect'; redirectUri: string; mode: ResponseMode; error: string; description: string; state?: string | undefined };

/** The response types this tenant implements (hybrid flows are not offered). */
const SUPPORTED = new Set(['code', 'token', 'id_token', 'id_token token']);
const KNOWN_PROMPTS = new Set(['none', 'login', 'consent', 'select_account']);

function parseResponseType(raw: string): ResponseKind[] | null {
  const parts = raw.split(' ').filter(Boolean);
  const key = [...parts].sort().join(' ');
  if (parts.length !== new Set(parts).size || !SUPPORTED.has(key)) return null;
  return parts as ResponseKind[];
}

/** Fragment whenever the response type asks for a token, as OAuth 2.0 Multiple Response Types says. */
function defaultMode(rawResponseType: string): ResponseMode {
  return rawResponseType.split(' ').some((t) => t === 'token' || t === 'id_token') ? 'fragment' : 'query';
}

export function checkAuthorizeRequest(query: Record<string, string>, repeated: readonly string[]): AuthorizeCheck {
  const page = (description: string): AuthorizeCheck => ({ kind: 'page', error: 'invalid_request', description });
  if (repeated.includes('client_id') || repeated.includes('redirect_uri')) {
    return page('The client_id and redirect_uri parameters must not be repeated.');
  }
  const clientId = query['client_id'];
  if (!clientId) return page('Missing required parameter: client_id');
  const client = findClient(clientId);
  if (!client) return page(`Unknown client: ${clientId}`);
  const rawRedirect = query['redirect_uri'];
  if (!rawRedirect) return page('Missing required parameter: redirect_uri');
  const redirectUrl = parseCandidate(rawRedirect);
  if (!redirectUrl || !matchesAny(client.callbacks, rawRedirect)) {
    return page(`The redirect_uri "${rawRedirect}" is not in the Allowed Callback URLs of client ${clientId}.`);
  }

  // From here on the redirect URI is trusted, so errors go back to the application.
  const rawType = query['response_type'] ?? '';
  const state = query['state'];
  const rawMode = query['response_mode'];
  const mode: ResponseMode = rawMode === 'query' || rawMode === 'fragment' ? rawMode : defaultMode(rawType);
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect', redirectUri: redirectUrl.href, mode, error, description, state,
  });

  if (repeated.length > 0) return fail('invalid_request', `Parameter must not be repeated: ${repeated.join(', ')}`);
  if (rawMode !== undefined && rawMode !== 'query' && rawMode !== 'fragment') {
    return fail('invalid_request', `Unsupported response_mode: ${rawMode}`);
  }
  if (!rawType) return fail('invalid_request', 'Missing required parameter: response_type');
  const responseTypes = parseResponseType(rawType);
  if (!responseTypes) return fail('unsupported_response_type', `Unsupported response type: ${rawType}`);
  const nonce = query['nonce'] || undefined;
  if (responseTypes.includes('id_token') && nonce === undefined) {
    return fail('invalid_request', 'Nonce is required for implicit flows with the id_token response type.');
  }
  const prompt = (query['prompt'] ?? '').split(' ').filter((p) => KNOWN_PROMPTS.has(p));
  if (prompt.includes('none') && prompt.length > 1) {
    return fail('invalid_request', 'prompt=none must not be combined with other prompt values.');
  }
  let maxAge: number | undefined;
  if (query['max_age'] !== undefined) {
    if (!/^\d{1,9}$/.test(query['max_age'])) return fail('invalid_request', 'max_age must be a non-negative integer.');
    maxAge = Number(query['max_age']);
  }
  const connection = query['connection'] || undefined;
  if (connection !== undefined && !client.connections.includes(connection)) {
    return fail('invalid_request', `Connection not found or not enabled for this client: ${connection}`);
  }

  const request: AuthorizeRequest = {
    clientId,
    redirectUri: redirectUrl.href,
    responseTypes,
    responseMode: mode,
    scope: query['scope'] || 'openid',
    audience: query['audience'] || undefined,
    state,
    nonce,
    prompt,
    maxAge,
    connection,
  };
  return { kind: 'ok', request, client };
}
