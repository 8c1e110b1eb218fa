// A rollup output plugin: the module factory of each minified CDN file (the function that holds the
// whole bundle, passed to the file's define or UMD wrapper) gets parentheses back. terser drops
// them, and without them V8 compiles the factory lazily: a pre-parse of the whole file, then a
// second, full parse when the wrapper calls it at once. With them it is parsed once (issue 32: the
// main file evaluates in 5.4 ms instead of 6.3, BENCHMARKS.md). Two bytes per file; the source map
// follows.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source-map segment (base64 VLQ) as its numbers (e2e/bench/size-breakdown.mjs reads maps with it). */
export function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >> 1) : value >> 1);
      value = shift = 0;
    }
  }
  return values;
}

/** Numbers as one source-map segment. */
function encode(values) {
  let out = '';
  for (const v of values) {
    let rest = v < 0 ? (-v << 1) | 1 : v << 1;
    do {
      const digit = rest & 31;
      rest >>>= 5;
      out += BASE64[digit | (rest ? 32 : 0)];
    } while (rest);
  }
  return out;
}

/**
 * The mappings of generated line `line` with each column at or after each of `columns` (sorted,
 * columns of the code before the insertions) moved by one per insertion before it. Columns in a
 * line are stored as deltas, so moving the first segment past a point moves all that follow.
 */
function shiftColumns(mappings, line, columns) {
  const lines = mappings.split(';');
  const segments = lines[line].split(',');
  let column = 0;
  let next = 0;
  for (let i = 0; i < segments.length && next < columns.length; i++) {
    const values = decodeSegment(segments[i]);
    column += values[0];
    let moved = 0;
    for (; next < columns.length && column >= columns[next]; next++) moved += 1;
    if (moved) segments[i] = encode([values[0] + moved, ...values.slice(1)]);
  }
  lines[line] = segments.join(',');
  return lines.join(';');
}

/** The function expression passed as an argument that spans most of `program`, if any. */
function factoryOf(program, length) {
  let best;
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression')
      for (const arg of node.arguments)
        if (arg.type === 'FunctionExpression' && arg.end - arg.start > (best ? best.end - best.start : length / 2))
          best = arg;
    for (const value of Object.values(node))
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value.type === 'string') visit(value);
  };
  visit(program);
  return best;
}

/** The plugin; list it after terser. */
export function eagerFactory() {
  return {
    name: 'eager-factory',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const factory = factoryOf(this.parse(chunk.code), chunk.code.length);
        if (!factory) this.error(`eager-factory: no module factory found in ${chunk.fileName}`);
        const { code } = chunk;
        // Already wrapped: `((function…))` or `,(function…))`; a bare first argument is `f(function…)`.
        if (code[factory.start - 1] === '(' && /[(,]/.test(code[factory.start - 2] ?? '') && code[factory.end] === ')')
          continue;
        const line = code.slice(0, factory.start).split('\n').length - 1;
        const lineStart = code.lastIndexOf('\n', factory.start - 1) + 1;
        if (code.slice(factory.start, factory.end).includes('\n'))
          this.error(`eager-factory: the factory of ${chunk.fileName} spans lines (not minified?)`);
        chunk.code = `${code.slice(0, factory.start)}(${code.slice(factory.start, factory.end)})${code.slice(factory.end)}`;
        const shift = (mappings) => shiftColumns(mappings, line, [factory.start - lineStart, factory.end - lineStart]);
        if (chunk.map) chunk.map.mappings = shift(chunk.map.mappings);
        // The .map file is an asset of its own by now, serialised from the map above.
        const mapFile = bundle[`${chunk.fileName}.map`];
        if (mapFile?.type === 'asset') {
          const map = JSON.parse(String(mapFile.source));
          mapFile.source = JSON.stringify({ ...map, mappings: chunk.map?.mappings ?? shift(map.mappings) });
        }
      }
    },
  };
}
