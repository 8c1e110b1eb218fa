// Uses only the auth0-js 10 API, so the same page works with either library on the global `auth0`.
const here = location.origin + location.pathname;

const webAuth = new auth0.WebAuth({
  // `npm start` runs the tenant over plain HTTP; a domain that starts with a scheme is used as the
  // base URL as-is (auth0-js 10 behaves the same way).
  domain: 'http://localhost:4400',
  clientID: 'spa-client',
  redirectUri: here,
  responseType: 'token id_token',
  // The expected ID token issuer defaults to 'https://' + domain + '/', which is wrong once the
  // domain carries its own scheme, so name the tenant's real issuer (the JWKS is found from it too).
  overrides: { __token_issuer: 'http://localhost:4400/' },
});

const statusEl = document.getElementById('status');
const errorEl = document.getElementById('error');
const claimsEl = document.getElementById('claims');

document.getElementById('login').addEventListener('click', () => webAuth.authorize());
document.getElementById('logout').addEventListener('click', () => webAuth.logout({ returnTo: here }));

function showError(err) {
  statusEl.textContent = 'Sign-in failed.';
  errorEl.textContent = `${err.error ?? 'error'}: ${err.errorDescription ?? err.description ?? ''}`;
  errorEl.hidden = false;
}

function formatClaim(name, value) {
  // Registered time claims are seconds since the epoch; show them readably too.
  if (['iat', 'exp', 'auth_time', 'nbf'].includes(name) && typeof value === 'number') {
    return `${value} (${new Date(value * 1000).toISOString()})`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function showClaims(payload) {
  statusEl.textContent = `Signed in as ${payload.email ?? payload.name ?? payload.sub}.`;
  const body = claimsEl.tBodies[0];
  body.replaceChildren();
  for (const [name, value] of Object.entries(payload)) {
    const row = body.insertRow();
    const th = document.createElement('th');
    th.textContent = name;
    row.append(th);
    row.insertCell().textContent = formatClaim(name, value);
  }
  claimsEl.hidden = false;
}

if (location.hash.length > 1) {
  webAuth.parseHash((err, result) => {
    // Drop the tokens from the address bar and history whatever the outcome.
    history.replaceState(null, '', location.pathname + location.search);
    if (err) showError(err);
    else if (result && result.idTokenPayload) showClaims(result.idTokenPayload);
  });
}
