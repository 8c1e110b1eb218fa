// Every fenced code block in the user-facing Markdown is either checked here or carries an explicit
// `<!-- snippet: structural (reason) -->` marker naming why it is not run as-is. sh blocks may only
// call npm scripts that exist; js/ts blocks must parse; html blocks must be well-formed script tags.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const docs = readdirSync(new URL('docs/', root))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const files = ['README.md', 'MIGRATION.md', 'CONTRIBUTING.md', ...docs].filter((f) => existsSync(new URL(f, root)));
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  name: string;
  scripts: Record<string, string>;
};

interface Snippet {
  file: string;
  lang: string;
  code: string;
  marker: string | undefined;
}

function snippets(file: string): Snippet[] {
  const text = readFileSync(new URL(file, root), 'utf8');
  const out: Snippet[] = [];
  for (const m of text.matchAll(/(?:<!-- snippet: ([^\n]*?) -->\n\n?)?```(\w*)\n([\s\S]*?)```/g)) {
    out.push({ file, marker: m[1], lang: m[2] ?? '', code: m[3] ?? '' });
  }
  return out;
}

const all = files.flatMap(snippets);

function checkShell(code: string): void {
  for (const line of code
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    for (const cmd of line.split('&&').map((c) => c.trim())) {
      const install = /^npm install(?: (\S+))?$/.exec(cmd);
      if (install) {
        const spec = install[1];
        if (spec) expect([pkg.name, `auth0-js@npm:${pkg.name}`]).toContain(spec);
        continue;
      }
      const run = /^npm (?:run )?([\w:-]+)/.exec(cmd);
      expect(run, `unknown command: ${cmd}`).not.toBeNull();
      const script = run![1]!;
      if (script !== 'ci') expect(Object.keys(pkg.scripts), `npm script ${script}`).toContain(script);
    }
  }
}

function checkParses(code: string, lang: string): void {
  const out = ts.transpileModule(code, {
    reportDiagnostics: true,
    fileName: `snippet.${lang === 'js' ? 'js' : 'ts'}`,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  expect(out.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) ?? []).toEqual([]);
}

describe('documentation snippets', () => {
  it('finds the README snippets', () => {
    expect(all.filter((s) => s.file === 'README.md').length).toBeGreaterThan(5);
  });
  it('finds the snippets of docs/', () => {
    expect(all.filter((s) => s.file.startsWith('docs/')).length).toBeGreaterThan(5);
  });
  it('names each runnable snippet once across the README and docs/', () => {
    const names = all.flatMap((s) => /^run \(e2e\/snippets\.spec\.ts: ([\w-]+)/.exec(s.marker ?? '')?.[1] ?? []);
    expect(names.length).toBeGreaterThanOrEqual(10);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
  for (const [i, s] of all.entries()) {
    it(`${s.file} #${i} (${s.lang})`, () => {
      expect(['sh', 'js', 'ts', 'html', 'text']).toContain(s.lang);
      if (s.marker) expect(s.marker).toMatch(/^(?:structural \(.{10,}\)|run \(e2e\/snippets\.spec\.ts: [\w-]+.*\))$/);
      if (s.lang === 'sh') checkShell(s.code);
      if (s.lang === 'js' || s.lang === 'ts') checkParses(s.code, s.lang);
      if (s.lang === 'html') {
        for (const m of s.code.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g))
          if (m[1]!.trim()) checkParses(m[1]!, 'js');
        expect(s.code.split('<script').length).toBe(s.code.split('</script>').length);
      }
      if (s.lang === 'js' || s.lang === 'ts' || s.lang === 'html')
        expect(s.marker, 'code blocks are run by e2e/snippets.spec.ts').toMatch(/^run \(/);
    });
  }
});
