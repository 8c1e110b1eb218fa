/**
 * The cross-origin verification page (`crossOriginVerification()`): the tenant frames this app page
 * when third-party cookies are blocked, and asks it for the verifier that the embedded login stored.
 */
import { currentLocation } from '../browser/env.js';
import { acceptMessage } from '../browser/message-filter.js';
import { webMessageHandler, type WebMessageHandler } from './web-message.js';
import type { WebAuthContext } from './context.js';
import { crossOriginLogin, verifierKey } from './cross-origin.js';
import type { RequestError } from '../errors.js';
import type { Auth0Callback, CrossOriginLoginOptions } from '../types.js';

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
  env.listen((event) => {
    // Unlike v10, only the page that framed us, from the origin it named, is answered.
    const data = acceptMessage(event, { origin: tenantOrigin, source: parent, type: 'co_verifier_request' });
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

/** v10's `crossOriginAuthentication` object: embedded login and the verification page. */
export interface CrossOriginAuthentication {
  /** Posts the credentials to `/co/authenticate` as given (no base options, no transaction step). */
  login(options: CrossOriginLoginOptions, cb?: Auth0Callback<undefined, RequestError>): void | Promise<never>;
  /** The same as `webAuth.crossOriginVerification()`. */
  callback(): void;
  /** The web-message runner popup-mode login uses (v10 exposed it here too). */
  webMessageHandler: WebMessageHandler;
}

/** A `crossOriginAuthentication` object for `ctx` (v10 had one per WebAuth and one per Redirect). */
export function crossOriginAuthentication(ctx: WebAuthContext): CrossOriginAuthentication {
  return {
    login: (options, cb) => crossOriginLogin(ctx, options, cb),
    callback: () => crossOriginVerification(ctx),
    webMessageHandler: webMessageHandler(ctx),
  };
}
