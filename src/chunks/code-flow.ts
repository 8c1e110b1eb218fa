/**
 * The code-flow chunk (issue 32): what `useDpop` needs beyond the main file, loaded on first use
 * through `loadCapability('codeFlow')`: DPoP's keys and proofs (the token requests of a `useDpop`
 * instance, and its revocation on logout, wait for them). The code redemption, the refresh grant,
 * the reading of their answers and the revocation are in the main file, so `usePKCE` and refresh
 * tokens without DPoP never wait for this chunk.
 */
export { dpopHelper, renewDpopKey } from '../dpop/wiring.js';
export { dpopSigner } from '../dpop/request-signer.js';
