/** Figures of the speed bench: samples per library, their median and p90, and the printed table. */
import type { LibBuild } from '../support/flow.js';

export type Lib = Extract<LibBuild, 'umd' | 'ref'>;
/** Samples of one measure for each library, in the order they were taken. */
export type Samples = Record<Lib, number[]>;

export const emptySamples = (): Samples => ({ umd: [], ref: [] });

/** Nearest-rank percentile (`p` in 0..100) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** Both libraries in turn, the order swapped every run so neither always runs first. */
export const interleaved = (run: number): Lib[] => (run % 2 === 0 ? ['ref', 'umd'] : ['umd', 'ref']);

export interface Row {
  name: string;
  unit: 'ms' | 'µs' | '';
  samples: Samples;
  /** The target for ours / auth0-js, as text (e.g. '<= 0.9'). */
  target?: string;
  /** Counts (requests) are summed rather than taken at the median. */
  sum?: boolean;
}

const fmt = (v: number, unit: Row['unit']) => (Number.isNaN(v) ? '-' : unit ? `${v.toFixed(2)} ${unit}` : String(v));

/**
 * Prints medians, p90 and the ratio of medians (ours / auth0-js) for every row. `names` label the
 * two columns: the code-flow bench puts the all-in-one file where auth0-js stands.
 */
export function printTable(rows: readonly Row[], names: readonly [string, string] = ['webauth-js', 'auth0-js']): void {
  const head = ['measure', 'n', `${names[0]} med`, 'p90', `${names[1]} med`, 'p90', 'ratio', 'target'];
  const lines = rows.map((r) => {
    const [ours, theirs] = [r.samples.umd, r.samples.ref];
    const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
    const a = r.sum ? sum(ours) : median(ours);
    const b = r.sum ? sum(theirs) : median(theirs);
    return [
      r.name,
      `${ours.length}/${theirs.length}`,
      fmt(a, r.unit),
      r.sum ? '' : fmt(percentile(ours, 90), r.unit),
      fmt(b, r.unit),
      r.sum ? '' : fmt(percentile(theirs, 90), r.unit),
      b === 0 || Number.isNaN(b) ? 'n/a' : (a / b).toFixed(3),
      r.target ?? '',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const out = (cells: string[]) =>
    console.log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  out(head);
  lines.forEach(out);
}
