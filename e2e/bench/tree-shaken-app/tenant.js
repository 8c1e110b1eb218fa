// The tenant the app logs in with; the e2e spec bundles the app with the local tenant's instead.
export const tenant = { domain: 'tenant.example.com', clientID: 'spa-client' };
