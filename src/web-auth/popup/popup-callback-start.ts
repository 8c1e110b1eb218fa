/**
 * `popup.callback`'s part in the main file: the opener's origin, v10's `doPost` relay where the
 * page has no opener (set at once, as v10 did), and the popup chunk, which runs the protocol.
 */
import { currentLocation } from '../../browser/env.js';
import type { WebAuthContext } from '../../flow/context.js';
import { prefetchKeySetFor } from '../../flow/key-set-prefetch.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';
import type { ChunkLoadError } from '../chunk-load-error.js';
import { loadCapability } from '../load-capability.js';

/** Options of `popup.callback`: `parseHash`'s, plus the opener's expected origin. */
export interface PopupCallbackOptions {
  hash?: string;
  state?: string;
  nonce?: string;
  /** The opener's origin (default: `baseOptions.popupOrigin`, else this page's origin). */
  popupOrigin?: string;
  [key: string]: unknown;
}

/** Runs the popup side; `parseHash` is `webAuth.parseHash`. */
export function startPopupCallback(
  ctx: WebAuthContext,
  parseHash: (options: AnyObject, cb: NodeCallback<unknown>) => void,
  options?: PopupCallbackOptions,
): void {
  const { env } = ctx;
  const opts: AnyObject = options || {};
  const originUrl: string = opts.popupOrigin || ctx.baseOptions.popupOrigin || currentLocation(env).origin;
  const opener = env.opener();
  if (!opener) {
    // v10's relay for browsers that lose `window.opener` (IE 11): the relay frame calls doPost.
    env.setGlobal('doPost', (message: unknown) => env.parent()?.postMessage(message, originUrl));
    return;
  }
  // The fragment's ID token will be verified here: its key set loads with the chunk, not after
  // it (the opener's own prefetch reaches this page's storage only when the two share an origin).
  const fragment = String(opts.hash ?? currentLocation(env).hash).replace(/^#/, '');
  prefetchKeySetFor(ctx, new URLSearchParams(fragment).get('id_token'));
  // Without the chunk, the opener is told (its callback gets chunk_load_failed) and closes this window.
  loadCapability('popup').then(
    (chunk) => chunk.popupCallback(ctx, parseHash, opts, originUrl, opener),
    (err: ChunkLoadError) => {
      const d = { error: err.code, error_description: err.message };
      opener.postMessage(JSON.stringify({ a: 'error', d }), originUrl);
    },
  );
}
