// Lock as an app embeds it: `?mode=redirect` (default), `popup` or `passwordless` (email code).
// The page shows what Lock reports, so the test reads the page, not Lock's internals.
import { Auth0Lock, Auth0LockPasswordless } from 'auth0-lock';
import { tenant } from './tenant.js';

const mode = new URLSearchParams(location.search).get('mode') ?? 'redirect';
// A local image: Lock's default logo and avatars would come from the network.
const LOGO =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="58" height="58"%3E%3Ccircle cx="29" cy="29" r="29" fill="%23345"/%3E%3C/svg%3E';

const text = (id, value) => {
  document.getElementById(id).textContent = value;
};
const logEvent = (name) => {
  const item = document.createElement('li');
  item.textContent = name;
  document.getElementById('events').append(item);
};

const options = {
  auth: {
    redirect: mode !== 'popup',
    redirectUrl: `${location.origin}/?mode=${mode}`,
    responseType: 'token id_token',
    params: { scope: 'openid profile email' },
  },
  theme: { logo: LOGO },
  // Lock fetches its English texts from cdn.auth0.com unless told otherwise; this page has none to
  // give, so Lock falls back to the dictionary it bundles, without leaving the machine.
  languageBaseUrl: location.origin,
  avatar: null,
  closable: false,
  allowedConnections: mode === 'passwordless' ? ['email'] : [tenant.connection],
  ...(mode === 'passwordless' ? { passwordlessMethod: 'code' } : {}),
};
const Widget = mode === 'passwordless' ? Auth0LockPasswordless : Auth0Lock;
const lock = new Widget(tenant.clientID, tenant.domain, options);

lock.on('authenticated', (result) => {
  logEvent('authenticated');
  text('status', `Signed in as ${result.idTokenPayload.email}.`);
  text('claims', JSON.stringify(result.idTokenPayload));
  lock.hide();
});
lock.on('authorization_error', (err) => {
  logEvent('authorization_error');
  text('error', `${err.error}: ${err.errorDescription}`);
});
for (const name of ['show', 'signup success', 'forgot_password submit', 'hash_parsed'])
  lock.on(name, () => logEvent(name));

window.lock = lock;
text('status', 'Not signed in.');
lock.show();
