// The known differences must be valid @types/auth0-js code, or they prove nothing: compile
// ours/known-differences.ts without its @ts-expect-error lines against @types/auth0-js.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('./.tmp/', import.meta.url));
mkdirSync(dir, { recursive: true });
const source = readFileSync(new URL('./ours/known-differences.ts', import.meta.url), 'utf8');
const stripped = source.split('\n').filter((line) => !line.includes('@ts-expect-error'));
writeFileSync(`${dir}known-differences.ts`, stripped.join('\n'));
writeFileSync(
  `${dir}tsconfig.json`,
  JSON.stringify({ extends: '../tsconfig.reference.json', include: ['known-differences.ts'] }),
);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const { status } = spawnSync(process.execPath, [tsc, '-p', `${dir}tsconfig.json`], { stdio: 'inherit' });
process.exit(status ?? 1);
