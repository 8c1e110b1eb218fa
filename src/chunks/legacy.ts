/**
 * The chunk of v10's embedded-login and legacy helpers (webauth.legacy.min.js): what cross-origin
 * login, the cross-origin verification page, `renewAuth`, `client.getSSOData` and the
 * sign-up-then-login flows do after their first step (that step, sent from the main file, travels
 * together with this chunk's load). One chunk, not one per flow: as two chunks (cross-origin, the
 * rest), each with its own gzip stream and hash in the main file, they cost about 90 B more in the
 * main file and 400 B more in all files; Lock's pages use several of them anyway.
 */
export { afterCoAuthenticate } from '../web-auth/cross-origin/authenticated.js';
export { crossOriginVerification } from '../web-auth/cross-origin/verification.js';
export { withPartitionedHint } from '../web-auth/cross-origin/partitioned-hint.js';
export { renewAuthAnswer } from '../web-auth/silent-auth/renew-answer.js';
export { ssoDataAnswer } from '../web-auth/silent-auth/sso-answer.js';
export { loginAfterSignup } from '../web-auth/sign-up/signup-login.js';
