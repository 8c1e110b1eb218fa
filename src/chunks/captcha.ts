/**
 * The captcha chunk (webauth.captcha.min.js): the rendering of the hosted login page's captcha,
 * loaded on first use through `loadCapability('captcha')` (web-auth/captcha/captcha-start.ts).
 */
export { renderCaptcha, type FetchChallenge } from '../web-auth/captcha/render.js';
