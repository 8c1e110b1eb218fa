#!/usr/bin/env node
// The one test command: every suite runs even after an earlier failure, so each one reports.
// Independent steps run side by side (see steps below); each step's output is held back and
// printed whole when it ends. The last line is always `N passed, N failed`.
// TEST_JOBS=n caps how many steps run at once (default 2, one per core of the 2-core CI machine),
// and as many background checks at the lowest priority beside them (BACKGROUND below);
// TEST_REPORTS=dir keeps vitest's JSON.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = process.env.TEST_REPORTS ? resolve(process.env.TEST_REPORTS) : undefined;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
const tmp = reportsDir ?? mkdtempSync(join(tmpdir(), 'webauth-test-'));
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2);
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
// Output is piped into a buffer; keep colours when the buffer ends up on a terminal.
const childEnv = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
// Run npm through node itself: spawning npm.cmd without a shell fails on Windows (Node >= 20.12).
const npmCli = process.env.npm_execpath;
const npmArgs = (script) =>
  npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli, 'run', script]] : ['npm', ['run', script]];

/**
 * Runs a command with its stdout and stderr collected into `log`, resolving with its exit code and
 * stdout. In a background step (see BACKGROUND) the command runs at the lowest priority: set as soon
 * as it is spawned, before it has started anything of its own, so what it starts inherits it.
 */
function run(log, cmd, args) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    if (log.background && child.pid) {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Not permitted here: the step runs at normal priority, only slower for the suites beside it.
      }
    }
    let out = '';
    child.stdout.on('data', (chunk) => {
      log.push(chunk);
      out += chunk;
    });
    child.stderr.on('data', (chunk) => log.push(chunk));
    child.on('error', (err) => {
      log.push(`test: could not start ${cmd}: ${err.message}\n`);
      done({ code: 1, out });
    });
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), out }));
  });
}
const npmRun = (log, script) => run(log, ...npmArgs(script));
const node = (log, ...args) => run(log, process.execPath, args);

function banner(title) {
  console.log(`\n━━━ ${title} ${'━'.repeat(Math.max(0, 60 - title.length))}`);
}

/** Names of what failed, repeated before the summary so a log's tail says what to look at. */
const failures = [];

