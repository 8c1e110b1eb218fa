// Types of build.mjs for the TypeScript that imports it (e2e/lock/).
import type { BuildOptions, BuildResult } from 'esbuild';

/** A production browser bundle through the packages' exports maps, as an app's build makes it. */
export declare const browserBundleOptions: BuildOptions;

/** Builds `<dir>/lock-page.js` from `<dir>/src/main.js` (after its node_modules are in place). */
export declare function buildLockPage(dir: string): Promise<BuildResult>;
