/** The `/authorize` parameter allow-list: unknown parameters are sent but warned about, as in v10. */

const AUTHORIZE_PARAMS = new Set([
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
]);

/** Keys of `params` (already snake_cased) that `/authorize` does not know. */
export function unknownAuthorizeParams(params: Record<string, unknown>): string[] {
  return Object.keys(params).filter((key) => !AUTHORIZE_PARAMS.has(key));
}

/** v10's warning text for unknown `/authorize` parameters. */
export const unknownParamsWarning = (keys: string[]) =>
  `Following parameters are not allowed on the \`/authorize\` endpoint: [${keys.join(',')}]`;
