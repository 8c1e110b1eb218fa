/**
 * Page steps for the oidc-provider specs: a redirect login through the provider's sign-in form,
 * and a call of any WebAuth method in the page with what its callback got.
 */
import type { Page } from 'playwright';
import { signIn, type AppConfig, type Outcome } from '../support/flow.js';
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

/** Runs `webAuth[method](options, cb)` on a new instance; resolves with the first callback's values. */
export function callback(page: Page, config: AppConfig, method: string, options: Record<string, unknown> = {}) {
  return page.evaluate(
    async ([config, options, method]) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth(config);
      return new Promise<Outcome>((resolve) =>
        webAuth[method](options, (err: any, result: unknown) =>
          resolve({
            err: err && {
              json: JSON.parse(JSON.stringify(err)),
              name: String(err.name),
              message: String(err.message),
              isError: err instanceof Error,
            },
            result: result === undefined ? null : JSON.parse(JSON.stringify(result)),
          }),
        ),
      );
    },
    [config, options, method] as const,
  );
}
