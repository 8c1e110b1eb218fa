// The cross-origin verification page's script: answers the tenant with what Lock's login stored here.
import auth0 from 'auth0-js';
import { tenant } from './tenant.js';

new auth0.WebAuth({ domain: tenant.domain, clientID: tenant.clientID }).crossOriginVerification();
