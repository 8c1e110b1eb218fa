/** Opt-in tracing of flow decisions (`debug` option) and misconfiguration hints on errors. */
import type { DebugHook } from '../types/debug.js';

const ORIGINS = 'origin not in Allowed Web Origins';
const CALLBACKS = 'redirectUri not in Allowed Callback URLs';
const COOKIES = 'third-party cookies may be blocked: serve the tenant from a custom domain of this site';
/**
 * A silent call's `timeout` hint: the tenant shows an error page instead of answering when the
 * origin or the callback is refused.
 */
const NO_ANSWER = `no answer: ${ORIGINS}, ${CALLBACKS}, or ${COOKIES}`;

/**
 * The hint of a silent `timeout` reported early: a page of another origin loaded in the hidden
 * iframe and did not answer (an error or login page, or a frame the browser refused).
 */
export const SHOWN_PAGE_HINT = `the tenant showed a page, ${NO_ANSWER}`;

/** The hint for an ID token signed with HS256 (the client secret, which a browser cannot hold). */
const HS256_HINT = 'the application must sign ID tokens with RS256';

/**
 * A troubleshooting hint for a common misconfiguration, or undefined. `silent`: the answer was
 * awaited from a hidden iframe, which gets the tenant's cookies only as a third party.
 */
export function hintFor(code: unknown, description: unknown, silent?: boolean): string | undefined {
  const text = typeof description === 'string' ? description : '';
  if (silent && code === 'login_required') return COOKIES;
  if (silent && code === 'timeout') return NO_ANSWER;
  // v10's own check: the page that receives the answer must be on the calling page's origin.
  if (code === 'origin_mismatch') return "redirectUri or popupOrigin is not this page's origin";
  // A refused CORS request reaches the page as a network failure, without a status.
  if (/terminated/.test(text)) return ORIGINS + ' (or offline)';
  if (/origin.*(not allowed|Allowed Web Origins)/i.test(text)) return ORIGINS;
  if (/redirect_uri.*not (allowed|in)|callback url/i.test(text)) return CALLBACKS;
  return /"HS256"/.test(text) ? HS256_HINT : undefined;
}

/**
 * Adds `hint` to an error object when one applies; returns the error. A silent run's raw error may
 * carry its own (non-enumerable, so `original` stays v10's): {@link SHOWN_PAGE_HINT}.
 */
export function withHint<E extends object>(err: E, silent?: boolean): E {
  const record = err as {
    error?: unknown;
    code?: unknown;
    description?: unknown;
    errorDescription?: unknown;
    original?: { message?: unknown; hint?: string };
  };
  const hint =
    (silent && record.original?.hint) ||
    hintFor(
      record.error ?? record.code,
      record.errorDescription ?? record.description ?? record.original?.message,
      silent,
    );
  if (hint) (err as { hint?: string }).hint = hint;
  return err;
}

/** Whether a transaction's `state` and `nonce` exist; never their values. */
export const presence = (params: Record<string, unknown>) => ({ state: !!params.state, nonce: !!params.nonce });

/** Calls the `debug` hook, when there is one, with one event. */
export const trace = (debug: DebugHook | undefined, flow: string, step: string, detail?: Record<string, unknown>) =>
  debug?.({ flow, step, detail });

/** The `message-ignored` tracer of `flow` for the message filter, or undefined without a hook. */
export const traceIgnored = (debug: DebugHook | undefined, flow: string) =>
  debug && ((reason: string, origin: string) => trace(debug, flow, 'message-ignored', { reason, origin }));
