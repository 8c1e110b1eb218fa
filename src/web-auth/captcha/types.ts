/** Public types of captcha rendering (`renderCaptcha` and its three siblings). */
import type { Auth0Challenge, Auth0Error } from '../../types.js';

/** Completion of a render or reload: an error, or for Arkose a handle that starts the challenge. */
export type DoneCallback = (err?: CaptchaError | null, result?: CaptchaLoaded) => void;

/**
 * A failed challenge request carries the HTTP error fields; a provider failure is an `Error` whose
 * message says what failed (`arkose failed to load`, `Unknown captcha provider`).
 */
export type CaptchaError = Auth0Error & { message?: string };

/** What the completion callback receives for the Arkose provider (an invisible challenge). */
export interface CaptchaLoaded {
  /** Runs the Arkose challenge; `solved` is called once its token is in the captcha input. */
  triggerCaptcha(solved: () => void): void;
}

/** The handle `renderCaptcha` returns. */
export interface Captcha {
  /** Fetches a new challenge and re-renders (or resets the provider's widget); then calls `done`. */
  reload: (done?: DoneCallback) => void;
  /** The answer: the value of the element's `input[name="captcha"]`, or undefined without one. */
  getValue: () => string | undefined;
}

/**
 * Templates per provider. A template returns HTML that must contain an `<input name="captcha">`;
 * it receives a copy of the challenge whose string values are HTML-escaped. Providers without a
 * template use the built-in one.
 */
export interface CaptchaTemplates {
  auth0?: ((challenge: Auth0Challenge) => string) | undefined;
  recaptcha_v2?: ((challenge: Auth0Challenge) => string) | undefined;
  recaptcha_enterprise?: ((challenge: Auth0Challenge) => string) | undefined;
  hcaptcha?: ((challenge: Auth0Challenge) => string) | undefined;
  friendly_captcha?: ((challenge: Auth0Challenge) => string) | undefined;
  arkose?: ((challenge: Auth0Challenge) => string) | undefined;
  auth0_v2?: ((challenge: Auth0Challenge) => string) | undefined;
  /** Shown when the challenge could not be fetched. */
  error?: ((error: Error) => string) | undefined;
}

/** Options of `renderCaptcha` and its siblings. */
export interface CaptchaConfiguration {
  /** Templates per provider (see `CaptchaTemplates`). */
  templates?: CaptchaTemplates | undefined;
  /** Language passed to the provider (`hl` / `language`). Default `'en'`. */
  lang?: string | undefined;
  /** Turnstile (`auth0_v2`) widget visibility: `'always'` (default) or `'interaction-only'`. */
  appearance?: string | undefined;
  /** Called after a Turnstile (`auth0_v2`) token is received. */
  successCallback?: (() => void) | undefined;
}

/** The misspelt name the community declarations for auth0-js use. */
export type CatpchaConfiguration = CaptchaConfiguration;
