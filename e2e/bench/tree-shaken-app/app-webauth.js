// The same app written the auth0-js 10 way, with `new WebAuth`: the size check prints it beside app.js.
import { WebAuth } from 'webauth-js';
import { tenant } from './tenant.js';
import { onLogin, showError, showResult } from './ui.js';

const webAuth = new WebAuth({
  ...tenant,
  redirectUri: location.origin + location.pathname,
  responseType: 'token id_token',
});

onLogin(() => webAuth.authorize({ appState: { returnTo: location.pathname } }));
webAuth.parseHash().then(showResult, showError);
