/**
 * How many differential scenarios run at once (COMPAT_CONCURRENCY, default 1). Read by the test file
 * (one tenant pair per slot) and the vitest config (maxConcurrency), so a scenario never waits for a
 * pair while its timeout runs.
 */
export function compatConcurrency(): number {
  const n = Number(process.env.COMPAT_CONCURRENCY ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
