// Types of cdn-chunks.mjs for the TypeScript that imports it (e2e/cdn-chunks.spec.ts).
import type { Plugin } from 'rollup';

export function cdnChunks(options: { names: string[]; hook: string; banner: string }): Plugin;
