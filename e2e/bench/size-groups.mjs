// Why each source file of the CDN main file is in the first load (issue 32), for
// `npm run size:modules -- --groups`. The first group whose pattern matches a file's path wins; a
// file no group claims is listed under "unclaimed", so a new file shows up until it is placed.
// `common`: the common page (authorize, parseHash, checkSession, logout, client.userInfo) runs it.
export const GROUPS = [
  {
    name: 'ID-token verification',
    common: true,
    why: 'every parseHash and checkSession of the common page verifies an ID token; as a chunk, a repeat visit (3 ms, 0 requests now) would wait for a fetch',
    files:
      /^(jose\/|idb-keyval\/|src\/id-token\/|src\/browser\/idb-deadline\.ts|src\/flow\/(validate-response|key-set-prefetch)\.ts)/,
  },
  {
    name: 'the code flow without DPoP (usePKCE, refresh tokens)',
    why: "the redemption, the refresh grant and logout's revocation are sent at once and their answers read here, so no round trip waits for a chunk and no chunk can fail between a spent code and its answer; the challenge is built in the call",
    files:
      /^src\/(refresh\/|pkce\/|flow\/(token-request|token-answer|refresh-token-cache|refresh-key)\.ts|http\/bound-tokens\.ts|web-auth\/(silent-auth\/silent-auth|redirect\/parse-hash-or-code)\.ts)/,
  },
  {
    name: 'common flows',
    common: true,
    why: "the common page's own calls: authorize, parseHash, checkSession by web_message, logout, renewAuth's start",
    files:
      /^src\/(flow\/(authorize|transaction-manager|parse-hash|random)\.ts|web-auth\/(silent-auth\/(check-session|web-message|renew-auth)|redirect\/(logout|redirect|on-redirecting))\.ts|storage\/sso-data-storage\.ts)/,
  },
  {
    name: 'the v10 Authentication client',
    common: true,
    why: "webAuth.client exists from new WebAuth; its methods throw argument errors and return v10's request handle synchronously",
    files: /^src\/authentication\//,
  },
  {
    name: 'transport and errors',
    common: true,
    why: 'every request: userInfo, the key set, the token endpoint, Management',
    files: /^src\/(http\/|errors\.ts)/,
  },
  {
    name: 'the popup, its synchronous part',
    why: 'the window opens in the task of the call (popup blockers) and preload() returns its handler; argument errors are thrown, as v10 does',
    files:
      /^src\/(web-auth\/popup\/(popup|popup-handler|popup-callback-start)\.ts|browser\/(popup-window|child-window)\.ts)/,
  },
  {
    name: 'synchronous in v10, not called by the common page',
    why: "request handles returned and argument errors thrown in the call (Management, passwordless, hosted pages, embedded and cross-origin login's first step, getSSOData, sign-up then login); each one's later steps are in chunks",
    files:
      /^src\/(management\/|web-auth\/(passwordless\/passwordless|redirect\/(hosted-pages|login)|cross-origin\/cross-origin-login|silent-auth\/(sso-data|client-sso-data)|sign-up\/signup-then-login)\.ts)/,
  },
  {
    name: 'the seams of the on-demand parts',
    why: 'they decide, in the call, what to load: the capability loader and its error, the captcha start, lazy DPoP and its nonce memory, where the DPoP key is stored (which logout empties when the chunk cannot load), and the session events (the listener check, and the hook the signing calls tell through)',
    files:
      /^src\/(web-auth\/(load-capability|chunk-load-error|captcha\/captcha-start|code-flow\/(lazy-dpop|code-flow-start)|session-events\/(announce|on-session-event))\.ts|dpop\/nonce-memory\.ts|flow\/dpop-key-record\.ts)/,
  },
  {
    name: 'the facade',
    common: true,
    why: 'new WebAuth: its options, the context, plugins, the UMD entry',
    files: /^src\/(web-auth\/(web-auth|options|create-context|plugins)\.ts|cdn\.ts|index\.ts|version\.ts)/,
  },
  {
    name: 'browser seam and storage',
    common: true,
    why: "the transaction's state and nonce (cookies, the failover store), the iframe, the message filter, the auto-post form",
    files: /^src\/(browser\/|storage\/)/,
  },
  {
    name: 'shared helpers and public type values',
    common: true,
    why: 'used by all of the above',
    files: /^src\/(shared\/|types\/|types\.ts)/,
  },
];
