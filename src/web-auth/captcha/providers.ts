/**
 * The third-party captcha providers: their fixed script URLs, the global each script defines and
 * the container their widget renders into. Only the Arkose URL takes values from the challenge,
 * and those are checked first so a challenge cannot choose where a script comes from.
 */
import { WebAuthError } from '../../errors.js';
import type { Auth0Challenge } from '../../types.js';

export type ScriptProvider =
  'recaptcha_v2' | 'recaptcha_enterprise' | 'hcaptcha' | 'friendly_captcha' | 'arkose' | 'auth0_v2';

/** The CSS class of the element each provider renders its widget into (v10's template classes). */
export const CONTAINER_CLASS: Readonly<Record<ScriptProvider, string>> = {
  recaptcha_v2: 'recaptcha',
  recaptcha_enterprise: 'recaptcha',
  hcaptcha: 'hcaptcha',
  friendly_captcha: 'friendly-captcha',
  arkose: 'arkose',
  auth0_v2: 'auth0_v2',
};

export function isScriptProvider(provider: unknown): provider is ScriptProvider {
  return typeof provider === 'string' && Object.prototype.hasOwnProperty.call(CONTAINER_CLASS, provider);
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
  const hl = encodeURIComponent(lang);
  switch (provider) {
    case 'recaptcha_v2':
      return `https://www.recaptcha.net/recaptcha/api.js?hl=${hl}&onload=${callbackName}`;
    case 'recaptcha_enterprise':
      return `https://www.recaptcha.net/recaptcha/enterprise.js?render=explicit&hl=${hl}&onload=${callbackName}`;
    case 'hcaptcha':
      return `https://js.hcaptcha.com/1/api.js?hl=${hl}&onload=${callbackName}`;
    case 'friendly_captcha':
      return 'https://cdn.jsdelivr.net/npm/friendly-challenge@0.9.12/widget.min.js';
    case 'arkose':
      return `https://${arkoseSegment(challenge.clientSubdomain, 'clientSubdomain')}.arkoselabs.com/v2/${arkoseSegment(challenge.siteKey, 'siteKey')}/api.js`;
    case 'auth0_v2':
      return `https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=${callbackName}`;
  }
}

/** The global object a loaded provider script defines (Arkose's comes through its callback). */
export function providerGlobal(provider: ScriptProvider, win: Record<string, any>): any {
  switch (provider) {
    case 'recaptcha_v2':
      return win['grecaptcha'];
    case 'recaptcha_enterprise':
      return win['grecaptcha']?.enterprise;
    case 'hcaptcha':
      return win['hcaptcha'];
    case 'friendly_captcha':
      return win['friendlyChallenge'];
    case 'arkose':
      return win['arkose'];
    case 'auth0_v2':
      return win['turnstile'];
  }
}
