/**
 * fast-check settings shared by the property tests. `npm test` runs them with a fixed seed and a
 * few runs so results are reproducible and fast; `npm run fuzz` sets FUZZ_RUNS (and FUZZ_SEED,
 * random unless given) for a longer search. A failure prints the seed and path to replay it.
 */
import type { Parameters } from 'fast-check';

const FIXED_SEED = 20261125;

/** Parameters for `fc.assert`: `runs` in `npm test`, scaled up to FUZZ_RUNS by `npm run fuzz`. */
export function fuzzParams<T>(runs: number): Parameters<T> {
  const scale = Number(process.env.FUZZ_RUNS) || 0;
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : FIXED_SEED;
  return { seed, numRuns: scale > 0 ? Math.max(runs, scale) : runs, verbose: 1 };
}

/** Resolves after pending promise jobs and timers of this turn have run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Calls `start` with a callback and returns every call it got: waits for the first (up to
 * `timeoutMs`, crypto runs on a thread pool that a loaded machine slows), then lets the rest of the
 * work settle so a second call would be seen.
 */
export async function callsOf(
  start: (cb: (...args: unknown[]) => void) => void,
  timeoutMs = 5000,
): Promise<unknown[][]> {
  const calls: unknown[][] = [];
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    start((...args) => {
      calls.push(args);
      clearTimeout(timer);
      resolve();
    });
  });
  for (let i = 0; i < 3; i++) await settle();
  return calls;
}
