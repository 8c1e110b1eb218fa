/**
 * Page steps for the oidc-provider specs: a redirect login through the provider's sign-in form,
 * and a call of any WebAuth method in the page with what its callback got.
 */
import type { Page } from 'playwright';
import { callWebAuth, signIn, type AppConfig } from '../support/flow.js';
import { ACCOUNT } from './provider.js';

/** `authorize(options)`, the provider's sign-in form, and back on the app page (libReady awaited). */
export async function loginAtProvider(
  page: Page,
  appOrigin: string,
  config: AppConfig,
  options: Record<string, unknown> = {},
): Promise<void> {
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith('/interaction/')),
    page.evaluate(
      async ([config, options]) => new (await (window as any).libReady).WebAuth(config).authorize(options),
      [config, options] as const,
    ),
  ]);
  await signIn(page, appOrigin, { email: ACCOUNT.email, password: ACCOUNT.password });
}

/** Runs `webAuth[method](options, cb)` on a new instance; resolves with the first callback's values (through JSON). */
export const callback = (page: Page, config: AppConfig, method: string, options: Record<string, unknown> = {}) =>
  callWebAuth(page, config, method, options, true);
