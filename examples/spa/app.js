// The SPA example: webauth-js as an ES module (`import … from 'webauth-js'`, resolved by the page's
// import map to the package's dist/esm build), with async/await: without a callback, parseHash and
// checkSession return Promises.
import { WebAuth } from 'webauth-js';
import { CLIENT_ID, TENANT } from './config.js';

const home = location.origin + location.pathname;
const webAuth = new WebAuth({
  domain: TENANT,
  clientID: CLIENT_ID,
  redirectUri: home,
  responseType: 'token id_token',
  scope: 'openid profile email',
});

const $ = (id) => document.getElementById(id);
let renewTimer;

function showError(err) {
  $('error').textContent =
    `${err.code ?? err.error ?? 'error'}: ${err.description ?? err.errorDescription ?? err.message ?? ''}`;
  $('error').hidden = false;
}

function formatClaim(name, value) {
  // Registered time claims are seconds since the epoch; show them readably too.
  if (['iat', 'exp', 'auth_time', 'nbf'].includes(name) && typeof value === 'number') {
    return `${value} (${new Date(value * 1000).toISOString()})`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function showClaims(payload) {
  const body = $('claims').tBodies[0];
  body.replaceChildren();
  for (const [name, value] of Object.entries(payload)) {
    const row = body.insertRow();
    const th = document.createElement('th');
    th.textContent = name;
    row.append(th);
    row.insertCell().textContent = formatClaim(name, value);
  }
}

function showSignedOut() {
  clearTimeout(renewTimer);
  $('status').textContent = 'Not signed in.';
  $('signed-in').hidden = true;
}

/** Shows a verified sign-in (parseHash or checkSession) and schedules its silent renewal. */
function signedIn(result, how) {
  $('error').hidden = true;
  $('status').textContent = `Signed in as ${result.idTokenPayload.email}.`;
  $('renewed').textContent =
    `${how} at ${new Date().toLocaleTimeString()}; the access token expires in ${result.expiresIn} s.`;
  showClaims(result.idTokenPayload);
  $('signed-in').hidden = false;
  // Silent renewal: a new token from the tenant session a minute before this one expires.
  clearTimeout(renewTimer);
  renewTimer = setTimeout(renew, Math.max(result.expiresIn - 60, 10) * 1000);
}

async function renew(how = 'Renewed silently') {
  try {
    signedIn(await webAuth.checkSession({}), how);
  } catch (err) {
    if (err.error === 'login_required') showSignedOut();
    else showError(err);
  }
}

$('login').addEventListener('click', () => webAuth.authorize());
$('renew').addEventListener('click', () => void renew());
$('logout').addEventListener('click', () => webAuth.logout({ returnTo: home }));

// The callback route is the page itself: tokens in the fragment mean "coming back from login".
if (location.hash.length > 1) {
  try {
    // parseHash checks the state and nonce it stored before the redirect and verifies the ID token
    // (RS256 signature with the tenant's keys, issuer, audience, expiry) before answering.
    const result = await webAuth.parseHash();
    if (result) signedIn(result, 'Signed in');
  } catch (err) {
    $('status').textContent = 'Sign-in failed.';
    showError(err);
  } finally {
    // Drop the tokens from the address bar and history whatever the outcome.
    history.replaceState(null, '', location.pathname + location.search);
  }
} else {
  // checkSession on load: a tenant session signs the user in without a visible redirect.
  await renew('Signed in from the tenant session');
}
