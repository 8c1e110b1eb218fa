// Build-time configuration; the test overwrites this file with its local tenant before bundling.
export const tenant = { domain: 'tenant.example.com', clientID: 'spa-client' };
