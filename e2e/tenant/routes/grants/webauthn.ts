/**
 * The webauthn grant (`urn:okta:params:oauth:grant-type:webauthn`, issue 48): an `auth_session`
 * from /passkey/register or /passkey/challenge and the browser's `authn_response`. JSON only, as
 * the service: a form body makes `authn_response` a string, which is refused. The session is used
 * once whatever the outcome. Sign-up creates the user with the passkey; sign-in checks the
 * credential's owner and keeps its new counter. Tokens as the password grants issue them.
 */
import { findOrganization, isDatabase } from '../../config/model.js';
import type { DatabaseConnection } from '../../config/model.js';
import type { RequestContext } from '../../http/types.js';
import type { AuthenticatedClient } from '../../protocol/client-auth.js';
import type { AuthnResponse, PasskeyExpectations } from '../../protocol/passkey-verify.js';
import {
  readAuthnResponse,
  userHandleOf,
  verifyPasskeySignIn,
  verifyPasskeySignup,
} from '../../protocol/passkey-verify.js';
import type { PasskeySession } from '../../state/passkey-sessions.js';
import type { StoredUser } from '../../state/users.js';
import { freshLoginTokens, grantForUser, oauthError, organizationFor } from './types.js';
import type { GrantSpec } from './types.js';

export const WEBAUTHN_GRANT_TYPE = 'urn:okta:params:oauth:grant-type:webauthn';

function sessionConnection(ctx: RequestContext, session: PasskeySession): DatabaseConnection {
  const connection = ctx.tenant.model.connections.get(session.realm);
  if (!isDatabase(connection) || !connection.passkeysEnabled)
    throw oauthError('invalid_grant', `Passkeys are not enabled for the connection ${session.realm}.`);
  return connection;
}

/** One webauthn grant request: its session (already used up), response and expectations. */
interface Ceremony {
  readonly session: PasskeySession;
  readonly response: AuthnResponse;
  readonly expected: PasskeyExpectations;
}

async function signUp(ctx: RequestContext, { session, response, expected }: Ceremony): Promise<StoredUser> {
  const { users } = ctx.tenant;
  const signup = session.signup;
  if (response.kind !== 'attestation' || !signup)
    throw oauthError('invalid_grant', 'This auth_session is for a sign-up: send the attestation of a new passkey.');
  const now = new Date(ctx.tenant.state.now()).toISOString();
  const passkey = await verifyPasskeySignup(response.json, expected, now);
  if (users.findByPasskey(passkey.id)) throw oauthError('invalid_grant', 'This passkey is already registered.');
  const { profile } = signup;
  const email = profile['email'] ?? '';
  const username = profile['username'];
  // Again at the end: another sign-up may have taken the email since /passkey/register.
  if (
    users.findByEmail(session.realm, email) ||
    (username !== undefined && users.findByUsername(session.realm, username))
  )
    throw oauthError('invalid_request', 'The user already exists.');
  return users.insert({
    userId: signup.userId,
    connection: session.realm,
    email,
    emailVerified: false,
    username,
    phoneNumber: profile['phone_number'],
    name: profile['name'] ?? email,
    nickname: profile['nickname'] ?? username ?? email.split('@')[0] ?? email,
    givenName: profile['given_name'],
    familyName: profile['family_name'],
    picture: profile['picture'],
    userMetadata: signup.userMetadata,
    createdAt: now,
    updatedAt: now,
    passkeys: [passkey],
  });
}

async function signIn(ctx: RequestContext, { session, response, expected }: Ceremony): Promise<StoredUser> {
  const { users } = ctx.tenant;
  if (response.kind !== 'assertion')
    throw oauthError('invalid_grant', 'This auth_session is for a sign-in: send the assertion of an existing passkey.');
  const found = users.findByPasskey(response.json.id);
  if (!found || found.user.connection !== session.realm) throw oauthError('invalid_grant', 'Unknown passkey.');
  const { user, passkey } = found;
  const handle = response.json.response.userHandle;
  if (handle !== undefined && handle !== null && handle !== userHandleOf(user.userId))
    throw oauthError('invalid_grant', 'The passkey belongs to another user.');
  const counter = await verifyPasskeySignIn(response.json, expected, passkey);
  if (user.blocked) throw oauthError('invalid_grant', 'user is blocked');
  return users.passkeyUsed(user.userId, passkey.id, counter, new Date(ctx.tenant.state.now()).toISOString()) ?? user;
}

export const webauthnGrant: GrantSpec = {
  grantType: WEBAUTHN_GRANT_TYPE,
  required: ['auth_session'],
  optional: ['realm', 'scope', 'audience', 'organization'],
  objects: ['authn_response'],
  async handle(ctx, params, auth: AuthenticatedClient, dpopJkt, body = {}) {
    const response = readAuthnResponse(body['authn_response']);
    const session = ctx.tenant.passkeySessions.take(params['auth_session'] ?? '');
    if (!session) throw oauthError('invalid_grant', 'The auth_session is invalid, expired or already used.');
    if (session.clientId !== auth.client.clientId)
      throw oauthError('invalid_grant', 'The auth_session was issued to another client.');
    if (params['realm'] !== undefined && params['realm'] !== session.realm)
      throw oauthError('invalid_grant', 'The realm does not match the auth_session.');
    const connection = sessionConnection(ctx, session);
    const expected: PasskeyExpectations = {
      challenge: session.challenge,
      rpId: ctx.tenant.model.passkeyRp.id,
      client: auth.client,
      userVerification: connection.passkeyUserVerification,
    };
    // Decided before a sign-up creates anyone: a refused audience leaves no user behind.
    const grant = grantForUser(ctx, auth, params);
    const rawOrganization = params['organization'] ?? session.organization;
    const org = rawOrganization === undefined ? undefined : findOrganization(ctx.tenant.model, rawOrganization);
    if (rawOrganization !== undefined && (!org || auth.client.organizationUsage === 'deny'))
      throw oauthError('invalid_request', `parameter organization is invalid: ${rawOrganization}`);
    const ceremony: Ceremony = { session, response, expected };
    const user = session.kind === 'signup' ? await signUp(ctx, ceremony) : await signIn(ctx, ceremony);
    // A user signing up within an organization joins it (memberships are not saved, see README).
    if (session.kind === 'signup') org?.members.add(user.userId);
    const organization = organizationFor(ctx, auth, rawOrganization, user);
    return freshLoginTokens(ctx, auth, { user, grant, organization, dpopJkt });
  },
};
