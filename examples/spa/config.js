// Where the SPA's tenant lives. `npm start` runs the local tenant over plain HTTP on port 4400.
// Against a real tenant: TENANT = 'YOUR_TENANT.auth0.com' (a bare domain means HTTPS) and drop
// `overrides` in app.js.
export const TENANT = 'http://localhost:4400';
export const CLIENT_ID = 'spa-client';
