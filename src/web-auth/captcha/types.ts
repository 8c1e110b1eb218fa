/** The captcha types the rendering modules use: the public ones (src/types/captcha.ts) and two of their own. */
import type { Auth0Error } from '../../types.js';

export type {
  Captcha,
  CaptchaConfiguration,
  CaptchaTemplates,
  CatpchaConfiguration,
  DoneCallback,
} from '../../types.js';
export type { ArkoseCaptchaControl as CaptchaLoaded } from '../../types.js';

/**
 * A failed challenge request carries the HTTP error fields; a provider failure is an `Error` whose
 * message says what failed (`arkose failed to load`, `Unknown captcha provider`).
 */
export type CaptchaError = Auth0Error | Error;
