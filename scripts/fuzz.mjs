// The property tests (src/fuzz) with many more runs and a random seed: `npm run fuzz`.
// FUZZ_RUNS and FUZZ_SEED may be set to replay a failure; the seed in use is printed first.
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS || '5000';
const seed = process.env.FUZZ_SEED || String(Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz: FUZZ_RUNS=${runs} FUZZ_SEED=${seed}`);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'unit', '--testTimeout', '0', 'src/fuzz/', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
  },
);
process.exit(result.status ?? 1);
