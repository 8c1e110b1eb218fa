/**
 * Strict query parsing for GET /api/v2/user-attribute-profiles: only `from` and `take`, each at
 * most once; anything else is a 400 naming the cause.
 */
import { decodeCursor } from './cursor.js';
import { badQuery } from './errors.js';

export const DEFAULT_TAKE = 5;
export const MIN_TAKE = 1;
/** The seed leaves the maximum open; 100 is this tenant's choice. */
export const MAX_TAKE = 100;

const ALLOWED = new Set(['from', 'take']);
/** Plain decimal: no sign, no leading zeros, no fraction or exponent, no spaces. */
const INTEGER = /^(0|[1-9][0-9]*)$/;

export interface Paging {
  /** Last profile id of the previous page, from a genuine cursor; undefined for the first page. */
  readonly afterId: string | undefined;
  readonly take: number;
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
}

function parseTake(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_TAKE;
  if (raw === '') throw badQuery('Query validation error: "take" must not be empty.');
  if (!INTEGER.test(raw)) throw badQuery(`Query validation error: "take" must be an integer, got ${quoted(raw)}.`);
  const take = Number(raw);
  if (take < MIN_TAKE) throw badQuery(`Query validation error: "take" must be at least ${MIN_TAKE}, got ${raw}.`);
  if (take > MAX_TAKE)
    throw badQuery(`Query validation error: "take" must be at most ${MAX_TAKE}, got ${quoted(raw)}.`);
  return take;
}

function parseFrom(raw: string | undefined, cursorKey: Buffer): string | undefined {
  if (raw === undefined) return undefined;
  if (raw === '') throw badQuery('Query validation error: "from" must not be empty; omit it for the first page.');
  const afterId = decodeCursor(cursorKey, raw);
  if (afterId === undefined)
    throw badQuery(
      'Query validation error: "from" is not a cursor issued by this tenant; use "next" of the previous page.',
    );
  return afterId;
}

export function parsePaging(
  query: Readonly<Record<string, string>>,
  repeated: readonly string[],
  cursorKey: Buffer,
): Paging {
  for (const name of Object.keys(query)) {
    if (!ALLOWED.has(name))
      throw badQuery(`Query validation error: unknown parameter ${quoted(name)}; allowed: from, take.`);
  }
  const twice = repeated[0];
  if (twice !== undefined) throw badQuery(`Query validation error: ${quoted(twice)} must not be repeated.`);
  const take = parseTake(query['take']);
  return { afterId: parseFrom(query['from'], cursorKey), take };
}
