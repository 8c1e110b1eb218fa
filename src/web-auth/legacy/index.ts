/**
 * The chunk of v10's embedded-login and legacy helpers (webauth.legacy.min.js): what cross-origin
 * login, the cross-origin verification page, `renewAuth`, `client.getSSOData` and the
 * sign-up-then-login flows do after their first step (that step, sent from the main file, travels
 * together with this chunk's load). One chunk, not one per flow: as two chunks (cross-origin, the
 * rest), each with its own gzip stream and hash in the main file, they cost about 90 B more in the
 * main file and 400 B more in all files; Lock's pages use several of them anyway.
 */
export { afterCoAuthenticate } from '../cross-origin/authenticated.js';
export { crossOriginVerification } from '../cross-origin/verification.js';
export { withPartitionedHint } from '../cross-origin/partitioned-hint.js';
export { renewAuthAnswer } from './renew-answer.js';
export { ssoDataAnswer } from './sso-answer.js';
export { loginAfterSignup } from './signup-login.js';
