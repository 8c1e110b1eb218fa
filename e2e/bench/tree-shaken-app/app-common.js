// The common page of issue 32, the one most auth0-js apps have, written the v10 way: authorize on a
// button, parseHash on the callback, checkSession on load, logout, and the profile from
// client.userInfo. Its initial chunk is what such a page downloads first; everything else the
// library loads on demand (e2e/bench/tree-shaken-size.mjs measures both). Written against
// `webauth-js/lazy`; the bench also builds it against the default entry, which bundles everything.
import { WebAuth } from 'webauth-js/lazy';
import { tenant } from './tenant.js';
import { onLogin, showError, showResult } from './ui.js';

const webAuth = new WebAuth({
  ...tenant,
  redirectUri: location.origin + location.pathname,
  responseType: 'token id_token',
  scope: 'openid profile email',
});

const signedIn = (authResult) => {
  showResult(authResult);
  if (authResult) webAuth.client.userInfo(authResult.accessToken, (err, user) => err || console.log(user.email));
};

onLogin(() => webAuth.authorize({ appState: { returnTo: location.pathname } }));
document.getElementById('logout')?.addEventListener('click', () => webAuth.logout({ returnTo: location.origin }));
if (location.hash) webAuth.parseHash().then(signedIn, showError);
else webAuth.checkSession({}, (err, authResult) => (err ? console.log(err.error) : signedIn(authResult)));
