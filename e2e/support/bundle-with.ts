/**
 * Builds one app (`<appDir>/main.js`, its dependencies in `<appDir>/node_modules`) with each bundler
 * the way an app that used auth0-js 10 did: one output file, the bundler's defaults otherwise. Each
 * writes `<outDir>/index.html` and what it loads. The bundlers run in this process: a child process
 * per build would cost another Node start-up each on a 2-core machine.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { build as esbuild } from 'esbuild';
import { rollup } from 'rollup';
import { build as vite } from 'vite';

const require = createRequire(import.meta.url);
export const BUNDLERS = ['rollup', 'webpack4', 'webpack5', 'vite', 'esbuild'] as const;
export type Bundler = (typeof BUNDLERS)[number];

const page = (script: string) =>
  `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><body>${script}</body>\n`;

/** rollup with `output.file`: it refuses to write a second file (a chunk for a dynamic import). */
async function withRollup(appDir: string, outDir: string): Promise<void> {
  const warnings: string[] = [];
  const bundle = await rollup({
    input: join(appDir, 'main.js'),
    plugins: [nodeResolve({ browser: true })],
    onLog: (level, log) => void (level === 'warn' && warnings.push(log.message)),
  });
  try {
    await bundle.write({ file: join(outDir, 'app.js'), format: 'iife' });
  } finally {
    await bundle.close();
  }
  if (warnings.length) throw new Error(`rollup warned: ${warnings.join('; ')}`);
}

interface WebpackStats {
  hasErrors(): boolean;
  hasWarnings(): boolean;
  toString(options: string): string;
}
type Webpack = (config: object, done: (err: Error | null, stats?: WebpackStats) => void) => void;

/** webpack in production mode, one `app.js`; `legacy` is webpack 4 (resolved as `webpack4`). */
function withWebpack(appDir: string, outDir: string, legacy: boolean): Promise<void> {
  const webpack = require(legacy ? 'webpack4' : 'webpack') as Webpack;
  const config = {
    mode: 'production',
    context: appDir,
    entry: './main.js',
    output: {
      path: outDir,
      filename: 'app.js',
      // webpack 4 hashes with md4, which Node 17+ (OpenSSL 3) no longer has; its documented switch.
      ...(legacy ? { hashFunction: 'sha256' } : {}),
    },
    performance: { hints: false },
    // webpack 4's minifier: in this process (not one worker per core) and without a cache in
    // node_modules, whose keys it hashes with md4 too.
    ...(legacy && {
      optimization: {
        minimizer: [new (requireFrom('webpack4', 'terser-webpack-plugin'))({ parallel: false, cache: false })],
      },
    }),
  };
  return new Promise((done, fail) =>
    webpack(config, (err, stats) => {
      if (err) return fail(err);
      if (stats!.hasErrors() || stats!.hasWarnings()) return fail(new Error(stats!.toString('errors-warnings')));
      done();
    }),
  );
}

/** A dependency of `pkg`, as `pkg` resolves it. */
function requireFrom(pkg: string, dependency: string): new (options: object) => object {
  return createRequire(require.resolve(`${pkg}/package.json`))(dependency);
}

/** Vite's production build of index.html (it writes chunks where it needs them; here none). */
async function withVite(appDir: string, outDir: string): Promise<void> {
  // base './': the test serves each build under a folder of its own, not at the site's root.
  await vite({ root: appDir, base: './', configFile: false, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
}

/** esbuild bundling one `app.js` (no `splitting`). */
async function withEsbuild(appDir: string, outDir: string): Promise<void> {
  const result = await esbuild({
    entryPoints: [join(appDir, 'main.js')],
    outfile: join(outDir, 'app.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    logLevel: 'silent',
  });
  if (result.warnings.length) throw new Error(`esbuild warned: ${result.warnings.map((w) => w.text).join('; ')}`);
}

/** Builds the app in `appDir` with `bundler` into `outDir` (index.html and its script). */
export async function bundleWith(bundler: Bundler, appDir: string, outDir: string): Promise<void> {
  if (bundler === 'vite') return withVite(appDir, outDir);
  if (bundler === 'rollup') await withRollup(appDir, outDir);
  else if (bundler === 'esbuild') await withEsbuild(appDir, outDir);
  else await withWebpack(appDir, outDir, bundler === 'webpack4');
  await writeFile(join(outDir, 'index.html'), page('<script src="app.js"></script>'));
}
