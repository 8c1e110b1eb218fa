#!/usr/bin/env node
// The engine suite (e2e/engines): the main flows in Chromium, Firefox ESR and WebKitGTK, apart from
// `npm test` (it does not fit in npm test's time on a 2-core machine). Needs dist/ (npm run build)
// and Debian's chromium, firefox-esr, webkit2gtk-driver and xvfb. ENGINES=firefox,webkit runs some.
// Ends with `N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const needed = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  'firefox-esr': process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
  'webkit2gtk-driver': process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
  'libwebkit2gtk-4.1-0 (MiniBrowser)':
    process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  xvfb: '/usr/bin/Xvfb',
};
const missing = Object.entries(needed).filter(([, path]) => !existsSync(path));
if (missing.length) {
  console.error(`test:engines: missing ${missing.map(([pkg, path]) => `${pkg} (${path})`).join(', ')}`);
  console.error('Install them with: apt-get install chromium firefox-esr webkit2gtk-driver xvfb');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
if (!existsSync(join(root, 'dist', 'webauth.min.js'))) {
  console.error('test:engines: no dist/webauth.min.js: run npm run build first');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const report = join(mkdtempSync(join(tmpdir(), 'webauth-engines-')), 'engines.json');
const started = Date.now();
const code = await new Promise((done) => {
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--project',
      'engines',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  child.on('close', (c) => done(c ?? 1));
});
let passed = 0;
let failed = code === 0 ? 0 : 1;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = Math.max(json.numFailedTests ?? 0, code === 0 ? 0 : 1);
} catch {
  // No report: vitest did not start; counted as one failure above.
}
console.log(`\ntest:engines took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(code === 0 && failed === 0 ? 0 : 1);
