/**
 * `webAuth.onSessionEvent`, the part in the main file: checks the listener and loads the channel
 * (./channel.ts) on demand. A page that never calls it loads and opens nothing.
 */
import type { WebAuthContext } from '../../flow/context.js';
import { checkValue } from '../../shared/assert.js';
import type { SessionEventListener } from '../../types.js';
import { loadCapability } from '../load-capability.js';

/**
 * `webAuth.onSessionEvent`: registers `listener` once the channel's code is there; resolves with the
 * function that removes it, or rejects with the ChunkLoadError of a chunk that cannot load.
 */
export function onSessionEvent(ctx: WebAuthContext, listener: SessionEventListener): Promise<() => void> {
  checkValue(listener, 'function', 'listener parameter is not valid');
  return loadCapability('sessionEvents').then((chunk) => chunk.listen(ctx, listener));
}
