// Written against auth0-js 10 (the default import), and once more under webauth-js's own name with
// a named import: a bundler that skips a re-exporting module must still run the entry.
import auth0 from 'auth0-js';
import { WebAuth } from 'webauth-js';

window.bundled = { alias: auth0.WebAuth, own: WebAuth, version: auth0.version.raw };
document.body.dataset.ready = 'yes';