const single = (code) => (code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

async function vitestProject(log, project) {
  const outputFile = join(tmp, `${project}.json`);
  rmSync(outputFile, { force: true });
  const { code } = await node(
    log,
    vitestBin,
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  );
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
    log.push(`test: no JSON report from vitest --project ${project}\n`);
  }
  // A non-zero exit with no failed test (file failed to load, unhandled error, no tests) still fails.
  if (code !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

/** Import cycles and layer breaks in src/ and e2e/tenant/: one step, each problem named. */
async function importCycles(log) {
  const { code, out } = await node(log, join(root, 'scripts', 'check-cycles.mjs'));
  for (const line of out.split('\n')) if (/^(cycle|layer): /.test(line)) failures.push(`import cycles: ${line}`);
  return single(code);
}

/** Node version and Chromium, checked first so a missing one is named with how to install it. */
async function prerequisites(log) {
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
    log.push(`test: ${p}\n`);
    failures.push(`prerequisites: ${p}`);
  }
  if (!problems.length) log.push(`test: Node ${process.versions.node}, Chromium at ${chromium}\n`);
  return single(problems.length);
}

/** dist/ and the local tenant's CLI bundle, each built once for every suite that uses them. */
async function build(log) {
  const dist = await npmRun(log, 'build');
  const tenant = await node(log, join(root, 'scripts', 'tenant.mjs'), '--bundle-only');
  return single(dist.code || tenant.code);
}

// In the order they are started when free; `after` names steps that must end first. The CPU-bound
// steps the browser suites need first (build, unit, typecheck, tenant) share the cores; the
// browser suites then run alone, one after the other, each with its own workers (E2E_WORKERS).
// Measured on the 2-core CI machine: Chromium, the tenants and the pages keep the cores busy, so a
// browser suite beside the others at the same priority slowed everything (typecheck 38 s became
// 518 s, compat 249 s became 856 s) and unit tests that give an event a second ran out of time.
const CPU_STEPS = ['prerequisites', 'build', 'unit', 'typecheck', 'tenant'];
// Checks nothing else waits for: they run beside the rest at the lowest priority, using the cores
// when the others leave them idle (the browser suites leave about 6 % of them), and do not count
// towards TEST_JOBS. Not free: the e2e suite beside them took 285 s instead of 275 s alone. Measured
// in CI run 16 (CONTRIBUTING): they were done within the e2e suite's first 80 s, and npm test took
// 452 s. Typecheck stays out: in the background too (run 17) it slowed the e2e suite by as much
// (307 s) as it let it start sooner (54 s instead of 75 s).
const BACKGROUND = ['import cycles', 'format', 'size budget', 'tree-shaken app size', 'lint', 'API docs'];
const FIRST = ['build', 'typecheck'];
const steps = [
  { name: 'prerequisites', run: prerequisites },
  { name: 'build', run: build },
  // Unit beside the build from the start, then typecheck once the build is done and the tenant suite
  // once unit is: the four end together (75 s in CI run 16) instead of unit waiting for typecheck.
  { name: 'unit', run: (log) => vitestProject(log, 'unit') },
  { name: 'typecheck', run: async (log) => single((await npmRun(log, 'typecheck')).code) },
  // Its CLI tests start the tenant bundle the build makes.
  { name: 'tenant', run: (log) => vitestProject(log, 'tenant'), after: ['build'] },
  { name: 'e2e', run: (log) => vitestProject(log, 'e2e'), after: CPU_STEPS },
  { name: 'compat', run: (log) => vitestProject(log, 'compat'), after: [...CPU_STEPS, 'e2e'] },
  { name: 'import cycles', run: importCycles },
  { name: 'format', run: async (log) => single((await npmRun(log, 'format:check')).code) },
  {
    name: 'size budget',
    run: async (log) => single((await node(log, join(root, 'e2e', 'bench', 'size.mjs'))).code),
    after: ['build'],
  },
  // A redirect-login app bundled from dist/ with the modular entry: its own ceiling (issue 17).
  {
    name: 'tree-shaken app size',
    run: async (log) => single((await node(log, join(root, 'e2e', 'bench', 'tree-shaken-size.mjs'))).code),
    after: ['build'],
  },
  // ESLint (typescript-eslint's recommended rules) and Prettier, one step each.
  { name: 'lint', run: async (log) => single((await npmRun(log, 'lint')).code), after: FIRST },
  // TypeDoc builds docs/api/ and fails on any undocumented public export (scripts/docs-check.mjs).
  { name: 'API docs', run: async (log) => single((await npmRun(log, 'docs:check')).code), after: FIRST },
];

const ORDER = [
  'prerequisites',
  'typecheck',
  'import cycles',
  'lint',
  'format',
  'API docs',
  'unit',
  'tenant',
  'build',
  'size budget',
  'tree-shaken app size',
  'e2e',
  'compat',
];
const results = new Map();
const started = Date.now();
await new Promise((allDone) => {
  const running = new Set();
  const waiting = [...steps];
  const ready = (s) => (s.after ?? []).every((name) => results.has(name));
  const next = () => {
    if (!waiting.length && !running.size) return allDone();
    for (const s of waiting.filter(ready)) {
      const background = BACKGROUND.includes(s.name);
      const busy = [...running].filter((name) => BACKGROUND.includes(name) === background).length;
      if (busy >= jobs) continue;
      waiting.splice(waiting.indexOf(s), 1);
      running.add(s.name);
      const log = [];
      log.background = background;
      const t0 = Date.now();
      const how = background ? ' (background, lowest priority)' : '';
      console.log(`test: ${s.name} started at ${((t0 - started) / 1000).toFixed(0)} s${how}`);
      s.run(log).then(
        (result) => finish(s, log, t0, result),
        (err) => finish(s, [...log, `test: ${s.name} crashed: ${err?.stack ?? err}\n`], t0, single(1)),
      );
    }
  };
  const finish = (s, log, t0, result) => {
    const seconds = (Date.now() - t0) / 1000;
    results.set(s.name, { ...result, seconds });
    running.delete(s.name);
    banner(`${s.name} (${seconds.toFixed(1)} s)`);
    process.stdout.write(log.join(''));
    next();
  };
  next();
});
if (!reportsDir) rmSync(tmp, { recursive: true, force: true });

if (failures.length) {
  banner('what failed (or passed only on a retry)');
  for (const line of failures.slice(0, 40)) console.log(line);
  if (failures.length > 40) console.log(`… and ${failures.length - 40} more lines`);
}
banner(`summary (${((Date.now() - started) / 1000).toFixed(1)} s in all, up to ${jobs} steps at once)`);
// The table lists the steps in the order they ran before they ran side by side.
const rows = steps
  .map((s) => ({ name: s.name, ...results.get(s.name) }))
  .sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) {
  const status = r.failed ? 'FAIL' : 'ok  ';
  console.log(
    `${status} ${r.name.padEnd(width)}  ${String(r.passed).padStart(4)} passed  ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1).padStart(6)}s`,
  );
}
const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0);
if (passed + failed === 0) console.log('no tests ran');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed + failed === 0 ? 1 : 0);
