/** A clock the test moves, for `TenantOptions.clock`. */

/** A tenant clock under the test's control; it never moves by itself. */
export interface TestClock {
  /** The current time in milliseconds since the epoch (pass this function as `clock`). */
  readonly now: () => number;
  /** Moves the clock forward (or back, with a negative value) by `ms`; answers the new time. */
  advance(ms: number): number;
  /** Sets the clock to a time. */
  set(time: number | Date): void;
}

/**
 * A clock that stands still until the test moves it: tokens, sessions, codes and tickets expire,
 * and `max_age` runs out, when the test says so.
 *
 * @example
 * ```ts
 * const clock = createTestClock();
 * const tenant = await startTenant({ clock: clock.now });
 * clock.advance(24 * 60 * 60 * 1000 + 1); // every session has expired
 * ```
 */
export function createTestClock(start: number | Date = Date.now()): TestClock {
  let current = +start;
  if (!Number.isFinite(current)) throw new Error('createTestClock: start must be a valid time');
  return {
    now: () => current,
    advance(ms) {
      if (!Number.isFinite(ms)) throw new Error('TestClock.advance: ms must be a finite number');
      current += ms;
      return current;
    },
    set(time) {
      const next = +time;
      if (!Number.isFinite(next)) throw new Error('TestClock.set: not a valid time');
      current = next;
    },
  };
}
