/** The cross-origin login chunk (webauth.cross-origin.min.js): what runs after the main file's first step. */
export { afterCoAuthenticate } from './authenticated.js';
export { crossOriginVerification } from './verification.js';
