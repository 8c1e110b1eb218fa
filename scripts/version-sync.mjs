#!/usr/bin/env node
// Carries package.json's version into every file that names the version being built (npm runs it
// as the "version" script: `npm version prerelease --preid alpha --no-git-tag-version`). The old
// version is the one src/version.ts still names. The CDN snippet's integrity hash depends on the
// built file (its licence comment names the version): run `npm run build && npm run sri` after.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Files whose mentions of the version follow package.json (CHANGELOG headings are cut at release). */
export const VERSIONED_FILES = [
  'src/version.ts',
  'README.md',
  'MIGRATION.md',
  'examples/spa/package.json',
  'examples/lock-hosted-page/package.json',
  'examples/lock-hosted-page/README.md',
  'e2e/lock/app/package.json',
];

// Imported by src/docs/release.test.ts for the list: it syncs only when run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) sync();

function sync() {
  const root = new URL('../', import.meta.url);
  const read = (file) => readFileSync(new URL(file, root), 'utf8');
  const { version } = JSON.parse(read('package.json'));
  const old = /VERSION = '([^']+)'/.exec(read('src/version.ts'))?.[1];
  if (!old) throw new Error('version-sync: no VERSION in src/version.ts');
  if (old === version) {
    console.log(`version-sync: every file names ${version} already`);
  } else {
    // Only whole version strings: 10.2.0-alpha.1 must not match inside 10.2.0-alpha.10.
    const mention = new RegExp(`(?<![\\w.-])${old.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-]*\\d)`, 'g');
    for (const file of VERSIONED_FILES) writeFileSync(new URL(file, root), read(file).replace(mention, version));
    console.log(`version-sync: ${old} -> ${version} in ${VERSIONED_FILES.join(', ')}`);
    console.log('version-sync: now run `npm run build && npm run sri` (the CDN snippet hashes the built file)');
  }
}
