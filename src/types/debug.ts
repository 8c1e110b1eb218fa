/** The `debug` option's hook and the events it receives. */

/** One traced decision. `detail` never holds a token, code, password, nonce or secret value. */
export interface DebugEvent {
  /**
   * The flow: `authorize`, `parseHash`, `idToken`, `webMessage` (checkSession and embedded login's
   * iframe), `popup` (the opener's side of `popup.authorize`), `popupCallback` (the popup page),
   * `coVerification` (the cross-origin verification page), `request` (Authentication API calls),
   * `renewAuth` (the legacy silent authentication iframe), `dpop` (`key-in-memory`, with `detail.reason`,
   * when IndexedDB cannot keep the DPoP key).
   */
  flow: string;
  /**
   * The decision taken, for example `transaction-stored`, `message-accepted`, `message-ignored`
   * (`detail.reason`: `origin`, `source`, `type` or `state`), `closed`, `failed`.
   */
  step: string;
  /** Non-secret facts about the decision (presence flags, reasons, key ids, origins). */
  detail?: Record<string, unknown>;
}

/**
 * The `debug` option: called synchronously at each key decision of the main flows. Opt-in; when
 * absent nothing is computed. Errors thrown by the hook propagate to the flow, so keep it simple.
 */
export type DebugHook = (event: DebugEvent) => void;
