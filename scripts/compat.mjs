// The differential runner (e2e/compat/run.ts): compiles e2e/ and runs it against dist/.
// Usage: npm run compat [-- <scenario name filter>]
import { spawnSync } from 'node:child_process';

const r = spawnSync(process.execPath, ['scripts/run-e2e-ts.mjs', 'e2e/compat/run.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
