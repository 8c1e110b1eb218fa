// The hosted login page on Lock: reads the configuration the tenant injected into login.html and
// shows Lock for the application's login transaction. Lock's `auth0-js` is webauth-js (package.json).
import { Auth0Lock } from 'auth0-lock';
import { readLoginPageConfig } from './config.js';

const config = readLoginPageConfig(document);
// The transaction's own options (state, _csrf, nonce, scope…) go with every Lock request, so the
// tenant can tie the login to the application's /authorize call.
const { responseType, responseMode, ...params } = config.internalOptions;
const loginHint = config.extraParams.login_hint;
// The tenant's base URL: Lock would otherwise derive https://{domain}, wrong when the domain is a URL.
const tenantUrl = config.authorizationServer.url;

const lock = new Auth0Lock(config.clientID, config.auth0Domain, {
  auth: { redirect: true, redirectUrl: config.callbackURL, responseType, responseMode, params },
  overrides: { __tenant: config.auth0Tenant, __token_issuer: config.authorizationServer.issuer },
  clientBaseUrl: tenantUrl,
  // No language file on the tenant: Lock falls back to the English it bundles, without a CDN.
  languageBaseUrl: tenantUrl,
  allowedConnections: config.connection ? [config.connection] : null,
  initialScreen: config.extraParams.screen_hint === 'signup' ? 'signUp' : 'login',
  prefill: loginHint ? { email: loginHint, username: loginHint } : undefined,
  rememberLastLogin: true,
  closable: false,
  avatar: null,
  languageDictionary: { title: config.clientName },
  // A local logo: Lock's default one is on a CDN, which the page's CSP does not admit.
  theme: { logo: localLogo(), primaryColor: '#2a5bd7' },
});
lock.show();

function localLogo() {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="58" height="58"><circle cx="29" cy="29" r="29" fill="#2a5bd7"/></svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
