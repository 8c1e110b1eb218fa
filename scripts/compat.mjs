// The differential suite (vitest project `compat`, e2e/compat/differential.test.ts) against dist/.
// Usage: npm run compat [-- <scenario name filter>] [other vitest options]
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const [filter, ...rest] = process.argv.slice(2);
const args = [vitest, 'run', '--project', 'compat'];
if (filter && !filter.startsWith('-')) args.push('-t', filter);
else if (filter) rest.unshift(filter);
const r = spawnSync(process.execPath, [...args, ...rest], { stdio: 'inherit' });
process.exit(r.status ?? 1);
