/**
 * The code-flow chunk (issue 32): what `usePKCE`, `useRefreshTokens` and `useDpop` run once the
 * flow is known, loaded on first use through `loadCapability('codeFlow')`. One chunk for the three
 * options, so they share no chunk of their own. The main file keeps the option checks, the PKCE
 * challenge (`authorize` and `checkSession` never wait for this chunk), the refresh grant's request
 * (sent while this chunk loads; it reads the answer) and the v10 paths.
 */
export { redeemCodeResponse } from '../pkce/parse-code.js';
export { redeemAnswer } from '../pkce/web-message-code.js';
export { finishTokenAnswer } from '../flow/token-answer.js';
export { letGo } from '../refresh/revoke.js';
export { dpopHelper } from '../dpop/wiring.js';
export { dpopSigner } from '../dpop/request-signer.js';
