/**
 * The third-party captcha providers: their fixed script URLs, the global each script defines and
 * the container their widget renders into. Only the Arkose URL takes values from the challenge,
 * and those are checked first so a challenge cannot choose where a script comes from.
 */
import { WebAuthError } from '../../errors.js';
import type { Auth0Challenge } from '../../types.js';

export type ScriptProvider =
  'recaptcha_v2' | 'recaptcha_enterprise' | 'hcaptcha' | 'friendly_captcha' | 'arkose' | 'auth0_v2';

/**
 * Per provider: the CSS class of the element its widget renders into (v10's template classes), the
 * window global its script defines, and its script URL up to the query's `hl`/`onload` (Arkose's
 * URL is built from the challenge; Friendly Captcha's takes no query).
 */
const PROVIDERS: Readonly<Record<ScriptProvider, readonly [container: string, global: string, script: string]>> = {
  recaptcha_v2: ['recaptcha', 'grecaptcha', 'https://www.recaptcha.net/recaptcha/api.js?'],
  recaptcha_enterprise: [
    'recaptcha',
    'grecaptcha',
    'https://www.recaptcha.net/recaptcha/enterprise.js?render=explicit&',
  ],
  hcaptcha: ['hcaptcha', 'hcaptcha', 'https://js.hcaptcha.com/1/api.js?'],
  friendly_captcha: [
    'friendly-captcha',
    'friendlyChallenge',
    'https://cdn.jsdelivr.net/npm/friendly-challenge@0.9.12/widget.min.js',
  ],
  arkose: ['arkose', 'arkose', ''],
  auth0_v2: ['auth0_v2', 'turnstile', 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&'],
};

/** The CSS class of the element `provider` renders its widget into. */
export const containerClass = (provider: ScriptProvider): string => PROVIDERS[provider][0];

export function isScriptProvider(provider: unknown): provider is ScriptProvider {
  return typeof provider === 'string' && Object.prototype.hasOwnProperty.call(PROVIDERS, provider);
}

/** Host labels and key path segments: letters, digits and inner hyphens only. */
const SAFE_SEGMENT = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98}[A-Za-z0-9])?$/;

function arkoseSegment(value: unknown, name: string): string {
  if (typeof value !== 'string' || !SAFE_SEGMENT.test(value)) {
    throw new WebAuthError(`Invalid captcha challenge: ${name} must be letters, digits and hyphens`);
  }
  return value;
}

/**
 * The script URL for `provider`; `callbackName` is the window function the script calls once
 * loaded. Throws a `WebAuthError` when an Arkose challenge names an unsafe subdomain or key.
 */
export function scriptUrl(
  provider: ScriptProvider,
  lang: string,
  callbackName: string,
  challenge: Auth0Challenge,
): string {
  const script = PROVIDERS[provider][2];
  if (provider === 'arkose') {
    return `https://${arkoseSegment(challenge.clientSubdomain, 'clientSubdomain')}.arkoselabs.com/v2/${arkoseSegment(challenge.siteKey, 'siteKey')}/api.js`;
  }
  if (provider === 'friendly_captcha') return script;
  // Turnstile takes its language as a render parameter, not in the script URL.
  return `${script}${provider === 'auth0_v2' ? '' : `hl=${encodeURIComponent(lang)}&`}onload=${callbackName}`;
}

/** The global object a loaded provider script defines (Arkose's comes through its callback). */
export function providerGlobal(provider: ScriptProvider, win: Record<string, any>): any {
  const api = win[PROVIDERS[provider][1]];
  return provider === 'recaptcha_enterprise' ? api?.enterprise : api;
}
