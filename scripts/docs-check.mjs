#!/usr/bin/env node
// Builds the API reference (docs/api/) and fails when more exports lack TSDoc than the ratchet
// allows, or on any other TypeDoc warning, so documentation coverage can only improve. First the
// Markdown as GitHub renders it (scripts/markdown-check.mjs): no link out of the repository, no
// unescaped | in a table cell.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { checkAllMarkdown, markdownFiles } from './markdown-check.mjs';

const markdownProblems = checkAllMarkdown();
for (const problem of markdownProblems) console.error(`docs: ${problem}`);
console.log(`docs: ${markdownFiles().length} Markdown files, ${markdownProblems.length} problems`);
if (markdownProblems.length) process.exit(1);

/** Every public export is documented (2026-11-25); npm test runs this check, so it stays at 0. */
const MAX_UNDOCUMENTED = 0;

const bin = fileURLToPath(new URL('../node_modules/typedoc/bin/typedoc', import.meta.url));
console.log('docs: running TypeDoc (about 30 s)…');
const run = spawnSync(process.execPath, [bin], { encoding: 'utf8' });
const out = `${run.stdout}\n${run.stderr}`;
const warnings = out.split('\n').filter((l) => l.includes('[warning]'));
const undocumented = warnings.filter((l) => l.includes('does not have any documentation'));
console.log(
  `docs: ${undocumented.length} undocumented exports (ceiling ${MAX_UNDOCUMENTED}), ${warnings.length - undocumented.length} other warnings`,
);
if (run.status !== 0 || undocumented.length > MAX_UNDOCUMENTED) {
  console.error(out);
  process.exit(1);
}
