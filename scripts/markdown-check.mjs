#!/usr/bin/env node
// Checks the repository's Markdown as GitHub renders it (scripts/docs-check.mjs runs it in npm test):
// - no link (nor a relative path in backticks) leaves the repository (`../shared/…` works in a checkout beside the steering folder and
//   nowhere else: not on GitHub, not in the npm tarball);
// - no table cell holds an unescaped `|`: GitHub splits a row on it even inside backticks, so
//   `auth0|alice` in a cell breaks the table (write `auth0\|alice`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Link targets of `text`: inline `[x](target)`, reference definitions `[x]: target`, and code spans
 * that name a relative path (`../shared/spec/`), which a reader follows the same way.
 */
function linkTargets(text) {
  const targets = [];
  for (const m of text.matchAll(/`(\.\.?\/[^`\s]*)`/g)) targets.push(m[1]);
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]);
  for (const m of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(m[1]);
  return targets;
}

/** Cells of a table row, split where GitHub splits: on every `|` not escaped by a backslash. */
export function tableCells(row) {
  const inner = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/);
}

/** Problems in one Markdown file (`file` is relative to the repository root), as `file:line: why`. */
export function checkMarkdown(file, text) {
  const problems = [];
  const lines = text.split('\n');
  let fence = null;
  let columns = 0;
  lines.forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (opener && (!fence || opener[1].startsWith(fence))) {
      fence = fence ? null : opener[1];
      return;
    }
    if (fence) return;
    for (const target of linkTargets(line)) {
      if (/^[a-z][\w+.-]*:|^#|^\/\//i.test(target)) continue;
      const path = resolve(ROOT, dirname(file), decodeURI(target.split('#')[0]));
      const inside = relative(ROOT, path);
      if (inside === '..' || inside.startsWith(`..${sep}`))
        problems.push(`${at}: links outside the repository (${target})`);
    }
    // A table: a header row, then a delimiter row such as | --- | :-: |.
    const next = lines[i + 1] ?? '';
    if (/^\s*\|/.test(line) && /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(next))
      columns = tableCells(line).length;
    else if (!/^\s*\|/.test(line)) columns = 0;
    if (!columns || /^\s*\|?\s*:?-{3,}/.test(line)) return;
    const cells = tableCells(line);
    const split = cells.length !== columns;
    // A | inside a code span splits the span: a cell is left with an odd number of backticks.
    const inCode = cells.some((cell) => (cell.match(/`/g) ?? []).length % 2 === 1);
    if (split || inCode)
      problems.push(
        `${at}: a table row with an unescaped | in a cell (${cells.length} cells, the header has ${columns}); write \\|`,
      );
  });
  return problems;
}

/** The repository's Markdown files (tracked or new, not ignored), relative to the root. */
export function markdownFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.split('\n').filter((f) => f && !f.split('/').includes('node_modules'));
}

/** Checks every Markdown file; returns the problems found. */
export function checkAllMarkdown() {
  return markdownFiles().flatMap((file) => checkMarkdown(file, readFileSync(join(ROOT, file), 'utf8')));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = checkAllMarkdown();
  for (const p of problems) console.error(`markdown: ${p}`);
  console.log(`markdown: ${markdownFiles().length} files, ${problems.length} problems`);
  process.exit(problems.length ? 1 : 0);
}
