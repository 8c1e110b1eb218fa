/** Waits on Lock 14.3.0's screens, for the specs that drive it (lock-flows, lock-hosted-page). */
import type { Page } from 'playwright';

/**
 * Waits until Lock's Sign Up screen is the only one. Lock swaps screens with a transition, and until
 * the login screen has gone its inputs match the form's selectors too: a fill there is lost (the
 * hosted-page spec lost one in CI runs 18 and 21: no signup request reached the tenant, and Lock
 * showed no message).
 */
export async function signUpScreenShown(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.auth0-lock input[name="email"]').length === 1 &&
      document.querySelector('.auth0-lock-tabs-current')?.textContent === 'Sign Up',
    null,
    { timeout, polling: 100 },
  );
}
