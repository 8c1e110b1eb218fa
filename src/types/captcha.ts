/** Bot-detection challenges and the `renderCaptcha` family's options and result. */
import type { Auth0Error } from './callbacks.js';

/**
 * A captcha challenge as the tenant returns it (`getChallenge` and friends). When `required` is
 * `false` the other fields are absent at run time; they are declared present (as in
 * `@types/auth0-js`) for code that reads them after checking `required`.
 */
export interface Auth0Challenge {
  /** Whether the user must solve a challenge before the request. */
  required: boolean;
  /**
   * The provider: `auth0`, `recaptcha_v2`, `recaptcha_enterprise`, `hcaptcha`, `friendly_captcha`,
   * `arkose` or `auth0_v2`.
   */
  provider: 'auth0' | 'recaptcha_v2' | (string & {});
  /** The challenge image (a data URL; `auth0` provider). */
  image: string;
  /** `code` (type the characters) or another `auth0` challenge type (solve a formula). */
  type: 'code' | (string & {});
  /** The provider's site key (third-party providers). */
  siteKey?: string | undefined;
  /** The Arkose client subdomain (`arkose` provider). */
  clientSubdomain?: string | undefined;
  /** Other fields of the tenant's answer. */
  [other: string]: unknown;
}

/**
 * A template: the challenge in, markup out. Its parameter is compared both ways, so a template
 * annotated with a narrower challenge type (as `@types/auth0-js` declared it) is accepted.
 */
export type CaptchaTemplate = {
  // A method signature: parameters are checked bivariantly even under strictFunctionTypes.
  /** Returns the widget's HTML for `challenge` (an image URL or a provider site key). */
  template(challenge: Auth0Challenge): string;
}['template'];

/**
 * Templates for the captcha markup, one per provider, plus `error`. Each must produce an
 * `<input name="captcha">` (its value is the answer). A `templates` object given to
 * `renderCaptcha` replaces the default set as a whole.
 */
export interface CaptchaTemplates {
  /** Markup for the `auth0` image challenge. */
  auth0?: CaptchaTemplate | undefined;
  /** Markup for Google reCAPTCHA v2 (a `div.recaptcha` container). */
  recaptcha_v2?: CaptchaTemplate | undefined;
  /** Markup for reCAPTCHA Enterprise (a `div.recaptcha` container). */
  recaptcha_enterprise?: CaptchaTemplate | undefined;
  /** Markup for hCaptcha (a `div.hcaptcha` container). */
  hcaptcha?: CaptchaTemplate | undefined;
  /** Markup for Friendly Captcha (a `div.friendly-captcha` container). */
  friendly_captcha?: CaptchaTemplate | undefined;
  /** Markup for Arkose Labs (a `div.arkose` container). */
  arkose?: CaptchaTemplate | undefined;
  /** Markup for Auth0 v2 / Cloudflare Turnstile (a `div.auth0_v2` container). */
  auth0_v2?: CaptchaTemplate | undefined;
  /** Markup shown when the challenge could not be fetched. */
  error(error: Error): string;
}

/** Options of `renderCaptcha`, `renderSignupCaptcha`, `renderPasswordlessCaptcha`, `renderPasswordResetCaptcha`. */
export interface CaptchaConfiguration {
  /** Markup per provider (default: the built-in templates; a given object replaces them all). */
  templates?: CaptchaTemplates | undefined;
  /** Language code passed to the provider's widget (default `en`). */
  lang?: string | undefined;
  /** Turnstile (`auth0_v2`) `appearance`: `always` (default), `execute` or `interaction-only`. New in 10.2. */
  appearance?: string | undefined;
  /** Called when a Turnstile (`auth0_v2`) token arrives. New in 10.2. */
  successCallback?: (() => void) | undefined;
}

/** The community declarations' (misspelled) name of {@link CaptchaConfiguration}. */
export type CatpchaConfiguration = CaptchaConfiguration;

/** The rendered captcha widget that `renderCaptcha` returns. */
export interface Captcha {
  /** Fetches a new challenge and renders it again; `done` runs when it is ready. */
  reload: (done: DoneCallback) => void;
  /**
   * The current answer (the `input[name="captcha"]` value). Declared `string`; `undefined` when a
   * custom template has no such input.
   */
  getValue: () => string;
}

/** What the completion callback receives from an Arkose captcha once it is ready. */
export interface ArkoseCaptchaControl {
  /** Runs the Arkose challenge; `solved` is called when the user solved it. */
  triggerCaptcha(solved: () => void): void;
}

/**
 * The completion callback of a captcha render or `reload`: no error when the captcha is ready (for
 * Arkose, with a handle that starts the challenge); an HTTP error when the challenge request
 * failed; a provider failure arrives as an `Error` (no `error` field) whose `message` names what
 * failed (`arkose failed to load`, `Unknown captcha provider`).
 */
export type DoneCallback = {
  // A method signature, so callbacks typed as @types declared them (`(err?: Auth0Error) => void`) fit.
  /** Called once the captcha is rendered (or failed to). */
  done(err?: Auth0Error, result?: ArkoseCaptchaControl): void;
}['done'];
