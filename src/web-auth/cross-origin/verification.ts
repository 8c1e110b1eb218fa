/**
 * The cross-origin verification page (`crossOriginVerification()`): the tenant frames this app page
 * when third-party cookies are blocked, and asks it for the verifier that the embedded login stored
 * (`cross-origin-login.ts`).
 */
import { currentLocation } from '../../browser/env.js';
import { acceptMessage } from '../../browser/message-filter.js';
import { traceIgnored } from '../../shared/debug.js';
import type { WebAuthContext } from '../../flow/context.js';
import { verifierKey } from './verifier-key.js';

export { verifierKey };

/** A `name` parameter of the fragment, split the simple way v10 does. */
function fragmentParam(hash: string, name: string): string | undefined {
  const part = hash
    .replace(/^#/, '')
    .split('&')
    .find((p) => p.startsWith(`${name}=`));
  if (part === undefined) return undefined;
  try {
    return decodeURIComponent(part.slice(name.length + 1));
  } catch {
    return undefined;
  }
}

/** Answers the framing tenant page's verifier requests, then tells it the page is ready. */
export function crossOriginVerification(ctx: WebAuthContext): void {
  const { env } = ctx;
  const tenantOrigin = fragmentParam(currentLocation(env).hash, 'origin');
  const parent = env.parent();
  // Without the origin to answer, or when not framed, there is nobody to talk to.
  if (!tenantOrigin || !parent) return;
  const ignored = traceIgnored(ctx.baseOptions.debug, 'coVerification');
  env.listen((event) => {
    // Unlike v10, only the page that framed us, from the origin it named, is answered.
    const expected = { origin: tenantOrigin, source: parent, type: 'co_verifier_request' };
    const data = acceptMessage(event, expected, ignored);
    if (!data) return;
    const key = verifierKey(event.origin, String(data.request?.id));
    let verifier: string;
    try {
      verifier = String(ctx.transactionManager.storage.get(key) ?? '');
      ctx.transactionManager.storage.remove(key); // a verifier is handed out once
    } catch {
      verifier = '';
    }
    parent.postMessage({ type: 'co_verifier_response', response: { verifier } }, event.origin);
  });
  parent.postMessage({ type: 'ready' }, tenantOrigin);
}
