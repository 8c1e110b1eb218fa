// Where the app's tenant lives, read at build time. `npm start` builds against its local tenant
// (plain HTTP on loopback); for your own tenant put VITE_TENANT=YOUR_TENANT.auth0.com and
// VITE_CLIENT_ID=… in examples/spa/.env.local (a bare domain means HTTPS).
export const TENANT = import.meta.env.VITE_TENANT ?? 'http://localhost:4400';
export const CLIENT_ID = import.meta.env.VITE_CLIENT_ID ?? 'spa-client';

/**
 * The app's own API: it allows offline access, so the login brings a refresh token that keeps the
 * session across reloads. (The Management API allows no offline access: no refresh token for it.)
 */
export const API_AUDIENCE = import.meta.env.VITE_API_AUDIENCE ?? 'https://api.example.test/';
/** The ID token's claims and a scope of the app's API (`offline_access` is added by the library). */
export const SCOPE = 'openid profile email read:things';

/** The tenant's Management API: the profile page asks for a token for it on demand. */
export const MANAGEMENT_AUDIENCE = `${TENANT.includes('://') ? TENANT : `https://${TENANT}`}/api/v2/`;
/** The two current-user Management scopes the profile page needs. */
export const MANAGEMENT_SCOPE = 'openid profile email read:current_user update:current_user_metadata';
