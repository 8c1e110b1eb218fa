/** Builds a one-page app with Vite against our ES modules (dist/esm), to see how it splits the library. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'vite';

/** One JavaScript file of the build: `isEntry` for the app's entry, else a chunk loaded on demand. */
export interface BuiltChunk {
  isEntry: boolean;
  code: string;
}

// The repository root, from e2e/support or from a compiled copy deeper down.
let repo = import.meta.dirname;
while (!existsSync(join(repo, 'package.json'))) repo = dirname(repo);

/** Builds `index.html` (the app's `html`, loading ./main.js) and `mainJs` in memory; `webauth-js` is dist/esm. */
export async function buildViteApp(mainJs: string, html = ''): Promise<BuiltChunk[]> {
  const dir = mkdtempSync(join(tmpdir(), 'webauth-vite-app-'));
  try {
    writeFileSync(join(dir, 'index.html'), `${html}<script type="module" src="./main.js"></script>`);
    writeFileSync(join(dir, 'main.js'), mainJs);
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      resolve: { alias: { 'webauth-js': join(repo, 'dist', 'esm', 'index.js') } },
      build: { outDir: join(dir, 'out'), write: false },
    });
    const output = (Array.isArray(result) ? result[0] : result) as {
      output: { type: string; isEntry?: boolean; code?: string }[];
    };
    return output.output.filter((o) => o.type === 'chunk').map((o) => ({ isEntry: !!o.isEntry, code: o.code ?? '' }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
