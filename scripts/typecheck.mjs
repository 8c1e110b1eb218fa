#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, checked as `tsc -p` checks it,
// one after the other in one process. Separate tsc runs cost 51 s of CPU on the 2-core CI machine,
// most of it each run starting TypeScript cold and parsing the same lib and @types files again
// (issue 34); here a source file parsed for one project is reused by the next that reads it with
// the same parse-affecting options. Arguments name the checks to run (default: all).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const types = join(root, 'e2e', 'types');

/** The known differences without their @ts-expect-error lines: valid @types/auth0-js code, or they prove nothing. */
function knownDifferencesConfig() {
  const dir = join(types, '.tmp');
  mkdirSync(dir, { recursive: true });
  const source = readFileSync(join(types, 'ours', 'known-differences.ts'), 'utf8');
  const stripped = source.split('\n').filter((line) => !line.includes('@ts-expect-error'));
  writeFileSync(join(dir, 'known-differences.ts'), stripped.join('\n'));
  const config = { extends: '../tsconfig.reference.json', include: ['known-differences.ts'] };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
  return join(dir, 'tsconfig.json');
}

// In order: the type tests read the declarations the first auth0-types check writes.
const CHECKS = [
  { name: 'src', config: 'tsconfig.test.json' },
  { name: 'e2e', config: 'e2e/tsconfig.json', options: { noEmit: true } },
  // The local tenant compiles on its own, without the rest of e2e/ (it is published alone).
  { name: 'tenant', config: 'e2e/tenant/tsconfig.json' },
  { name: 'spa-example', config: 'examples/spa/tsconfig.json' },
  {
    name: 'auth0-types',
    config: 'tsconfig.json',
    options: { emitDeclarationOnly: true, declarationDir: join(types, '.dts'), sourceMap: false },
  },
  { name: 'auth0-types', config: 'e2e/types/tsconfig.reference.json' },
  { name: 'auth0-types', config: 'e2e/types/tsconfig.json' },
  { name: 'auth0-types', config: 'e2e/types/tsconfig.json', options: { exactOptionalPropertyTypes: true } },
  { name: 'auth0-types', config: 'e2e/types/tsconfig.compat.json' },
  { name: 'auth0-types', config: 'e2e/types/tsconfig.compat-exact.json' },
  { name: 'auth0-types', config: knownDifferencesConfig },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !CHECKS.some((c) => c.name === w));
if (unknown.length) {
  console.error(
    `typecheck: unknown check ${unknown.join(', ')}; known: ${[...new Set(CHECKS.map((c) => c.name))].join(', ')}`,
  );
  process.exit(2);
}

const parsed = new Map();
const pretty = ts.sys.writeOutputIsTTY?.() ?? false;
const reportDiagnostic = ts.createDiagnosticReporter(ts.sys, pretty);

function createHost(options) {
  const host = ts.createCompilerHost(options);
  // The options that change how a file parses and binds, with their implied values (`strict`
  // implies `alwaysStrict`): the key TypeScript's language service shares files between projects by.
  const optionsKey = ts.getKeyForCompilerOptions(options, ts.sourceFileAffectingCompilerOptions);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, how, onError, fresh) => {
    const { languageVersion, impliedNodeFormat } = typeof how === 'object' ? how : { languageVersion: how };
    const key = `${fileName}\0${languageVersion}\0${impliedNodeFormat}\0${optionsKey}`;
    if (!fresh && parsed.has(key)) return parsed.get(key);
    const file = getSourceFile(fileName, how, onError, fresh);
    if (file) parsed.set(key, file);
    return file;
  };
  const writeFile = host.writeFile.bind(host);
  host.writeFile = (fileName, ...rest) => {
    // A file written here is read anew by the next project (the declarations for the type tests).
    for (const key of parsed.keys()) if (key.startsWith(`${fileName}\0`)) parsed.delete(key);
    writeFile(fileName, ...rest);
  };
  return host;
}

/** One `tsc -p config` with `options` on the command line; the number of errors it reports. */
function check(configPath, options = {}) {
  const config = ts.getParsedCommandLineOfConfigFile(resolve(root, configPath), options, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: reportDiagnostic,
  });
  if (!config) return 1;
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host: createHost(config.options),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
  const { diagnostics } = ts.emitFilesAndReportErrors(program, reportDiagnostic);
  return diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
}

/** The check as a `tsc` command line would read: the config, then each option (paths relative). */
function describe(path, options = {}) {
  const shown = (v) => (typeof v === 'string' ? relative(root, v) : v === true ? '' : String(v));
  const flags = Object.entries(options).map(([k, v]) => ` --${k} ${shown(v)}`.trimEnd());
  return `${relative(root, resolve(root, path))}${flags.join('')}`;
}

let errors = 0;
for (const { name, config, options } of CHECKS) {
  if (wanted.length && !wanted.includes(name)) continue;
  const path = typeof config === 'function' ? config() : config;
  const started = Date.now();
  const found = check(path, options);
  const where = describe(path, options);
  console.log(
    `typecheck: ${where}: ${found ? `${found} errors` : 'ok'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  errors += found;
}
process.exit(errors ? 1 : 0);
