/** `webAuth.parseHash`: read the authentication response from the URL fragment and validate it. */
import { AuthResponseError } from '../errors.js';
import { currentLocation } from '../browser/env.js';
import { withHint } from '../shared/debug.js';
import { has } from '../shared/objects.js';
import { parseQuery } from '../shared/query.js';
import type { AuthDone, RedirectContext } from './context.js';
import { validateAuthenticationResponse } from './validate-response.js';
import { prefetchKeySetFor } from './key-set-prefetch.js';
import type { ParseHashOptions } from '../types.js';

/**
 * Parses and validates the response in `options.hash` (or the page's fragment). An `error` in the
 * fragment is reported with the fragment's own `error_description`: untrusted text (anyone can
 * craft the link), to be shown as text, never as HTML.
 */
export function parseHash(ctx: RedirectContext, options: ParseHashOptions, cb: AuthDone): void {
  const hash = options.hash !== undefined ? options.hash : currentLocation(ctx.env).hash;
  const parsed: Record<string, unknown> = parseQuery(String(hash).replace(/^#/, '').replace(/^\//, ''));

  if (has(parsed, 'error')) {
    const fields: { error: string; errorDescription?: string; state?: string } = {
      error: parsed.error as string,
      errorDescription: parsed.error_description as string | undefined,
    };
    if (parsed.state) fields.state = parsed.state as string;
    // Unlike v10, an error answer uses up its state too: the transaction cannot serve a later response.
    if (typeof parsed.state === 'string' && parsed.state) ctx.transactionManager.clearTransaction(parsed.state);
    return cb(withHint(new AuthResponseError(fields)));
  }
  if (!has(parsed, 'access_token') && !has(parsed, 'id_token') && !has(parsed, 'refresh_token')) {
    return cb(null, null);
  }
  const expected = String(ctx.baseOptions.responseType || options.responseType || '').split(' ');
  if (expected.includes('token') && !has(parsed, 'access_token')) {
    return cb(invalidHash('token', 'access_token'));
  }
  if (expected.includes('id_token') && !has(parsed, 'id_token')) {
    return cb(invalidHash('id_token', 'id_token'));
  }
  // Before the state and transaction work: on a first visit the key-set request is the long part.
  prefetchKeySetFor(ctx, parsed.id_token);
  validateAuthenticationResponse(ctx, options, parsed, cb);
}

const invalidHash = (type: string, key: string) =>
  new AuthResponseError({
    error: 'invalid_hash',
    errorDescription: `response_type contains \`${type}\`, but the parsed hash does not contain an \`${key}\` property`,
  });
