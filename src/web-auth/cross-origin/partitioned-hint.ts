/**
 * Why an embedded login came back `access_denied`: when the verifier this page stored for it is
 * still here, the tenant's verification frame never read it. That frame runs on this origin inside
 * the tenant's site, and a browser that partitions or blocks third-party storage (Safari, Firefox,
 * Chrome without third-party cookies) gives it storage of its own, which holds no verifier. A fact
 * of this page's storage, not a guess from the browser's name.
 */
import { usableLocalStorage } from '../../browser/env.js';
import type { RedirectContext } from '../../flow/context.js';
import { parseCookies } from '../../storage/cookie-codec.js';
import { verifierKey } from './verifier-key.js';

export const PARTITIONED_HINT =
  'third-party storage is partitioned: serve the tenant from a custom domain of this site, use passkeys or authorize';

/**
 * Adds the hint to an `access_denied` error when a verifier of this tenant is left over. The
 * verifier stays, as in v10 (it expires 15 minutes after the login started). Returns the error.
 */
export function withPartitionedHint<E extends { error?: unknown; hint?: string }>(ctx: RedirectContext, err: E): E {
  if (err.error !== 'access_denied') return err;
  const prefix = verifierKey(ctx.baseOptions.rootUrl, '');
  const names = [...parseCookies(ctx.env.readCookies()).keys()].map((n) => n.replace(/^__Host-/, ''));
  const local = usableLocalStorage(ctx.env);
  for (let i = 0; local && i < local.length; i++) names.push(local.key(i) ?? '');
  if (names.some((name) => name.startsWith(prefix))) err.hint = PARTITIONED_HINT;
  return err;
}
