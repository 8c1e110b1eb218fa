// The other common auth0-js 10 style: named imports.
import { WebAuth } from 'auth0-js';

export function handleCallback(config) {
  const status = document.getElementById('status');
  new WebAuth(config).parseHash((err, authResult) => {
    history.replaceState(null, '', location.pathname);
    if (err) {
      status.textContent = `Sign-in failed: ${err.error}: ${err.errorDescription}`;
      return;
    }
    status.textContent = `Signed in as ${authResult.idTokenPayload.email}.`;
    document.getElementById('claims').textContent = JSON.stringify(authResult.idTokenPayload);
  });
}
