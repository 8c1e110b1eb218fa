// Types of rollup.config.mjs for the TypeScript that imports it (e2e/cdn-chunks.spec.ts).
import type { MinifyOptions } from 'terser';
import type { PreRenderedChunk, RollupOptions } from 'rollup';

export const terserOptions: MinifyOptions;
export const cdnChunkFileNames: (chunk: PreRenderedChunk) => string;
declare const config: RollupOptions[];
export default config;
