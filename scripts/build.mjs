// Builds dist/: ESM modules and the minified UMD bundle with rollup, then declarations with tsc.
import { rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

rmSync('dist', { recursive: true, force: true });
run('npx', ['rollup', '-c', '--silent']);
run('npx', ['tsc', '-p', 'tsconfig.json', '--emitDeclarationOnly', '--declarationDir', 'dist/types', '--sourceMap', 'false']);
