/**
 * The main file's way into the code-flow chunk (`usePKCE`, `useRefreshTokens`, `useDpop`): its
 * load starts together with the flow's first other step, and a chunk that cannot be loaded reaches
 * the caller's callback before anything (a transaction, a refresh token) is used.
 */
import type { ChunkLoadError } from './chunk-load-error.js';
import { loadCapability } from './load-capability.js';

/** The code-flow chunk's module. */
export type CodeFlow = Awaited<ReturnType<typeof loadCapability<'codeFlow'>>>;

/** Starts loading the chunk (a failure is reported by the call that needs it, which retries). */
export function preloadCodeFlow(): void {
  loadCapability('codeFlow').catch(() => undefined);
}

/**
 * Runs `step` with the chunk, or calls `failed` with the `ChunkLoadError`. Either runs out of the
 * loader's promise job, so a throwing callback is reported as an error, not a lost rejection.
 */
export function withCodeFlow(failed: (err: ChunkLoadError) => void, step: (chunk: CodeFlow) => void): void {
  loadCapability('codeFlow').then(
    (chunk) => queueMicrotask(() => step(chunk)),
    (err: ChunkLoadError) => queueMicrotask(() => failed(err)),
  );
}
