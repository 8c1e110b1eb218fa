/**
 * The error of a capability that could not be loaded on first use. Its own module, not errors.ts:
 * the class's prototype write is a side effect a bundler keeps, and apps without the on-demand
 * capabilities (the modular entry) should not pay for it.
 */
import { WebAuthError } from '../errors.js';

/**
 * A part of the library loaded on first use (a capability's chunk, such as captcha) could not be
 * loaded: the network failed, or the file did not match the integrity hash built into the CDN file.
 * The call that needed it gets this error (never a hang); `code` is `chunk_load_failed`.
 *
 * @example
 * ```ts
 * webAuth.renderCaptcha(element, {}, (err) => {
 *   if (err instanceof ChunkLoadError) console.warn(err.message); // names the file
 * });
 * ```
 */
export class ChunkLoadError extends WebAuthError {
  /** Always `chunk_load_failed`. */
  readonly code = 'chunk_load_failed';
  /** The same code, where v10-style callers read `err.error`. */
  readonly error = 'chunk_load_failed';
}
ChunkLoadError.prototype.name = 'ChunkLoadError';
