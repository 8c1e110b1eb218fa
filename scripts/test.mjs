#!/usr/bin/env node
// The one test command: every suite runs even after an earlier failure, so each one reports.
// The last line is always `N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'webauth-test-'));
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
// Run npm through node itself: spawning npm.cmd without a shell fails on Windows (Node >= 20.12).
const npmCli = process.env.npm_execpath;
const npmRun = (script) =>
  npmCli && npmCli.endsWith('.js') ? run(process.execPath, [npmCli, 'run', script]) : run('npm', ['run', script]);

/** Runs a command with inherited stdio (or tees stdout when `capture`), resolving with its exit code. */
function run(cmd, args, { capture = false } = {}) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', capture ? 'pipe' : 'inherit', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (chunk) => {
      process.stdout.write(chunk);
      out += chunk;
    });
    child.on('error', (err) => {
      console.error(`test: could not start ${cmd}: ${err.message}`);
      done({ code: 1, out });
    });
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), out }));
  });
}

function banner(title) {
  console.log(`\n━━━ ${title} ${'━'.repeat(Math.max(0, 60 - title.length))}`);
}

/** Names of what failed, repeated before the summary so a log's tail says what to look at. */
const failures = [];

const single = (code) => (code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

async function vitestProject(project) {
  const outputFile = join(tmp, `${project}.json`);
  const { code } = await run(process.execPath, [
    vitestBin,
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ]);
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
    for (const file of report.testResults ?? []) {
      const names = (file.assertionResults ?? []).filter((t) => t.status === 'failed').map((t) => t.fullName);
      // A file that failed to load has no failed test, only its message.
      if (!names.length && file.status === 'failed') names.push(`(file) ${String(file.message ?? '').split('\n')[0]}`);
      for (const name of names) failures.push(`${project}: ${relative(root, file.name)} > ${name}`);
      // Passed only on vitest's retry: listed with what differed the first time (compat sets meta).
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'passed' || !t.meta?.compatDifferences) continue;
        failures.push(`${project}: ${t.fullName} (flaky: passed only on a retry)`);
        for (const d of t.meta.compatDifferences) failures.push(`${project}:     ${d}`);
      }
    }
  } catch {
    console.error(`test: no JSON report from vitest --project ${project}`);
  }
  // A non-zero exit with no failed test (file failed to load, unhandled error, no tests) still fails.
  if (code !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

/** Import cycles and layer breaks in src/ and e2e/tenant/: one step, each problem named. */
async function importCycles() {
  const { code, out } = await run(process.execPath, [join(root, 'scripts', 'check-cycles.mjs')], { capture: true });
  for (const line of out.split('\n')) if (/^(cycle|layer): /.test(line)) failures.push(`import cycles: ${line}`);
  return single(code);
}

/** Node version and Chromium, checked first so a missing one is named with how to install it. */
async function prerequisites() {
  const problems = [];
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19))
    problems.push(`Node ${process.versions.node} is too old: install Node 20.19 or later`);
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium))
    problems.push(
      `no Chromium at ${chromium}: install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH`,
    );
  for (const p of problems) {
    console.error(`test: ${p}`);
    failures.push(`prerequisites: ${p}`);
  }
  if (!problems.length) console.log(`test: Node ${process.versions.node}, Chromium at ${chromium}`);
  return single(problems.length);
}

const suites = [
  ['prerequisites', prerequisites],
  ['typecheck', async () => single((await npmRun('typecheck')).code)],
  ['import cycles', importCycles],
  // ESLint (typescript-eslint, import-x no-cycle on value imports) and Prettier, one step each.
  ['lint', async () => single((await npmRun('lint')).code)],
  ['format', async () => single((await npmRun('format:check')).code)],
  // TypeDoc builds docs/api/ and fails on any undocumented public export (scripts/docs-check.mjs).
  ['API docs', async () => single((await npmRun('docs:check')).code)],
  ['unit', () => vitestProject('unit')],
  ['tenant', () => vitestProject('tenant')],
  ['build', async () => single((await npmRun('build')).code)],
  ['size budget', async () => single((await run(process.execPath, [join(root, 'e2e', 'bench', 'size.mjs')])).code)],
  // A redirect-login app bundled from dist/ with the modular entry: its own ceiling (issue 17).
  [
    'tree-shaken app size',
    async () => single((await run(process.execPath, [join(root, 'e2e', 'bench', 'tree-shaken-size.mjs')])).code),
  ],
  ['e2e', () => vitestProject('e2e')],
  ['compat', () => vitestProject('compat')],
];

const results = [];
for (const [name, fn] of suites) {
  banner(name);
  const started = Date.now();
  const result = await fn();
  results.push({ name, ...result, seconds: (Date.now() - started) / 1000 });
}
rmSync(tmp, { recursive: true, force: true });

if (failures.length) {
  banner('what failed (or passed only on a retry)');
  for (const line of failures.slice(0, 40)) console.log(line);
  if (failures.length > 40) console.log(`… and ${failures.length - 40} more lines`);
}
banner('summary');
const width = Math.max(...results.map((r) => r.name.length));
for (const r of results) {
  const status = r.failed ? 'FAIL' : 'ok  ';
  console.log(
    `${status} ${r.name.padEnd(width)}  ${String(r.passed).padStart(4)} passed  ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1).padStart(6)}s`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
if (passed + failed === 0) console.log('no tests ran');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed + failed === 0 ? 1 : 0);
