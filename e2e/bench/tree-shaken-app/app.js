// A single-page app that logs in by redirect with the modular entry: the subject of the size check
// (e2e/bench/tree-shaken-size.mjs) and of the Chromium test (e2e/modular.spec.ts).
import { authorize, parseHash } from 'webauth-js/modular';
import { tenant } from './tenant.js';
import { onLogin, showError, showResult } from './ui.js';

const config = { ...tenant, redirectUri: location.origin + location.pathname, responseType: 'token id_token' };

onLogin(() => authorize(config, { appState: { returnTo: location.pathname } }));
parseHash(config).then(showResult, showError);
