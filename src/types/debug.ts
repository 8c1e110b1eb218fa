/** The `debug` option's hook and the events it receives. */

/** One traced decision. `detail` never holds a token, code, password, nonce or secret value. */
export interface DebugEvent {
  /** The flow: `authorize`, `parseHash`, `idToken`, `checkSession`, `popup`. */
  flow: string;
  /** The decision taken, for example `transaction-stored` or `message-ignored`. */
  step: string;
  /** Non-secret facts about the decision (presence flags, reasons, key ids, origins). */
  detail?: Record<string, unknown>;
}

/**
 * The `debug` option: called synchronously at each key decision of the main flows. Opt-in; when
 * absent nothing is computed. Errors thrown by the hook propagate to the flow, so keep it simple.
 */
export type DebugHook = (event: DebugEvent) => void;
