#!/usr/bin/env node
// Builds the webauth-local-tenant package into dist/: tsc for JavaScript and declarations, then the
// files the tenant reads at run time (page scripts, fixtures) and the library bundle its hosted
// login page runs, copied from the repository's build (`npm run build` at the root comes first).
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const library = join(here, '..', '..', 'dist', 'webauth.min.js');
if (!existsSync(library)) {
  console.error(`tenant build: ${library} is missing; run \`npm run build\` at the repository root first`);
  process.exit(1);
}

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const { status } = spawnSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
if (status !== 0) process.exit(status ?? 1);

const copies = [
  ['assets/hosted-login.js', 'assets/hosted-login.js'],
  ['assets/co-verify.js', 'assets/co-verify.js'],
  ['fixtures/web-mtls.cert.pem', 'fixtures/web-mtls.cert.pem'],
  ['fixtures/web-private-key-jwt.private.jwk.json', 'fixtures/web-private-key-jwt.private.jwk.json'],
  [library, 'assets/webauth.min.js'],
  // The chunks the CDN file loads beside itself on first use (webauth.captcha.min.js, ...).
  ...readdirSync(dirname(library))
    .filter((name) => /^webauth\.[\w-]+\.min\.js$/.test(name) && name !== 'webauth.all.min.js')
    .map((name) => [join(dirname(library), name), `assets/${name}`]),
];
for (const [from, to] of copies) {
  mkdirSync(dirname(join(dist, to)), { recursive: true });
  copyFileSync(isAbsolute(from) ? from : join(here, from), join(dist, to));
}
chmodSync(join(dist, 'cli', 'cli.js'), 0o755);
console.log(`tenant build: ${dist}`);
