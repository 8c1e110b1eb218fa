/**
 * The `auth_session`s of /passkey/register and /passkey/challenge: each holds the challenge it
 * was issued with and is used once by the webauthn grant, whatever the outcome (a refused
 * response cannot be retried against the same challenge). The lifetime is the ceremony's
 * `timeout`, as the service documents.
 */
import { ExpiringMap } from '../core/expiring-map.js';
import { opaqueId } from './state.js';

/** The ceremony timeout handed to the browser, and the session's lifetime. */
export const PASSKEY_TIMEOUT_MS = 60_000;

/** What a sign-up session remembers for the user it will create. */
export interface PasskeySignup {
  /** The user id the new user gets; its UTF-8 bytes are the WebAuthn user handle. */
  readonly userId: string;
  readonly profile: Readonly<Record<string, string>>;
  readonly userMetadata?: Readonly<Record<string, string>> | undefined;
}

export interface PasskeySession {
  readonly id: string;
  readonly kind: 'signup' | 'login';
  readonly clientId: string;
  /** The database connection (realm) the ceremony is for. */
  readonly realm: string;
  /** The organization id named at the start, if any. */
  readonly organization?: string | undefined;
  /** base64url, as sent in the options. */
  readonly challenge: string;
  readonly expiresAt: number;
  readonly signup?: PasskeySignup | undefined;
}

export class PasskeySessionStore {
  private readonly sessions: ExpiringMap<PasskeySession>;

  constructor(private readonly now: () => number) {
    this.sessions = new ExpiringMap(now);
  }

  issue(input: Omit<PasskeySession, 'id' | 'challenge' | 'expiresAt'>): PasskeySession {
    const session: PasskeySession = {
      ...input,
      id: opaqueId(24),
      challenge: opaqueId(32),
      expiresAt: this.now() + PASSKEY_TIMEOUT_MS,
    };
    return this.sessions.set(session.id, session);
  }

  /** Single use: an unknown, expired or already used session is undefined. */
  take(id: string): PasskeySession | undefined {
    return this.sessions.take(id);
  }

  clear(): void {
    this.sessions.clear();
  }
}
