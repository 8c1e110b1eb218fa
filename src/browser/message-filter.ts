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

/** True when the message comes from `origin` and from the window `source`. */
export function fromWindow(event: MessageEvent, origin: string, source: unknown): boolean {
  return event.origin === origin && event.source === source;
}

/** Returns `event.data` when the message is the expected one, else undefined (ignore it). */
export function acceptMessage(event: MessageEvent, expected: ExpectedMessage): Record<string, any> | undefined {
  const data = event.data as Record<string, any> | null;
  if (!fromWindow(event, expected.origin, expected.source)) return undefined;
  if (!data || typeof data !== 'object' || data.type !== expected.type) return undefined;
  if ('state' in expected && data.response?.state !== expected.state) return undefined;
  return data;
}

/**
 * Reads a message of the popup protocol (a JSON string, v10's WinChan format) when it was sent by
 * `source` from `origin` (any origin when `origin` is null); undefined for anything else, including
 * the non-JSON noise that browser extensions post.
 */
export function acceptWindowMessage(
  event: MessageEvent,
  origin: string | null,
  source: unknown,
): Record<string, any> | undefined {
  if ((origin !== null && event.origin !== origin) || event.source !== source || typeof event.data !== 'string')
    return undefined;
  try {
    const data = JSON.parse(event.data);
    return data && typeof data === 'object' ? data : undefined;
  } catch {
    return undefined;
  }
}
