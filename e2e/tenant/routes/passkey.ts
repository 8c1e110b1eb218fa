/**
 * POST /passkey/register (sign-up) and POST /passkey/challenge (sign-in), issue 48: JSON bodies,
 * client authentication as at /oauth/token, and an `auth_session` with the WebAuthn options the
 * browser passes to `navigator.credentials.create()` / `.get()`. The ceremony ends with the
 * webauthn grant at /oauth/token (grants/webauthn.ts). Both check everything before a session
 * exists: the client has the grant and is first-party, the realm has passkeys, the organization.
 */
import type { Client, DatabaseConnection } from '../config/model.js';
import { findOrganization, isDatabase } from '../config/model.js';
import type { Handler, RequestContext } from '../http/types.js';
import { HttpError, sendJson } from '../http/http-io.js';
import { bodyObject, isEmail, isPhoneNumber, objectParam, stringParams } from '../http/params.js';
import { authenticateClient, CLIENT_AUTH_PARAMS } from '../protocol/client-auth.js';
import { answerPreflight, applyCors } from '../protocol/cors.js';
import { userHandleOf } from '../protocol/passkey-verify.js';
import { PASSKEY_TIMEOUT_MS } from '../state/passkey-sessions.js';
import { newUserIdBody } from '../state/users.js';
import { metadataOf, USERNAME } from './dbconnections.js';
import { WEBAUTHN_GRANT_TYPE } from './grants/webauthn.js';

/** The `user_profile` keys the service takes (D1); any other is refused. */
const PROFILE_KEYS = new Set([
  'email',
  'phone_number',
  'username',
  'name',
  'given_name',
  'family_name',
  'nickname',
  'picture',
]);
const MAX_PROFILE_VALUE = 300;
/** EdDSA, ES256, RS256, in the service's order. */
const ALGORITHMS = [-8, -7, -257];

const invalidRequest = (description: string): HttpError => new HttpError(400, 'invalid_request', description);

interface Ceremony {
  client: Client;
  connection: DatabaseConnection;
  organization?: string | undefined;
}

/** The client (authenticated), its realm and organization, as both endpoints check them. */
async function ceremonyOf(ctx: RequestContext, params: Record<string, string>): Promise<Ceremony> {
  const { client } = await authenticateClient(ctx, params);
  if (!client.grantTypes.includes(WEBAUTHN_GRANT_TYPE))
    throw new HttpError(400, 'unauthorized_client', `Grant type '${WEBAUTHN_GRANT_TYPE}' not allowed for the client.`);
  if (!client.isFirstParty)
    throw new HttpError(400, 'unauthorized_client', 'Passkeys are only available to first-party clients.');
  const realm = params['realm'] ?? ctx.tenant.model.defaultDirectory ?? '';
  const connection = ctx.tenant.model.connections.get(realm);
  if (!isDatabase(connection) || !client.connections.includes(realm))
    throw invalidRequest(`Unknown or disabled realm: ${realm || '(none)'}`);
  if (!connection.passkeysEnabled) throw invalidRequest(`Passkeys are not enabled for the connection ${realm}.`);
  const raw = params['organization'];
  if (raw === undefined) {
    if (client.organizationUsage === 'require') throw invalidRequest('Missing required parameter: organization');
    return { client, connection };
  }
  if (client.organizationUsage === 'deny')
    throw invalidRequest(`The client ${client.clientId} does not accept organizations.`);
  const org = findOrganization(ctx.tenant.model, raw);
  if (!org) throw invalidRequest(`parameter organization is invalid: ${raw}`);
  return { client, connection, organization: org.id };
}

