// Where the app's tenant lives, read at build time. `npm start` builds against its local tenant
// (plain HTTP on loopback); for your own tenant put VITE_TENANT=YOUR_TENANT.auth0.com and
// VITE_CLIENT_ID=… in examples/spa/.env.local (a bare domain means HTTPS).
export const TENANT = import.meta.env.VITE_TENANT ?? 'http://localhost:4400';
export const CLIENT_ID = import.meta.env.VITE_CLIENT_ID ?? 'spa-client';

/** The tenant's Management API: the access token is for it, so the page can call `Management`. */
export const MANAGEMENT_AUDIENCE = `${TENANT.includes('://') ? TENANT : `https://${TENANT}`}/api/v2/`;

/** The ID token's claims, plus the two current-user Management scopes the profile page needs. */
export const SCOPE = 'openid profile email read:current_user update:current_user_metadata';
