/** Paging for `GET /api/v2/user-attribute-profiles` (checkpoint pagination); the types are in `src/types/management.ts`. */
import { ArgumentError, WebAuthError } from '../errors.js';
import type { PageOptions, UserAttributeProfile, UserAttributeProfilesPage } from '../types.js';

/** The query string for `options`; throws before any request for an invalid `from` or `take`. */
export function pageQuery(options: PageOptions = {}): string {
  if (typeof options !== 'object' || options === null) throw new ArgumentError('options parameter is not valid');
  const params = new URLSearchParams();
  if (options.from !== undefined) {
    if (typeof options.from !== 'string' || !options.from)
      throw new ArgumentError('from option must be a non-empty string');
    params.set('from', options.from);
  }
  if (options.take !== undefined) {
    if (!Number.isInteger(options.take) || options.take < 1)
      throw new ArgumentError('take option must be an integer of at least 1');
    params.set('take', String(options.take));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Every profile, page after page, following `next` until the last page. Stops with an error when a
 * request fails or the server repeats a cursor (which would otherwise loop for ever).
 */
export async function* iterateProfiles(
  fetchPage: (options: PageOptions) => Promise<UserAttributeProfilesPage>,
  options: { take?: number } = {},
): AsyncGenerator<UserAttributeProfile, void, undefined> {
  const seen = new Set<string>();
  let from: string | undefined;
  for (;;) {
    const page = await fetchPage(from === undefined ? { ...options } : { ...options, from });
    yield* page.user_attribute_profiles ?? [];
    const next = page.next;
    if (!next) return;
    if (seen.has(next))
      throw new WebAuthError(`The server repeated the cursor ${JSON.stringify(next)}; stopping to avoid a loop`);
    seen.add(next);
    from = next;
  }
}
