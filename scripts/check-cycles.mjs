#!/usr/bin/env node
// Fails on any import cycle in src/ or e2e/tenant/ (type-only imports count: they tie modules
// together just the same), and on any import that breaks the tenant's layering (CONTRIBUTING.md, The local tenant):
// a module may import its own folder or a lower layer, never a higher one, never a test or test
// helper; the tenant imports nothing outside e2e/tenant/ (its browser specs may use e2e/support/);
// nothing outside e2e/tenant/ imports the tenant except through its entries (index.ts,
// playwright/index.ts), and nothing in src/ imports the tenant at all. In src/, no import runs back
// up the declared stack (SRC_LAYERS: facade, capabilities, core), but for the listed known
// exceptions, a list that may only shrink.
// Usage: node scripts/check-cycles.mjs        (prints one line per problem, then a summary)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TENANT = 'e2e/tenant';

/** The tenant's layers, lowest first; a folder may import its own files and lower ranks only. */
export const TENANT_LAYERS = [
  ['core'],
  ['config'],
  ['state'],
  ['http', 'html'],
  ['protocol'],
  ['routes', 'management'],
  ['server'],
  ['cli', 'index.ts'],
  // The package's test helpers (webauth-local-tenant/playwright): on top, they use the public API.
  ['playwright'],
];
/** The package's entries: the only tenant files the rest of the repository may import. */
const TENANT_ENTRIES = new Set([`${TENANT}/index.ts`, `${TENANT}/playwright/index.ts`]);
const RANK = new Map(TENANT_LAYERS.flatMap((names, rank) => names.map((name) => [name, rank])));

/**
 * src/'s stack, top first (ARCHITECTURE.md, Principle 3): the entries and facade, the capabilities,
 * the core. A name is a folder or a file of src/; a file's most specific name places it. A module may
 * import its own unit and lower ranks only, never a higher rank nor another unit of its own rank
 * (capabilities stay independent). Names joined by `+` are one unit: errors.ts and the public types
 * are declared in terms of each other. Tests and the test-side folders are left out.
 */
export const SRC_LAYERS = [
  ['index.ts', 'all.ts', 'cdn.ts', 'modular'], // entries
  ['exports.ts'], // what the two ESM entries export
  ['web-auth/web-auth.ts'], // facade
  ['web-auth/silent-auth/silent-auth.ts', 'authentication/authentication.ts', 'management/management.ts'],
  // v10's flows (capabilities), one folder each under web-auth/ (popup/, cross-origin/, silent-auth/,
  // redirect/, ...), and chunks/, the CDN chunks' entries (re-exports of those flows and of the
  // capabilities below). One unit: the loading seam (web-auth/load-capability.ts) names each
  // chunk's module, and the flows it re-exports load their chunk through that seam.
  ['web-auth+chunks'],
  ['pkce', 'refresh', 'dpop', 'management', 'passkeys'], // opt-in capabilities, each importing the core only
  ['flow'], // core: what the flows share (context, transactions, authorize, response checks)
  ['authentication'], // core: the Authentication API client, URLs, option rules
  ['http', 'id-token', 'storage'],
  ['browser'],
  ['shared'],
  ['types.ts'],
  ['types+errors.ts', 'version.ts'],
];
/** Imports that still run back up (`from -> to`); exact: a new one fails, and so does a fixed one left here. */
export const SRC_KNOWN_BACK_UP_IMPORTS = [];
const SRC_TEST_SIDE = ['testing', 'fuzz', 'faults', 'docs', 'security'];
const SRC_UNIT = new Map(
  SRC_LAYERS.flatMap((names, rank) => names.flatMap((unit) => unit.split('+').map((name) => [name, { unit, rank }]))),
);

const posix = (p) => p.split(sep).join('/');

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Relative imports of a file (static, type-only, re-exports, dynamic), as repository paths. */
function importsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => posix(relative(root, resolve(dirname(file), spec))).replace(/\.(m?)js$/, '.$1ts'));
}

/** Every cycle as one example path per strongly connected component (Tarjan). */
function findCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) cycles.push(examplePath(graph, new Set(component), v));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles;
}

/** A shortest way from `start` back to itself inside one component, for a readable message. */
function examplePath(graph, members, start) {
  const previous = new Map();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [];
        for (let x = v; x !== start; x = previous.get(x)) path.unshift(x);
        return [start, ...path, start, `(${members.size} files)`];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, `(${members.size} files)`];
}

const isTest = (path) => /\.(test|spec)\.ts$/.test(path);
/** Top folder (or root file) of a tenant path: its layer, or `testing`/`tests`. */
const tenantPart = (path) => path.slice(TENANT.length + 1).split('/')[0];
const isTestSide = (path) => isTest(path) || ['testing', 'tests'].includes(tenantPart(path));

