/**
 * Fake captcha providers for Chromium tests. Each provider's script URL (reference §14.4) is
 * answered by `route.fulfill` with a small script implementing the provider's global API, so no
 * test ever reaches a real provider. The fakes record what the library passed them in
 * `window.__captchaFake`, and "solve" with `<provider>-test-token`, the answer the local tenant
 * accepts: a `.fake-solve` button in the widget's container, or `arkose.run()`.
 */
import type { BrowserContext, Page, Route } from 'playwright';

export const PROVIDER_HOSTS =
  /^https:\/\/(www\.recaptcha\.net|js\.hcaptcha\.com|cdn\.jsdelivr\.net|[^/]+\.arkoselabs\.com|challenges\.cloudflare\.com)\//;

export type FakeProvider =
  'recaptcha_v2' | 'recaptcha_enterprise' | 'hcaptcha' | 'friendly_captcha' | 'arkose' | 'auth0_v2';

export function providerOf(url: string): FakeProvider {
  if (url.includes('/recaptcha/enterprise.js')) return 'recaptcha_enterprise';
  if (url.includes('/recaptcha/api.js')) return 'recaptcha_v2';
  if (url.includes('js.hcaptcha.com')) return 'hcaptcha';
  if (url.includes('friendly-challenge')) return 'friendly_captcha';
  if (url.includes('.arkoselabs.com/')) return 'arkose';
  if (url.includes('challenges.cloudflare.com')) return 'auth0_v2';
  throw new Error(`not a captcha provider URL: ${url}`);
}

// Runs in the page. `log.params` keeps the last parameters with their functions, for tests to call.
const COMMON = `
var log = window.__captchaFake = window.__captchaFake || { loads: [], renders: [], resets: [], runs: 0 };
log.loads.push(document.currentScript && document.currentScript.src);
function solveButton(container, solve) {
  var b = document.createElement('button');
  b.type = 'button'; b.className = 'fake-solve'; b.textContent = 'solve';
  b.addEventListener('click', solve);
  container.appendChild(b);
}
function describe(params) {
  var out = {};
  Object.keys(params).forEach(function (k) { out[k] = typeof params[k] === 'function' ? 'function' : params[k]; });
  return out;
}`;

function widgetScript(provider: FakeProvider): string {
  const token = JSON.stringify(`${provider}-test-token`);
  const install: Record<string, string> = {
    recaptcha_v2: 'window.grecaptcha = api;',
    recaptcha_enterprise: 'window.grecaptcha = { enterprise: api };',
    hcaptcha: 'window.hcaptcha = api;',
    auth0_v2: 'window.turnstile = api;',
  };
  return `(function () {${COMMON}
var api = {
  render: function (container, params) {
    var id = 'w' + log.renders.length;
    log.renders.push({ provider: ${JSON.stringify(provider)}, container: container.className, params: describe(params) });
    log.params = params;
    solveButton(container, function () { params.callback(${token}); });
    return id;
  },
  reset: function (id) { log.resets.push(id); }
};
${install[provider]}
var onload = new URL(document.currentScript.src).searchParams.get('onload');
setTimeout(function () { window[onload](); }, 0);
})();`;
}

const FRIENDLY = `(function () {${COMMON}
window.friendlyChallenge = { WidgetInstance: function (container, options) {
  var n = log.renders.length;
  log.renders.push({ provider: 'friendly_captcha', container: container.className, params: describe(options) });
  log.params = options;
  solveButton(container, function () { options.doneCallback('friendly_captcha-test-token'); });
  this.reset = function () { log.resets.push('fc' + n); };
} };
})();`;

const ARKOSE = `(function () {${COMMON}
var name = document.currentScript.dataset.callback;
var config;
var enforcement = {
  setConfig: function (c) { config = c; log.params = c; log.renders.push({ provider: 'arkose', params: describe(c) }); setTimeout(function () { c.onReady(); }, 0); },
  run: function () { log.runs++; setTimeout(function () { config.onCompleted({ token: 'arkose-test-token' }); }, 0); },
  reset: function () { log.resets.push('arkose'); setTimeout(function () { config.onReady(); }, 0); }
};
setTimeout(function () { window[name](enforcement); }, 0);
})();`;

export function fakeScript(provider: FakeProvider): string {
  if (provider === 'friendly_captcha') return FRIENDLY;
  if (provider === 'arkose') return ARKOSE;
  return widgetScript(provider);
}

/** What the provider routes saw: every script URL requested. */
export interface ProviderRoutes {
  requested: string[];
  /** Providers whose script fails to load (the request is aborted). */
  failing: Set<FakeProvider>;
}

/** Answers every provider script URL on `target` with its fake (or a network failure). */
export async function routeFakeProviders(target: Page | BrowserContext): Promise<ProviderRoutes> {
  const routes: ProviderRoutes = { requested: [], failing: new Set() };
  await target.route(PROVIDER_HOSTS, (route: Route) => {
    const url = route.request().url();
    routes.requested.push(url);
    let provider: FakeProvider;
    try {
      provider = providerOf(url);
    } catch {
      return route.abort();
    }
    if (routes.failing.has(provider)) return route.abort('connectionfailed');
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeScript(provider) });
  });
  return routes;
}
