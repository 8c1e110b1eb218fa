/**
 * The one test every cross-window message passes before the library reads it: the expected
 * origin, the expected window, the expected `type` and, where a flow has one, the expected `state`.
 */

/** What a flow expects of the message it waits for. */
export interface ExpectedMessage {
  /** Exact `event.origin`. */
  origin: string;
  /** The window that must have sent it (`event.source`). */
  source: unknown;
  /** `event.data.type`. */
  type: string;
  /** When present as a key, `event.data.response.state` must equal it (even when undefined). */
  state?: string;
}

/**
 * Told why a message was ignored (`origin`: a foreign origin, `source`: another window, `type`:
 * not the expected kind of message, `state`: another transaction's answer) and the sender's origin;
 * never the message data, which may hold tokens.
 */
export type IgnoredMessage = (reason: string, origin: string) => void;

/** Why `event` does not come from `origin` (any origin when null) and `source`, or '' when it does. */
export const senderProblem = (event: MessageEvent, origin: string | null, source: unknown) =>
  origin !== null && event.origin !== origin ? 'origin' : event.source !== source ? 'source' : '';

/** Returns `event.data` when the message is the expected one, else undefined (ignore it). */
export function acceptMessage(
  event: MessageEvent,
  expected: ExpectedMessage,
  ignored?: IgnoredMessage,
): Record<string, any> | undefined {
  const data = event.data as Record<string, any> | null;
  const reason =
    senderProblem(event, expected.origin, expected.source) ||
    (!data || typeof data !== 'object' || data.type !== expected.type
      ? 'type'
      : 'state' in expected && data.response?.state !== expected.state
        ? 'state'
        : '');
  if (!reason) return data!;
  ignored?.(reason, event.origin);
  return undefined;
}

/**
 * Reads a message of the popup protocol (a JSON string, v10's WinChan format) when it was sent by
 * `source` from `origin` (any origin when `origin` is null); undefined for anything else, including
 * the non-JSON noise that browser extensions post (reason `type`).
 */
export function acceptWindowMessage(
  event: MessageEvent,
  origin: string | null,
  source: unknown,
  ignored?: IgnoredMessage,
): Record<string, any> | undefined {
  let data: unknown;
  const reason = senderProblem(event, origin, source);
  if (!reason && typeof event.data === 'string') {
    try {
      data = JSON.parse(event.data);
    } catch {
      // Not the protocol: ignored below.
    }
  }
  if (data && typeof data === 'object') return data as Record<string, any>;
  ignored?.(reason || 'type', event.origin);
  return undefined;
}
