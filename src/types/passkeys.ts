/** Options and results of passkey sign-up and sign-in (the tenant's native passkey API, issue 48). */

/** What the token request of a passkey sign-in carries besides the credential. */
export interface PasskeyTokenParams {
  /** The database connection (default: the tenant's default connection). */
  realm?: string | undefined;
  /** The organization, by id (`org_…`) or name; the ID token's `org_id`/`org_name` is then checked. */
  organization?: string | undefined;
  /** Scopes (default: the constructor's `scope`, else `openid profile email`; `offline_access` added with `useRefreshTokens`). */
  scope?: string | undefined;
  /** The API the access token is for (default: the constructor's `audience`). */
  audience?: string | undefined;
}

/** The profile of a user signing up with a passkey: at least one of `email`, `phone_number`, `username`. */
export interface PasskeyUserProfile {
  /** The user's email address. */
  email?: string | undefined;
  /** The user's phone number (E.164, for example `+15550100`). */
  phone_number?: string | undefined;
  /** The user's username. */
  username?: string | undefined;
  /** Full name. */
  name?: string | undefined;
  /** Given name. */
  given_name?: string | undefined;
  /** Family name. */
  family_name?: string | undefined;
  /** Nickname. */
  nickname?: string | undefined;
  /** Picture URL. */
  picture?: string | undefined;
}

/** `webAuth.passkey.signup` and `client.getSignupChallenge`: the new user and where they sign up. */
export interface PasskeySignupOptions extends PasskeyUserProfile, PasskeyTokenParams {
  /** Up to 10 string fields kept as the user's `user_metadata`. */
  user_metadata?: Record<string, string> | undefined;
}

/** `webAuth.passkey.login` and `client.getLoginChallenge`. */
export type PasskeyLoginOptions = PasskeyTokenParams;

/** A challenge from the tenant, its options decoded for `navigator.credentials`. */
export interface PasskeyChallenge<PublicKey> {
  /** The tenant's handle for this ceremony (single use): send it back with the credential. */
  authSession: string;
  /** The `publicKey` options of `navigator.credentials.create()` (sign-up) or `.get()` (sign-in). */
  publicKey: PublicKey;
}

/** `client.getTokenWithPasskey`: the credential of a ceremony the app ran itself. */
export interface PasskeyTokenOptions extends PasskeyTokenParams {
  /** The `authSession` of the challenge the credential answers. */
  authSession: string;
  /** What `navigator.credentials.create()` or `.get()` gave. */
  credential: PublicKeyCredential;
}

/** Codes of {@link PasskeyError}s raised in the browser (the tenant's answers keep their own codes). */
export type PasskeyErrorCode = 'passkey_not_supported' | 'passkey_cancelled' | 'passkey_invalid_credential';
