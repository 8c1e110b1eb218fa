// What both versions of the app show; shared, so the size comparison differs only in the library calls.
const byId = (id) => document.getElementById(id);

/** Shows the outcome of parsing the callback URL and takes the response out of the address bar. */
export function showResult(authResult) {
  if (!authResult) return;
  history.replaceState(null, '', location.pathname + location.search);
  byId('status').textContent = `Signed in as ${authResult.idTokenPayload.email}.`;
  byId('claims').textContent = JSON.stringify(authResult.idTokenPayload);
}

/** Shows a failed login; the description is untrusted text (textContent, never HTML). */
export function showError(err) {
  byId('status').textContent = 'Login failed.';
  byId('error').textContent = JSON.stringify({ error: err.error, errorDescription: err.errorDescription });
}

/** Runs `login` when the login button is clicked. */
export const onLogin = (login) => byId('login').addEventListener('click', login);