function layerProblems(graph) {
  const problems = [];
  for (const [from, targets] of graph) {
    const fromTenant = from.startsWith(`${TENANT}/`);
    for (const to of targets) {
      const toTenant = to.startsWith(`${TENANT}/`);
      if (!fromTenant) {
        if (!toTenant) continue;
        if (from.startsWith('src/'))
          problems.push(`${from} imports the tenant (${to}); src/ stays independent of e2e/`);
        else if (!TENANT_ENTRIES.has(to))
          problems.push(
            `${from} imports ${to}; outside the tenant import its entries only (${[...TENANT_ENTRIES].join(', ')})`,
          );
        continue;
      }
      if (!toTenant) {
        // Browser specs run in the e2e project and drive Chromium with e2e/support's helpers.
        if (!(from.endsWith('.spec.ts') && to.startsWith('e2e/support/')))
          problems.push(`${from} imports ${to}, outside the self-contained tenant`);
        continue;
      }
      if (isTestSide(from)) continue;
      if (isTestSide(to)) {
        problems.push(`${from} imports the test-side module ${to}`);
        continue;
      }
      const a = tenantPart(from);
      const b = tenantPart(to);
      if (a === b) continue;
      const ra = RANK.get(a);
      const rb = RANK.get(b);
      if (ra === undefined) problems.push(`${from}: ${a} is not a known tenant layer (scripts/check-cycles.mjs)`);
      else if (rb === undefined) problems.push(`${to}: ${b} is not a known tenant layer (scripts/check-cycles.mjs)`);
      else if (rb >= ra) problems.push(`${from} (${a}) imports ${to} (${b}): a layer imports lower layers only`);
    }
  }
  return problems;
}

/** The unit and rank of a src/ file, by its most specific name (undefined when none is declared). */
function srcPlace(path) {
  const parts = path.slice('src/'.length).split('/');
  for (let n = parts.length; n > 0; n--) {
    const place = SRC_UNIT.get(parts.slice(0, n).join('/'));
    if (place) return place;
  }
  return undefined;
}

const isSrcTestSide = (path) => isTest(path) || SRC_TEST_SIDE.includes(path.split('/')[1]);

function srcLayerProblems(graph) {
  const problems = [];
  const backUps = new Set();
  for (const [from, targets] of graph) {
    if (!from.startsWith('src/') || isSrcTestSide(from)) continue;
    const a = srcPlace(from);
    if (!a) {
      problems.push(`${from} is in no src/ layer (SRC_LAYERS in scripts/check-cycles.mjs)`);
      continue;
    }
    for (const to of targets) {
      if (!to.startsWith('src/')) continue;
      if (isSrcTestSide(to)) {
        problems.push(`${from} imports the test-side module ${to}`);
        continue;
      }
      const b = srcPlace(to);
      if (!b) problems.push(`${to} is in no src/ layer (SRC_LAYERS in scripts/check-cycles.mjs)`);
      else if (a.unit !== b.unit && b.rank <= a.rank) backUps.add(`${from} -> ${to} (${a.unit} imports ${b.unit})`);
    }
  }
  const known = new Set(SRC_KNOWN_BACK_UP_IMPORTS);
  for (const backUp of backUps) {
    const edge = backUp.replace(/ \(.*/, '');
    if (!known.delete(edge)) problems.push(`${backUp}: an import runs back up the src/ stack`);
  }
  for (const edge of known) problems.push(`${edge} is listed in SRC_KNOWN_BACK_UP_IMPORTS but no longer exists`);
  return problems;
}

const graph = new Map();
for (const dir of ['src', 'e2e']) {
  for (const file of sourceFiles(join(root, dir))) {
    const path = posix(relative(root, file));
    if (path.startsWith('e2e/types/')) continue; // typecheck fixtures, compiled on their own
    graph.set(path, importsOf(file));
  }
}
// Cycles are checked where the issue asks: the library and the tenant, each on its own.
const scoped = (prefix) =>
  new Map([...graph].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k, v.filter((t) => t.startsWith(prefix))]));
const cycles = [...findCycles(scoped('src/')), ...findCycles(scoped(`${TENANT}/`))];
const problems = [...layerProblems(graph), ...srcLayerProblems(graph)];

for (const cycle of cycles) console.log(`cycle: ${cycle.join(' -> ')}`);
for (const problem of problems) console.log(`layer: ${problem}`);
const files = [...graph.keys()].filter((k) => k.startsWith('src/') || k.startsWith(`${TENANT}/`)).length;
console.log(`check-cycles: ${files} files, ${cycles.length} cycles, ${problems.length} layer problems`);
process.exit(cycles.length || problems.length ? 1 : 0);
