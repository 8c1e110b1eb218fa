// An app written for auth0-js 10, as apps of that version are: a silent checkSession on load and
// a popup login on the button. Unchanged whichever library load-lib.js put behind `auth0`.
// The tenant's address comes in the query (?tenant=http://127.0.0.1:port).
window.libReady.then(function (auth0) {
  var params = new URLSearchParams(location.search);
  var tenant = params.get('tenant');
  var here = location.origin + location.pathname.replace(/[^/]*$/, '');
  var webAuth = new auth0.WebAuth({
    domain: tenant,
    clientID: 'spa-client',
    redirectUri: location.href,
    responseType: 'token id_token',
    scope: 'openid profile email',
    overrides: { __token_issuer: tenant + '/' },
  });
  var status = document.getElementById('status');
  function show(err, authResult) {
    status.textContent = err
      ? 'signed out: ' + (err.error || err.code || err.original)
      : 'signed in as ' + authResult.idTokenPayload.email;
  }
  webAuth.checkSession({}, show);
  document.getElementById('login').addEventListener('click', function () {
    var callback = here + 'v10-popup-callback.html?lib=' + params.get('lib') + '&tenant=' + encodeURIComponent(tenant);
    webAuth.popup.authorize({ redirectUri: callback }, show);
  });
});
