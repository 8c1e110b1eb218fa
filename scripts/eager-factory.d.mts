// Types of eager-factory.mjs for the TypeScript that imports it (e2e/eager-factory.spec.ts).
import type { Plugin } from 'rollup';

export function eagerFactory(): Plugin;

/** One source-map segment (base64 VLQ) as its numbers. */
export function decodeSegment(segment: string): number[];
