// Written against auth0-js 10 only: the default export namespace, as its README shows.
import auth0 from 'auth0-js';
import { tenant } from './tenant.js';
import { handleCallback } from './callback.js';

const config = {
  domain: tenant.domain,
  clientID: tenant.clientID,
  redirectUri: location.origin + '/',
  responseType: 'token id_token',
  scope: 'openid profile email',
};

const webAuth = new auth0.WebAuth(config);
document.getElementById('login').addEventListener('click', () => webAuth.authorize());
document.body.dataset.sdkVersion = auth0.version.raw;

if (location.hash.length > 1) handleCallback(config);
