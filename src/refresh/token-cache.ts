/**
 * Where the refresh token lives between calls: one per client ID, in this page's memory (the
 * default: gone on reload) or in `localStorage` (`cacheLocation: 'localstorage'`: survives reloads
 * and is shared with other tabs). It is stored with the user it belongs to, for the `sub` check of
 * refreshed ID tokens. Nothing else reads it: it never reaches a result, an error or a URL.
 */
import type { RedirectContext } from '../web-auth/context.js';

/** A held refresh token and the `sub` of the user it was issued to. */
export interface RefreshEntry {
  token: string;
  sub?: string | undefined;
}

const memory = new Map<string, RefreshEntry>();
const keyOf = (ctx: RedirectContext) => '@@webauth@@::refresh::' + ctx.baseOptions.clientID;

function localStore(ctx: RedirectContext): Storage | undefined {
  if (ctx.baseOptions.cacheLocation !== 'localstorage') return undefined;
  try {
    return ctx.env.localStorage();
  } catch {
    return undefined; // disabled storage: the page's memory still works
  }
}

/** The held refresh token, read afresh (another tab may have rotated it). */
export function readRefreshToken(ctx: RedirectContext): RefreshEntry | undefined {
  const store = localStore(ctx);
  if (!store) return memory.get(keyOf(ctx));
  try {
    const entry = JSON.parse(store.getItem(keyOf(ctx)) ?? 'null') as RefreshEntry | null;
    return entry && typeof entry.token === 'string' ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces the held refresh token (rotation), or forgets it when `entry` is undefined. */
export function writeRefreshToken(ctx: RedirectContext, entry: RefreshEntry | undefined): void {
  const key = keyOf(ctx);
  const store = localStore(ctx);
  if (entry) {
    if (store) store.setItem(key, JSON.stringify(entry));
    else memory.set(key, entry);
  } else {
    store?.removeItem(key);
    memory.delete(key);
  }
}

/**
 * After a token answer: keeps its refresh token for `sub` when the instance uses refresh tokens, and
 * says whether one is now held (undefined when the instance does not use them).
 */
export function keepRefreshToken(ctx: RedirectContext, token: unknown, sub: string | undefined): boolean | undefined {
  if (!ctx.baseOptions.useRefreshTokens) return undefined;
  if (typeof token === 'string' && token) writeRefreshToken(ctx, { token, sub });
  return !!readRefreshToken(ctx);
}
