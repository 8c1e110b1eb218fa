// Passkey sign-up and sign-in with the global `auth0` of the CDN build. `npm start` runs the tenant
// on http://localhost:4400; open this page on http://localhost:5173 (WebAuthn needs a secure
// context, and http://localhost is one; the tenant's RP ID on loopback is `localhost`).
// With `useRefreshTokens` (which needs `usePKCE`) the refresh token is kept in localStorage, so a
// reload stays signed in through `checkSession`: the passkey grant sets no session cookie.
var webAuth = new auth0.WebAuth({
  domain: 'http://localhost:4400',
  clientID: 'spa-client',
  redirectUri: location.origin + '/examples/passkeys/',
  responseType: 'code',
  usePKCE: true,
  useRefreshTokens: true,
  cacheLocation: 'localstorage',
  scope: 'openid profile email',
});
var statusEl = document.getElementById('status');
var errorEl = document.getElementById('error');
var profileEl = document.getElementById('profile');

function showError(err) {
  statusEl.textContent = 'Not signed in.';
  // err.code: passkey_not_supported, passkey_cancelled, passkey_invalid_credential, or the tenant's.
  errorEl.textContent = (err.code || err.error || 'error') + ': ' + (err.description || err.errorDescription || '');
  errorEl.hidden = false;
}

function signedIn(result) {
  errorEl.hidden = true;
  var claims = result.idTokenPayload || {};
  statusEl.textContent = 'Signed in as ' + (claims.email || claims.sub) + '.';
  profileEl.textContent = JSON.stringify({ sub: claims.sub, email: claims.email }, null, 2);
  profileEl.hidden = false;
}

function done(err, result) {
  if (err && err.code === 'passkey_cancelled') statusEl.textContent = 'Cancelled.';
  else if (err) showError(err);
  else signedIn(result);
}

document.getElementById('signup-form').addEventListener('submit', function (event) {
  event.preventDefault();
  webAuth.passkey.signup({ email: document.getElementById('email').value }, done);
});
document.getElementById('login').addEventListener('click', function () {
  webAuth.passkey.login({}, done);
});
document.getElementById('logout').addEventListener('click', function () {
  webAuth.logout({ returnTo: location.origin + '/examples/passkeys/' });
});

// After a reload: the held refresh token renews the tokens (no iframe, no cookie needed).
webAuth.checkSession({}, function (err, result) {
  if (err && err.error === 'login_required') statusEl.textContent = 'Not signed in.';
  else if (err) showError(err);
  else signedIn(result);
});
