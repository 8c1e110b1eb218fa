// Writes the Subresource Integrity hash of the built dist/webauth.min.js (and the package version)
// into the README's CDN <script> snippet: `npm run build && npm run sri`. `--check` only compares
// and exits 1 when the README is stale.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const bundle = readFileSync(new URL('dist/webauth.min.js', root));
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const integrity = 'sha384-' + createHash('sha384').update(bundle).digest('base64');
const snippet =
  `<script src="https://cdn.jsdelivr.net/npm/webauth-js@${version}/dist/webauth.min.js"` +
  ` integrity="${integrity}" crossorigin="anonymous"></script>`;

const readmeUrl = new URL('README.md', root);
const readme = readFileSync(readmeUrl, 'utf8');
const tag =
  /<script src="https:\/\/cdn\.jsdelivr\.net\/npm\/webauth-js@[^/"]+\/dist\/webauth\.min\.js"[^>]*><\/script>/g;
const found = readme.match(tag) ?? [];
if (found.length !== 1) {
  console.error(`sri: expected one CDN <script> snippet in README.md, found ${found.length}`);
  process.exit(1);
}
if (process.argv.includes('--check')) {
  if (found[0] === snippet) process.exit(0);
  console.error(
    `sri: README.md is stale; run \`npm run build && npm run sri\`\n  have: ${found[0]}\n  want: ${snippet}`,
  );
  process.exit(1);
}
writeFileSync(readmeUrl, readme.replace(tag, snippet));
console.log(`sri: README.md CDN snippet → ${integrity}`);
