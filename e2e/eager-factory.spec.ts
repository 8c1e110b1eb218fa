/**
 * scripts/eager-factory.mjs: the module factory of each minified CDN file is wrapped in parentheses
 * (so V8 parses it once, issue 32), and the source map still points every mapped column at the
 * same code. Checked on the shipped files and on a small bundle built with and without the plugin.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import terserModule from '@rollup/plugin-terser';
import { rollup, type OutputChunk, type Plugin } from 'rollup';
import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { terserOptions } from '../rollup.config.mjs';
import { eagerFactory } from '../scripts/eager-factory.mjs';

const terser = ((terserModule as { default?: unknown }).default ?? terserModule) as (options: object) => Plugin;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

interface Node {
  type: string;
  start: number;
  end: number;
  arguments?: Node[];
  [key: string]: unknown;
}

/** Every function expression passed to a call, largest first. */
function functionArguments(code: string): Node[] {
  const found: Node[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof (node as Node).type !== 'string') return;
    const n = node as Node;
    if (n.type === 'CallExpression') found.push(...n.arguments!.filter((a) => a.type === 'FunctionExpression'));
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) value.forEach(visit);
      else visit(value);
    }
  };
  visit(parseAst(code));
  return found.sort((a, b) => b.end - b.start - (a.end - a.start));
}

describe('the shipped CDN files', () => {
  for (const file of [
    'webauth.min.js',
    'webauth.all.min.js',
    'webauth.captcha.min.js',
    'webauth.code-flow.min.js',
    'webauth.legacy.min.js',
    'webauth.passkeys.min.js',
    'webauth.popup-flow.min.js',
    'webauth.session-events.min.js',
  ])
    it(`${file}: the function holding the bundle is in parentheses`, () => {
      const code = readFileSync(join(dist, file), 'utf8');
      const [factory] = functionArguments(code);
      expect(factory!.end - factory!.start).toBeGreaterThan(code.length / 2);
      // The wrapper's last argument: `define([…],(function…))`, `(this,(function…))`.
      expect(code.slice(factory!.start - 2, factory!.start) + code[factory!.end]).toBe(',()');
    });
});

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** [generated line, generated column, source, original line, original column] of each mapped segment. */
function mappings(map: string): number[][] {
  const out: number[][] = [];
  const state = [0, 0, 0];
  map.split(';').forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line ? line.split(',') : []) {
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        shift = digit & 32 ? shift + 5 : 0;
        if (digit & 32) continue;
        values.push(value & 1 ? -(value >> 1) : value >> 1);
        value = 0;
      }
      column += values[0]!;
      if (values.length < 4) continue;
      for (let i = 0; i < 3; i++) state[i] = state[i]! + values[i + 1]!;
      out.push([lineIndex, column, state[0]!, state[1]!, state[2]!]);
    }
  });
  return out;
}

async function build(plugins: Plugin[]): Promise<OutputChunk> {
  const bundle = await rollup({
    input: 'entry',
    plugins: [
      {
        name: 'sources',
        resolveId: (id) => id,
        // Enough code that the factory is most of the file, as in the real bundles.
        load: () =>
          Array.from({ length: 30 }, (_, i) => `export function f${i}(x) { return [x, ${i}].join('-'); }`).join('\n') +
          `\nexport const twice = (f) => (x) => f(f(x));`,
      },
    ],
  });
  const { output } = await bundle.generate({ format: 'umd', name: 'lib', sourcemap: true, plugins });
  await bundle.close();
  return output[0];
}

it('keeps every source-map segment on the same code, the factory wrapped', async () => {
  const plain = await build([terser(terserOptions)]);
  const eager = await build([terser(terserOptions), eagerFactory()]);
  expect(eager.code.length).toBe(plain.code.length + 2);
  expect(eager.code).toMatch(/,\(function\(/);
  const lines = (code: string) => code.split('\n');
  const textAt = (code: string, [line, column]: number[]) => lines(code)[line!]!.slice(column, column! + 8);
  const before = mappings(plain.map!.mappings);
  const after = mappings(eager.map!.mappings);
  expect(after).toHaveLength(before.length);
  expect(before.length).toBeGreaterThan(10);
  after.forEach((segment, i) => {
    expect(segment.slice(2), `segment ${i}: same source position`).toEqual(before[i]!.slice(2));
    // The same token starts there (the rest of the window may cross an added parenthesis).
    expect(textAt(eager.code, segment)[0], `segment ${i}`).toBe(textAt(plain.code, before[i]!)[0]);
  });
  // Columns before the factory stay, those inside it move by one, those after it by two.
  const moved = after.map((s, i) => s[1]! - before[i]![1]!);
  expect(moved.every((d, i) => [0, 1, 2].includes(d) && d >= (moved[i - 1] ?? 0))).toBe(true);
  expect(moved).toContain(1);
});
