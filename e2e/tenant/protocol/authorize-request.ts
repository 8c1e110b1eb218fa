/**
 * Validation of /authorize query parameters. The order matters: until client and redirect_uri are
 * proven good, errors are shown as a page and never redirected (an open redirector otherwise).
 */
import type { Client, TenantModel } from '../config/model.js';
import { findOrganization } from '../config/model.js';
import { matchesAny, parseCandidate } from '../core/url-rules.js';
import type { AuthorizeRequest, ResponseKind, ResponseMode } from '../state/state.js';

// The parsed request is stored by the state layer (transactions, tickets), which owns its type.
export type { AuthorizeRequest, ResponseKind, ResponseMode };

export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizeRequest; client: Client }
  /** Cannot be sent back to the application: render an error page. */
  | { kind: 'page'; error: string; description: string }
  /** Redirect URI is trusted: report the error to the application through the response mode. */
  | {
      kind: 'redirect';
      redirectUri: string;
      mode: ResponseMode;
      error: string;
      description: string;
      state?: string | undefined;
    };

/**
 * Everything the v10 library may put on an /authorize URL (reference §2.10), plus `captcha`
 * (forwarded by `login`) and `ext-*` custom parameters. Anything else is refused.
 */
export const KNOWN_PARAMS: ReadonlySet<string> = new Set([
  'connection',
  'connection_scope',
  'auth0Client',
  'owp',
  'device',
  'realm',
  'organization',
  'invitation',
  'protocol',
  '_csrf',
  '_intstate',
  'login_ticket',
  'client_id',
  'response_type',
  'response_mode',
  'redirect_uri',
  'audience',
  'scope',
  'state',
  'nonce',
  'display',
  'prompt',
  'screen_hint',
  'max_age',
  'ui_locales',
  'claims_locales',
  'id_token_hint',
  'login_hint',
  'acr_values',
  'claims',
  'registration',
  'request',
  'request_uri',
  'code_challenge',
  'code_challenge_method',
  'access_type',
  'captcha',
]);
const RESPONSE_MODES = new Set<ResponseMode>(['query', 'fragment', 'form_post', 'web_message']);
const KNOWN_PROMPTS = new Set(['none', 'login', 'consent', 'select_account']);
const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function parseResponseType(raw: string): ResponseKind[] | null {
  const parts = raw.split(' ').filter(Boolean);
  const known = parts.every((p) => p === 'code' || p === 'token' || p === 'id_token');
  if (!known || parts.length === 0 || parts.length !== new Set(parts).size) return null;
  return parts as ResponseKind[];
}

/** Fragment whenever the response carries a token (OAuth 2.0 Multiple Response Types). */
function defaultMode(types: readonly string[]): ResponseMode {
  return types.some((t) => t === 'token' || t === 'id_token') ? 'fragment' : 'query';
}

/** The client and redirect URI, or the reason to show an error page instead of redirecting. */
function trustedTarget(model: TenantModel, query: Record<string, string>, repeated: readonly string[]) {
  const page = (description: string) => ({ kind: 'page', error: 'invalid_request', description }) as const;
  if (repeated.includes('client_id') || repeated.includes('redirect_uri'))
    return page('The client_id and redirect_uri parameters must not be repeated.');
  const clientId = query['client_id'];
  if (!clientId) return page('Missing required parameter: client_id');
  const client = model.clients.get(clientId);
  if (!client) return page(`Unknown client: ${clientId}`);
  const rawRedirect = query['redirect_uri'];
  if (!rawRedirect) return page('Missing required parameter: redirect_uri');
  const redirectUrl = parseCandidate(rawRedirect);
  if (!redirectUrl || !matchesAny(client.callbacks, rawRedirect)) {
    return page(`The redirect_uri "${rawRedirect}" is not in the Allowed Callback URLs of client ${clientId}.`);
  }
  // web_message answers by postMessage to the redirect URI's origin, so it must be a web origin too.
  if (query['response_mode'] === 'web_message' && !matchesAny(client.webOrigins, redirectUrl.origin)) {
    return page(
      `response_mode=web_message needs the origin ${redirectUrl.origin} in the Allowed Web Origins of client ${clientId}.`,
    );
  }
  return { kind: 'trusted', client, redirectUrl } as const;
}

