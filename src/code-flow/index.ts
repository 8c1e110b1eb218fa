/**
 * The code-flow chunk (issue 32): what `useDpop` and `useRefreshTokens` need beyond the main file,
 * loaded on first use through `loadCapability('codeFlow')`: DPoP's keys and proofs (the token
 * requests of a `useDpop` instance wait for them) and the revocation on logout. The code
 * redemption, the refresh grant and the reading of their answers are in the main file, so
 * `usePKCE` and refresh tokens without DPoP never wait for this chunk.
 */
export { letGo } from '../refresh/revoke.js';
export { dpopHelper } from '../dpop/wiring.js';
export { dpopSigner } from '../dpop/request-signer.js';
