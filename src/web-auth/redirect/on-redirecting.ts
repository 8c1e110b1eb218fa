/**
 * v10's `onRedirecting` hook, shared by every login that leaves the page (hosted-page login,
 * cross-origin login, passwordless verify): the app gets a last word before the navigation.
 */

/** Calls `options.onRedirecting(done)` when given, else `done()` at once. */
export function whenRedirecting(options: Record<string, any>, done: () => void): void {
  if (typeof options.onRedirecting === 'function') options.onRedirecting(done);
  else done();
}