export function checkAuthorizeRequest(
  model: TenantModel,
  query: Record<string, string>,
  repeated: readonly string[],
): AuthorizeCheck {
  const target = trustedTarget(model, query, repeated);
  if (target.kind === 'page') return target;
  const { client, redirectUrl } = target;

  // From here on the redirect URI is trusted, so errors go back to the application.
  const rawType = query['response_type'] ?? '';
  const responseTypes = parseResponseType(rawType);
  const state = query['state'];
  const rawMode = query['response_mode'];
  const mode: ResponseMode = RESPONSE_MODES.has(rawMode as ResponseMode)
    ? (rawMode as ResponseMode)
    : defaultMode(rawType.split(' '));
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    redirectUri: redirectUrl.href,
    mode,
    error,
    description,
    state,
  });

  if (repeated.length > 0) return fail('invalid_request', `Parameter must not be repeated: ${repeated.join(', ')}`);
  const unknown = Object.keys(query).filter((k) => !KNOWN_PARAMS.has(k) && !k.startsWith('ext-'));
  if (unknown.length > 0) return fail('invalid_request', `Unknown parameter: ${unknown.join(', ')}`);
  if (query['request'] !== undefined) return fail('request_not_supported', 'The request parameter is not supported.');
  if (query['request_uri'] !== undefined)
    return fail('request_uri_not_supported', 'The request_uri parameter is not supported.');
  if (rawMode !== undefined && !RESPONSE_MODES.has(rawMode as ResponseMode))
    return fail('invalid_request', `Unsupported response_mode: ${rawMode}`);
  if (!rawType) return fail('invalid_request', 'Missing required parameter: response_type');
  if (!responseTypes) return fail('unsupported_response_type', `Unsupported response type: ${rawType}`);
  if (!client.grantTypes.includes(responseTypes.includes('code') ? 'authorization_code' : 'implicit')) {
    return fail(
      'unauthorized_client',
      `Grant type ${responseTypes.includes('code') ? 'authorization_code' : 'implicit'} not allowed for the client.`,
    );
  }
  if (mode === 'query' && defaultMode(responseTypes) === 'fragment') {
    return fail('invalid_request', `response_mode=query cannot carry tokens (response_type=${rawType}).`);
  }
  const nonce = query['nonce'] || undefined;
  if (responseTypes.includes('id_token') && nonce === undefined) {
    return fail('invalid_request', 'Nonce is required for implicit flows with the id_token response type.');
  }
  const prompt = (query['prompt'] ?? '').split(' ').filter(Boolean);
  if (prompt.some((p) => !KNOWN_PROMPTS.has(p)))
    return fail('invalid_request', `Unsupported prompt value: ${query['prompt'] ?? ''}`);
  if (prompt.includes('none') && prompt.length > 1)
    return fail('invalid_request', 'prompt=none must not be combined with other prompt values.');
  let maxAge: number | undefined;
  if (query['max_age'] !== undefined) {
    if (!/^\d{1,9}$/.test(query['max_age'])) return fail('invalid_request', 'max_age must be a non-negative integer.');
    maxAge = Number(query['max_age']);
  }
  const connection = query['connection'] || undefined;
  if (connection !== undefined && !client.connections.includes(connection)) {
    return fail('invalid_request', `Connection not found or not enabled for this client: ${connection}`);
  }
  const realm = query['realm'] || undefined;
  if (realm !== undefined && !client.connections.includes(realm)) {
    return fail('invalid_request', `Unknown realm: ${realm}`);
  }
  const audience = query['audience'] || undefined;
  if (audience !== undefined && !model.apis.has(audience))
    return fail('access_denied', `Service not found: ${audience}`);

  const challenge = query['code_challenge'];
  const method = query['code_challenge_method'];
  if (challenge !== undefined || method !== undefined) {
    if (method !== 'S256')
      return fail('invalid_request', 'code_challenge_method must be S256 (plain is not supported).');
    if (challenge === undefined || !PKCE_CHALLENGE.test(challenge))
      return fail('invalid_request', 'code_challenge must be 43 base64url characters (S256).');
    if (!responseTypes.includes('code'))
      return fail('invalid_request', 'code_challenge needs a response_type with code.');
  }

  let organization: string | undefined;
  const rawOrg = query['organization'] || undefined;
  if (rawOrg !== undefined) {
    if (client.organizationUsage === 'deny')
      return fail('invalid_request', `The client ${client.clientId} does not accept organizations.`);
    const org = findOrganization(model, rawOrg);
    if (!org) return fail('invalid_request', `parameter organization is invalid: ${rawOrg}`);
    organization = org.id;
  } else if (client.organizationUsage === 'require') {
    return fail('invalid_request', `The client ${client.clientId} requires the organization parameter.`);
  }
  const invitation = query['invitation'] || undefined;
  if (invitation !== undefined) {
    const org = organization === undefined ? undefined : findOrganization(model, organization);
    if (!org) return fail('invalid_request', 'The invitation parameter needs the organization parameter.');
    if (!org.invitations.has(invitation))
      return fail('invalid_request', `invitation is invalid or already used: ${invitation}`);
  }

  const request: AuthorizeRequest = {
    clientId: client.clientId,
    redirectUri: redirectUrl.href,
    responseTypes,
    responseMode: mode,
    scope: query['scope'] || 'openid',
    audience,
    state,
    nonce,
    prompt,
    maxAge,
    connection: connection ?? realm,
    organization,
    invitation,
    loginHint: query['login_hint'] || undefined,
    screenHint: query['screen_hint'] || undefined,
    codeChallenge: challenge,
    loginTicket: query['login_ticket'] || undefined,
  };
  return { kind: 'ok', request, client };
}
