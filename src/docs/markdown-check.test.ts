// scripts/markdown-check.mjs, run by `npm run docs:check` (a step of npm test): the rules on
// samples, and the repository's Markdown passing them.
import { describe, expect, it } from 'vitest';
import { checkAllMarkdown, checkMarkdown, tableCells } from '../../scripts/markdown-check.mjs';

const table = (row: string) => `| Name | Id |\n| --- | --- |\n${row}\n`;

describe('markdown check', () => {
  it('splits a table row where GitHub does: on every | not escaped, in code spans too', () => {
    expect(tableCells('| `auth0|alice` | x |')).toEqual([' `auth0', 'alice` ', ' x ']);
    expect(tableCells('| `auth0\\|alice` | x |')).toEqual([' `auth0\\|alice` ', ' x ']);
  });

  it('fails on an unescaped | in a table cell, inside backticks or not', () => {
    expect(checkMarkdown('a.md', table('| alice | `auth0|alice` |'))).toEqual([
      'a.md:3: a table row with an unescaped | in a cell (3 cells, the header has 2); write \\|',
    ]);
    expect(checkMarkdown('a.md', table('| alice | a|b |'))).toHaveLength(1);
    expect(checkMarkdown('a.md', table('| alice | `auth0\\|alice` |'))).toEqual([]);
    // Outside a table, and inside a fenced block, a | is text.
    expect(checkMarkdown('a.md', 'Run `a | b`.\n\n```\n| x | `a|b` |\n| - | - |\n```\n')).toEqual([]);
  });

  it('fails on a link that leaves the repository, not on one inside it or to the web', () => {
    expect(checkMarkdown('README.md', 'See [the spec](../shared/spec/a.md).')).toEqual([
      'README.md:1: links outside the repository (../shared/spec/a.md)',
    ]);
    expect(checkMarkdown('examples/spa/README.md', '[tenant](../../e2e/tenant/README.md)')).toEqual([]);
    expect(checkMarkdown('examples/spa/README.md', '![x](../../../up.png)')).toHaveLength(1);
    expect(checkMarkdown('README.md', '[spec]: ../shared/spec/a.md\n')).toHaveLength(1);
    expect(checkMarkdown('README.md', '[web](https://example.com/../x) [top](#install)')).toEqual([]);
  });

  it("passes on the repository's Markdown", () => {
    expect(checkAllMarkdown()).toEqual([]);
  });
});
