/** The passkey endpoints spoken over HTTP with a software authenticator (tests of issue 48). */
import type { RunningTenant } from '../server/server.js';
import { SPA_CLIENT_ID } from '../config/builtin.js';
import { postJson, type Reply } from './test-client.js';
import { tokenRequest } from './dpop-proof.js';
import type {
  CeremonyOptions,
  CreationOptionsJson,
  RequestOptionsJson,
  SoftAuthenticator,
} from './soft-authenticator.js';

type Json = Record<string, unknown>;

/** Where the test app page would run: an Allowed Web Origin of the SPA fixture, on the RP ID. */
export const APP_ORIGIN = 'http://localhost:5173';
export const WEBAUTHN_GRANT = 'urn:okta:params:oauth:grant-type:webauthn';

export interface Started<T> {
  authSession: string;
  options: T;
}

function started<T>(reply: Reply): Started<T> {
  if (reply.status !== 200) throw new Error(`passkey start failed: ${reply.status} ${reply.text}`);
  const body = reply.json() as Json;
  return { authSession: String(body['auth_session']), options: body['authn_params_public_key'] as T };
}

export async function register(
  tenant: Pick<RunningTenant, 'url'>,
  profile: Json,
  extra: Json = {},
): Promise<Started<CreationOptionsJson>> {
  return started(
    await postJson(tenant, '/passkey/register', { client_id: SPA_CLIENT_ID, user_profile: profile, ...extra }),
  );
}

export async function challenge(
  tenant: Pick<RunningTenant, 'url'>,
  extra: Json = {},
): Promise<Started<RequestOptionsJson>> {
  return started(await postJson(tenant, '/passkey/challenge', { client_id: SPA_CLIENT_ID, ...extra }));
}

/** The webauthn grant at /oauth/token (JSON), with a DPoP header when `proof` is given. */
export function redeem(
  tenant: Pick<RunningTenant, 'url'>,
  authSession: string,
  authnResponse: unknown,
  extra: Json = {},
  proof?: string,
): Promise<Reply> {
  return tokenRequest(
    tenant,
    {
      grant_type: WEBAUTHN_GRANT,
      client_id: SPA_CLIENT_ID,
      auth_session: authSession,
      authn_response: authnResponse,
      ...extra,
    },
    proof,
  );
}

/** Sign-up with a new passkey of `authenticator`; the token reply. */
export async function signUp(
  tenant: Pick<RunningTenant, 'url'>,
  authenticator: SoftAuthenticator,
  profile: Json,
  ceremony: Partial<CeremonyOptions> = {},
): Promise<Reply> {
  const { authSession, options } = await register(tenant, profile);
  return redeem(tenant, authSession, authenticator.create(options, { origin: APP_ORIGIN, ...ceremony }));
}

/** Sign-in with the authenticator's last passkey for the RP ID; the token reply. */
export async function signIn(
  tenant: Pick<RunningTenant, 'url'>,
  authenticator: SoftAuthenticator,
  ceremony: Partial<CeremonyOptions> & { userHandle?: string } = {},
): Promise<Reply> {
  const { authSession, options } = await challenge(tenant);
  return redeem(tenant, authSession, authenticator.get(options, { origin: APP_ORIGIN, ...ceremony }));
}
