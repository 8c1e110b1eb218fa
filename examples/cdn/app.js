// Uses only the auth0-js 10 API on the global `auth0` (plus the opt-in options of config.js).
var webAuth = new auth0.WebAuth(EXAMPLE_CONFIG);
var statusEl = document.getElementById('status');
var errorEl = document.getElementById('error');
var profileEl = document.getElementById('profile');

function showError(err) {
  statusEl.textContent = 'Not signed in.';
  errorEl.textContent = (err.error || err.code || 'error') + ': ' + (err.errorDescription || err.description || '');
  errorEl.hidden = false;
}

// The access token from any login is enough to ask the tenant who the user is.
function signedIn(result) {
  errorEl.hidden = true;
  webAuth.client.userInfo(result.accessToken, function (err, user) {
    if (err) return showError(err);
    statusEl.textContent = 'Signed in as ' + user.email + '.';
    profileEl.textContent = JSON.stringify({ sub: user.sub, email: user.email, name: user.name }, null, 2);
    profileEl.hidden = false;
  });
}

document.getElementById('login').addEventListener('click', function () {
  webAuth.authorize();
});
document.getElementById('popup').addEventListener('click', function () {
  webAuth.popup.authorize({ redirectUri: location.origin + '/examples/cdn/callback.html' }, function (err, result) {
    if (err) showError(err);
    else signedIn(result);
  });
});
var pkceToggle = document.getElementById('pkce');
pkceToggle.checked = EXAMPLE_CONFIG.usePKCE === true;
pkceToggle.addEventListener('change', function () {
  if (pkceToggle.checked) localStorage.setItem(PKCE_TOGGLE_KEY, 'on');
  else localStorage.removeItem(PKCE_TOGGLE_KEY);
  location.reload();
});
document.getElementById('logout').addEventListener('click', function () {
  webAuth.logout({ returnTo: location.origin + '/examples/cdn/' });
});

// Tokens come back in the fragment; a PKCE code in the query (`?code=…&state=…`).
var pkceAnswer = EXAMPLE_CONFIG.usePKCE && /[?&](code|error)=/.test(location.search);
if (location.hash.length > 1 || pkceAnswer) {
  webAuth.parseHash(function (err, result) {
    // Drop the answer from the address bar and history whatever the outcome.
    history.replaceState(null, '', location.pathname + (pkceAnswer ? '' : location.search));
    if (err) showError(err);
    else if (result) signedIn(result);
  });
} else {
  // A session at the tenant (or, with the checkbox, the held refresh token) signs the user in
  // without a visible redirect.
  webAuth.checkSession({}, function (err, result) {
    if (err && err.error === 'login_required') statusEl.textContent = 'Not signed in.';
    else if (err) showError(err);
    else signedIn(result);
  });
}
