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
