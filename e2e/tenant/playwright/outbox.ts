/** Reading the tenant's outbox: the codes and links it would have emailed or texted. */
import type { MessageKind, OutboxMessage } from '../state/outbox.js';
import type { RunningTenant } from '../server/server.js';

/** Which messages to look at. */
export interface MessageFilter {
  /** The email address or phone number it went to (emails compared without case). */
  to?: string;
  kind?: MessageKind;
  /** Only messages at this index of `tenant.outbox` or later (e.g. its length before an action). */
  after?: number;
}

type Tenant = Pick<RunningTenant, 'outbox'>;

const POLL_MS = 20;

/** The newest message that matches, if any. */
export function findMessage(tenant: Tenant, filter: MessageFilter = {}): OutboxMessage | undefined {
  const to = filter.to?.toLowerCase();
  for (let i = tenant.outbox.length - 1; i >= (filter.after ?? 0); i--) {
    const m = tenant.outbox[i]!;
    if ((to === undefined || m.to.toLowerCase() === to) && (filter.kind === undefined || m.kind === filter.kind))
      return m;
  }
  return undefined;
}

/**
 * Waits for a matching message (the app's request may still be on its way) and answers the
 * newest; rejects after `timeout` ms (default 5000) naming what it waited for.
 */
export async function waitForMessage(
  tenant: Tenant,
  filter: MessageFilter = {},
  { timeout = 5000 }: { timeout?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = findMessage(tenant, filter);
    if (found) return found;
    if (Date.now() >= deadline)
      throw new Error(`No outbox message matching ${JSON.stringify(filter)} within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The newest passwordless code sent to `to` (email or phone number).
 *
 * @example
 * ```ts
 * await page.getByRole('button', { name: 'Send code' }).click();
 * await page.getByLabel('Code').fill(await waitForCode(tenant, 'pat@example.com'));
 * ```
 */
export async function waitForCode(
  tenant: Tenant,
  to: string,
  options: { timeout?: number; after?: number } = {},
): Promise<string> {
  const message = await waitForMessage(tenant, { to, kind: 'passwordless_code', ...after(options) }, options);
  return message.code ?? '';
}

type WaitOptions = { timeout?: number; after?: number };

function linkWaiter(kind: MessageKind): (tenant: Tenant, to: string, options?: WaitOptions) => Promise<string> {
  return async (tenant, to, options = {}) =>
    (await waitForMessage(tenant, { to, kind, ...after(options) }, options)).link ?? '';
}

/** The newest password-reset link (`/lo/reset?ticket=…`) sent to an email address. */
export const waitForResetLink = linkWaiter('change_password');

/** The newest passwordless (magic) link sent to an email address or phone number. */
export const waitForMagicLink = linkWaiter('passwordless_link');

function after(options: { after?: number }): { after?: number } {
  return options.after === undefined ? {} : { after: options.after };
}
