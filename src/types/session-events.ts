/** Session events: what one tab of an app hears of the sign-ins and sign-outs of its other tabs. */

/**
 * What another tab did: `signed_in` (parseHash, popup login), `renewed` (checkSession,
 * renewAuth), `signed_out` (logout), or `user_changed`: a sign-in or renewal whose `sub` differs
 * from the user this tab last knew (the other tab signed in someone else).
 */
export type SessionEventType = 'signed_in' | 'signed_out' | 'renewed' | 'user_changed';

/**
 * One event, as a listener receives it. These three fields are all that crosses between tabs:
 * never a token, code or secret.
 */
export interface SessionEvent {
  /** What happened (see {@link SessionEventType}). */
  type: SessionEventType;
  /** When the other tab's call succeeded, in milliseconds since the epoch (that tab's clock). */
  time: number;
  /**
   * The user's `sub` (the ID token's subject): the user signed in or renewed, or for `signed_out`
   * the user the signing-out tab knew. Undefined when that tab had no ID token (for example with
   * `responseType: 'token'`).
   */
  sub: string | undefined;
}

/** A listener given to `webAuth.onSessionEvent`. */
export type SessionEventListener = (event: SessionEvent) => void;
