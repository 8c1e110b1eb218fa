/**
 * Session events between the tabs of one app, the part loaded on demand (the CDN's
 * `webauth.session-events.min.js`). One `BroadcastChannel` per page and app (origin, domain and
 * client ID), opened with the first listener and closed with the last: a browser never delivers a
 * message to the channel object that posted it, so a page never hears its own events, whichever of
 * its instances made them. A message holds the event's type, time and `sub`, nothing else.
 *
 * On hearing that another tab signed out, or signed in someone else, the page forgets what it holds
 * in memory for the old session before any listener runs: its refresh token and the DPoP-bound
 * access tokens (and, for a sign-out, the DPoP key the other tab has just deleted). What is shared
 * between tabs (`cacheLocation: 'localstorage'`, the stored DPoP key) is the signing tab's to let go.
 */
import { openBroadcastChannel } from '../../browser/broadcast-channel.js';
import type { WebAuthContext } from '../../flow/context.js';
import { forgetPageRefreshToken } from '../../flow/refresh-token-cache.js';
import { forgetBoundTokens } from '../../http/bound-tokens.js';
import type { SessionEvent, SessionEventListener } from '../../types.js';

type Sent = NonNullable<WebAuthContext['sessionEvents']>;
type Wire = Parameters<Sent>[0];

interface Member {
  ctx: WebAuthContext;
  listener: SessionEventListener;
}

/** One page's channel for one app, with its listeners and the user the page last knew. */
interface Hub {
  channel: BroadcastChannel;
  members: Set<Member>;
  sub?: string | undefined;
}

const hubs = new Map<string, Hub>();
const WIRE_TYPES: readonly unknown[] = ['signed_in', 'renewed', 'signed_out'] satisfies Wire[];

/** The channel's name: the app, never a token (another app of the origin has a channel of its own). */
export const channelName = (ctx: WebAuthContext): string =>
  'webauth-js.session:' +
  JSON.stringify([new URL(ctx.env.href()).origin, ctx.baseOptions.domain, ctx.baseOptions.clientID]);

/** A message of the wire format, as a new object of its three fields; undefined for anything else. */
export function readMessage(data: unknown): SessionEvent | undefined {
  const { type, time, sub } = (data && typeof data == 'object' ? data : {}) as Record<string, unknown>;
  if (!WIRE_TYPES.includes(type) || typeof time != 'number') return undefined;
  if (sub !== undefined && typeof sub != 'string') return undefined;
  return { type: type as Wire, time, sub };
}

/** Forgets what `ctx`'s page holds in memory for the session another tab ended or replaced. */
function forgetSession(ctx: WebAuthContext, signedOut: boolean): void {
  forgetPageRefreshToken(ctx);
  ctx.refreshWorker?.forget();
  if (!ctx.dpop) return;
  forgetBoundTokens(ctx.dpop.signer);
  // The signing-out tab deleted the stored key (this page's copy goes too); a new user's key stays.
  if (signedOut) ctx.dpop.helper.clear().catch(() => undefined);
}

/** What another tab said: the page forgets the old session at once, then each listener hears it. */
function heard(hub: Hub, data: unknown): void {
  const event = readMessage(data);
  if (!event) return;
  const { time, sub } = event;
  let type = event.type;
  const signedOut = type == 'signed_out';
  const changed = !signedOut && !!sub && !!hub.sub && sub != hub.sub;
  if (changed) type = 'user_changed';
  if (signedOut || changed)
    for (const ctx of new Set([...hub.members].map((m) => m.ctx))) forgetSession(ctx, signedOut);
  hub.sub = signedOut ? undefined : (sub ?? hub.sub);
  // Each in a task of its own: a listener that throws does not keep the others from hearing.
  for (const { listener } of hub.members) queueMicrotask(() => listener({ type, time, sub }));
}

/** Tells the other tabs what this page's `ctx` did; the page now knows that user. */
function tell(hub: Hub, ctx: WebAuthContext, type: Wire, result?: Parameters<Sent>[1]): void {
  const claimed = result?.idTokenPayload?.sub;
  const sub = type == 'signed_out' ? hub.sub : typeof claimed == 'string' ? claimed : undefined;
  hub.sub = type == 'signed_out' ? undefined : (sub ?? hub.sub);
  const message: SessionEvent = { type, time: ctx.env.now(), sub };
  hub.channel.postMessage(message);
}

/**
 * Adds `listener` for `ctx`'s app and returns the function that removes it. The first listener of
 * the page opens the channel, and the instance then tells the other tabs what it does; the last one
 * closes it. Where the page has no `BroadcastChannel`, nothing opens and nothing is heard.
 */
export function listen(ctx: WebAuthContext, listener: SessionEventListener): () => void {
  const name = channelName(ctx);
  let hub = hubs.get(name);
  if (!hub) {
    const channel = openBroadcastChannel(ctx.env, name);
    if (!channel) return () => {};
    const opened: Hub = (hub = { channel, members: new Set() });
    channel.onmessage = (event) => heard(opened, event.data);
    hubs.set(name, hub);
  }
  const member = { ctx, listener };
  const joined = hub;
  joined.members.add(member);
  ctx.sessionEvents = (type, result) => tell(joined, ctx, type, result);
  return () => {
    if (!joined.members.delete(member)) return;
    if (![...joined.members].some((m) => m.ctx === ctx)) ctx.sessionEvents = undefined;
    if (joined.members.size) return;
    joined.channel.close();
    hubs.delete(name);
  };
}
