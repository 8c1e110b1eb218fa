// Shared by the page and the popup callback. `npm start` runs the tenant over plain HTTP on port
// 4400; a loopback http:// domain is used as the base URL and the issuer as-is.
var TENANT = 'http://localhost:4400';
var EXAMPLE_CONFIG = {
  domain: TENANT,
  clientID: 'spa-client',
  redirectUri: location.origin + '/examples/cdn/',
  responseType: 'token id_token',
  scope: 'openid profile email',
};
// The "Stay signed in without third-party cookies" checkbox (kept in localStorage, so the popup
// callback sees it too): the code flow with PKCE and a rotating refresh token kept across reloads.
var PKCE_TOGGLE_KEY = 'cdn-example.pkce';
if (localStorage.getItem(PKCE_TOGGLE_KEY) === 'on') {
  EXAMPLE_CONFIG.responseType = 'code';
  EXAMPLE_CONFIG.usePKCE = true;
  EXAMPLE_CONFIG.useRefreshTokens = true;
  EXAMPLE_CONFIG.cacheLocation = 'localstorage';
}
