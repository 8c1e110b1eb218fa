/** The Management API's user object and identities, built from the tenant's stored user. */
import type { TenantContext } from '../state/context.js';
import { pictureUrl } from '../protocol/tokens.js';
import type { LinkedIdentity, StoredPasskey, StoredUser } from '../state/users.js';

export interface Identity {
  connection: string;
  user_id: string;
  provider: string;
  isSocial: boolean;
  /** Only on linked (secondary) identities. */
  profileData?: Record<string, string | boolean>;
}

export interface UserView {
  user_id: string;
  email: string;
  email_verified: boolean;
  name: string;
  nickname: string;
  picture: string;
  updated_at: string;
  identities: Identity[];
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  /** Only for a user with passkeys (issue 48), shaped as the service's authentication-methods items. */
  authentication_methods?: PasskeyView[];
}

export interface PasskeyView {
  id: string;
  type: 'passkey';
  /** The credential id (base64url). */
  key_id: string;
  credential_device_type: string;
  credential_backed_up: boolean;
  transports?: string[];
  created_at: string;
  last_auth_at?: string;
}

/** `auth0|alice` → provider `auth0`, id `alice` (the service's identity shape). */
export function splitUserId(userId: string): { provider: string; id: string } {
  const bar = userId.indexOf('|');
  return bar === -1 ? { provider: 'auth0', id: userId } : { provider: userId.slice(0, bar), id: userId.slice(bar + 1) };
}

/** What a user becomes when linked into another one. */
export function linkedIdentityOf(user: StoredUser): LinkedIdentity {
  const { provider, id } = splitUserId(user.userId);
  return {
    connection: user.connection,
    provider,
    userId: id,
    profileData: { email: user.email, email_verified: user.emailVerified, name: user.name, nickname: user.nickname },
  };
}

/** The user's own identity first, then the linked ones in link order. */
export function identitiesOf(user: StoredUser): Identity[] {
  const { provider, id } = splitUserId(user.userId);
  const own: Identity = { connection: user.connection, user_id: id, provider, isSocial: false };
  const linked = (user.linkedIdentities ?? []).map((i): Identity => ({
    connection: i.connection,
    user_id: i.userId,
    provider: i.provider,
    isSocial: false,
    profileData: { ...i.profileData },
  }));
  return [own, ...linked];
}

function passkeyView(p: StoredPasskey): PasskeyView {
  return {
    id: `passkey|${p.id}`,
    type: 'passkey',
    key_id: p.id,
    credential_device_type: p.deviceType,
    credential_backed_up: p.backedUp,
    ...(p.transports ? { transports: [...p.transports] } : {}),
    created_at: p.createdAt,
    ...(p.lastUsedAt ? { last_auth_at: p.lastUsedAt } : {}),
  };
}

export function userView(tenant: TenantContext, user: StoredUser): UserView {
  const passkeys = user.passkeys ?? [];
  return {
    user_id: user.userId,
    email: user.email,
    email_verified: user.emailVerified,
    name: user.name,
    nickname: user.nickname,
    picture: pictureUrl(tenant, user),
    updated_at: user.updatedAt,
    identities: identitiesOf(user),
    // Copies, so nothing that serialises or edits the view can reach the stored user.
    user_metadata: structuredClone({ ...user.userMetadata }),
    app_metadata: structuredClone({ ...user.appMetadata }),
    ...(passkeys.length > 0 ? { authentication_methods: passkeys.map(passkeyView) } : {}),
  };
}
