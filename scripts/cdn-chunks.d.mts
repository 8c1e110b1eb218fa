// Types of cdn-chunks.mjs for the TypeScript that imports it (e2e/cdn-chunks.spec.ts).
import type { Plugin, RenderedChunk } from 'rollup';

export function cdnChunks(options: {
  names: string[];
  hook: string;
  banner: string | ((chunk: RenderedChunk) => string);
}): Plugin;