/** `user_profile`: known keys, string values, the identifiers the connection requires. */
function profileOf(body: Record<string, unknown>, connection: DatabaseConnection): Record<string, string> {
  const profile = objectParam(body, 'user_profile');
  if (profile === undefined) throw invalidRequest('Missing required parameter: user_profile');
  const unknown = Object.keys(profile).filter((k) => !PROFILE_KEYS.has(k));
  if (unknown.length > 0) throw invalidRequest(`Unknown user_profile key: ${unknown.join(', ')}`);
  for (const [key, value] of Object.entries(profile)) {
    if (typeof value !== 'string' || value === '' || value.length > MAX_PROFILE_VALUE)
      throw invalidRequest(`user_profile.${key} must be a string of 1 to ${MAX_PROFILE_VALUE} characters.`);
  }
  const values = profile as Record<string, string>;
  // The tenant's database connections identify users by email (and a username where required).
  const email = values['email']?.trim();
  if (email === undefined) throw invalidRequest(`user_profile.email is required by the connection ${connection.name}.`);
  if (!isEmail(email)) throw invalidRequest('user_profile.email must be an email address.');
  const username = values['username'];
  if (connection.requiresUsername && username === undefined)
    throw invalidRequest(`user_profile.username is required by the connection ${connection.name}.`);
  if (!connection.requiresUsername && username !== undefined)
    throw invalidRequest(`The connection ${connection.name} does not use usernames.`);
  if (username !== undefined && !USERNAME.test(username))
    throw invalidRequest("user_profile.username must be 1 to 15 letters, digits or _+-.!#$'^`~@.");
  const phone = values['phone_number'];
  if (phone !== undefined && !isPhoneNumber(phone))
    throw invalidRequest('user_profile.phone_number must be in E.164 format.');
  return { ...values, email };
}

const PARAMS = { required: ['client_id'], optional: [...CLIENT_AUTH_PARAMS, 'realm', 'organization'] };

async function register(ctx: RequestContext): Promise<void> {
  const { tenant } = ctx;
  const body = bodyObject(ctx, ['json']);
  const params = stringParams(body, { ...PARAMS, objects: ['user_profile', 'user_metadata'] });
  const userMetadata = metadataOf(body);
  const ceremony = await ceremonyOf(ctx, params);
  const profile = profileOf(body, ceremony.connection);
  const email = profile['email'] ?? '';
  const username = profile['username'];
  if (
    tenant.users.findByEmail(ceremony.connection.name, email) ||
    (username !== undefined && tenant.users.findByUsername(ceremony.connection.name, username))
  )
    throw invalidRequest('The user already exists.');
  const userId = `auth0|${newUserIdBody()}`;
  const session = tenant.passkeySessions.issue({
    kind: 'signup',
    clientId: ceremony.client.clientId,
    realm: ceremony.connection.name,
    organization: ceremony.organization,
    signup: { userId, profile, userMetadata },
  });
  const { id: rpId, name: rpName } = tenant.model.passkeyRp;
  sendJson(ctx.res, 200, {
    auth_session: session.id,
    authn_params_public_key: {
      challenge: session.challenge,
      timeout: PASSKEY_TIMEOUT_MS,
      rp: { id: rpId, name: rpName },
      user: { id: userHandleOf(userId), name: username ?? email, displayName: profile['name'] ?? email },
      pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: 'public-key', alg })),
      authenticatorSelection: {
        residentKey: 'required',
        userVerification: ceremony.connection.passkeyUserVerification,
      },
    },
  });
}

async function challenge(ctx: RequestContext): Promise<void> {
  const { tenant } = ctx;
  const params = stringParams(bodyObject(ctx, ['json']), PARAMS);
  const ceremony = await ceremonyOf(ctx, params);
  const session = tenant.passkeySessions.issue({
    kind: 'login',
    clientId: ceremony.client.clientId,
    realm: ceremony.connection.name,
    organization: ceremony.organization,
  });
  sendJson(ctx.res, 200, {
    auth_session: session.id,
    authn_params_public_key: {
      challenge: session.challenge,
      timeout: PASSKEY_TIMEOUT_MS,
      rpId: tenant.model.passkeyRp.id,
      userVerification: ceremony.connection.passkeyUserVerification,
    },
  });
}

export const passkeyRegister: Handler = async (ctx) => {
  applyCors(ctx);
  await register(ctx);
};

export const passkeyChallenge: Handler = async (ctx) => {
  applyCors(ctx);
  await challenge(ctx);
};

export const passkeyPreflight: Handler = (ctx) => answerPreflight(ctx, 'POST');
