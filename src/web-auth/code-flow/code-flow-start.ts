/**
 * The main file's way into the code-flow chunk for a token request: with `useDpop` the request's
 * proof is made by the chunk, so the request waits for it, and a chunk that cannot be loaded
 * reaches the caller's callback before anything (a transaction, a code) is used.
 */
import type { RedirectContext } from '../../flow/context.js';
import type { ChunkLoadError } from '../chunk-load-error.js';
import { loadCapability } from '../load-capability.js';

/** The code-flow chunk's module. */
export type CodeFlow = Awaited<ReturnType<typeof loadCapability<'codeFlow'>>>;

/**
 * Runs `step` (a token request) at once, or with `useDpop` once the chunk that makes its proof is
 * here; a failed load calls `failed` with the `ChunkLoadError` instead. Either runs out of the
 * loader's promise job, so a throwing callback is reported as an error, not a lost rejection.
 */
export function withProofs(ctx: RedirectContext, failed: (err: ChunkLoadError) => void, step: () => void): void {
  if (!ctx.dpop) return step();
  loadCapability('codeFlow').then(
    () => queueMicrotask(step),
    (err: ChunkLoadError) => queueMicrotask(() => failed(err)),
  );
}
