/**
 * The Lock fixture app (e2e/lock/app) laid out as npm would install it and bundled with esbuild
 * through the packages' exports maps, as a user's build does: no alias to webauth-js's files.
 * - `webauth-js`: node_modules/auth0-js is the packed webauth-js (the `npm:` alias), Lock a copy of
 *   the repository's auth0-lock 14.3.0 (the root `overrides` keep it from nesting auth0-js 9).
 * - `reference-plain`: the same app on auth0-js 10.2.1 (the repository's), built the same way. Its
 *   `require` entry is a UMD `.js` in a `"type": "module"` package, so Lock's `require('auth0-js')`
 *   gets no default export and the page fails at start (auth0.js #1654).
 * - `reference`: auth0-js 10.2.1 with Lock's `require('auth0-js')` pointed at its ESM build, the
 *   workaround its packaging needs, so every flow can run on it as the reference.
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { build, type Message, type Plugin } from 'esbuild';
import { installPackedPackage, REPO_ROOT } from '../support/packed-package.js';
import { browserBundleOptions } from '../../examples/lock-hosted-page/build.mjs';

export type LockFlavour = 'webauth-js' | 'reference-plain' | 'reference';

export interface LockAppTenant {
  domain: string;
  clientID: string;
  connection: string;
}

export interface BuiltLockApp {
  dir: string;
  /** The input files of app.js (Lock's page), relative to the app and with `/` separators. */
  inputs: string[];
  warnings: Message[];
  buildMs: number;
}

const referenceEsm: Plugin = {
  name: 'auth0-js-10.2.1-esm',
  setup(b) {
    b.onResolve({ filter: /^auth0-js$/ }, (args) =>
      b.resolve('auth0-js/dist/auth0.min.esm.js', { kind: 'import-statement', resolveDir: args.resolveDir }),
    );
  },
};

/**
 * Copies `source` to e2e/.build/`name` with Lock 14.3.0 in its node_modules and, when `webauthJs`,
 * the packed webauth-js as `auth0-js`: a Lock project as npm installs it. Returns the folder.
 */
export async function layOutLockProject(source: string, name: string, webauthJs: boolean): Promise<string> {
  // Inside the repository, so Lock's own dependencies resolve from its node_modules as hoisted.
  const dir = join(REPO_ROOT, 'e2e', '.build', name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await cp(source, dir, { recursive: true });
  await cp(join(REPO_ROOT, 'node_modules', 'auth0-lock'), join(dir, 'node_modules', 'auth0-lock'), { recursive: true });
  if (webauthJs) await installPackedPackage(dir, 'auth0-js');
  return dir;
}

export async function buildLockApp(flavour: LockFlavour, tenant: LockAppTenant): Promise<BuiltLockApp> {
  const dir = await layOutLockProject(
    join(REPO_ROOT, 'e2e', 'lock', 'app'),
    `lock-app-${flavour}`,
    flavour === 'webauth-js',
  );
  await writeFile(join(dir, 'src', 'tenant.js'), `export const tenant = ${JSON.stringify(tenant)};\n`);
  const started = Date.now();
  const result = await build({
    ...browserBundleOptions,
    absWorkingDir: dir,
    entryPoints: [
      { in: 'src/main.js', out: 'app' },
      { in: 'src/co-verify.js', out: 'pages/co-verify' },
    ],
    plugins: flavour === 'reference' ? [referenceEsm] : [],
    metafile: true,
    logLevel: 'silent',
  });
  const app = result.metafile.outputs['app.js'];
  const inputs = Object.keys(app?.inputs ?? {}).map((file) => relative(dir, join(dir, file)).split(sep).join('/'));
  return { dir, inputs, warnings: result.warnings, buildMs: Date.now() - started };
}
