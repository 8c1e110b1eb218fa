/**
 * The passkey chunk (issue 48): loaded on first use through `loadCapability('passkeys')` by
 * `webAuth.passkey` and the client's passkey steps. Everything a passkey call runs beyond the main
 * file's token-answer checks is here.
 */
export { getLoginChallenge, getSignupChallenge, getTokenWithPasskey, login, signup } from '../passkeys/flow.js';
