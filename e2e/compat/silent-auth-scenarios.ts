/**
 * Silent authentication (reference §4.7, §11): checkSession's preconditions and answers,
 * renewAuth in both listening modes, and client.getSSOData, on both libraries. The compared
 * tenant is on another site, where the browser sends it no cookie from an iframe: a session
 * never reaches it, so the answers here are the ones every app sees without one.
 */
import { openApp } from '../support/flow.js';
import { argErrors, call, inPage, type Scenario, type ScenarioContext } from './scenario.js';

/** Holds every /authorize request, so the iframe never answers (a timeout). */
const holdAuthorize = async (ctx: ScenarioContext) => {
  await ctx.page.route(
    (url) => url.origin === ctx.tenant.url && url.pathname === '/authorize',
    () => {},
  );
};

/** Page code: the number of iframes left, after the callback. */
const withFrames = (expr: string) =>
  `const r = await ${expr}; return { ...r, iframes: document.querySelectorAll('iframe').length };`;

export const SILENT_AUTH_SCENARIOS: Scenario[] = [
  // Without a callback v10 crashed calling it (no redirectUri here); ours returns a Promise (A1).
  argErrors('checkSession', [
    "webAuth.checkSession({ responseType: 1, nonce: 'n', state: 's' }, cb)",
    "webAuth.checkSession({}, 'cb')",
  ]),
  argErrors('checkSession without a response type', ['webAuth.checkSession({}, cb)'], { responseType: '' }),
  argErrors('renewAuth', ['/*A1*/ offline.renewAuth({})', "webAuth.renewAuth({ scope: 1 }, 'cb')"]),
  argErrors('getSSOData', ["c.getSSOData('x', 'y')", '/*A1*/ offline.client.getSSOData()']),
  call(
    'checkSession: preconditions',
    `return [
    await callback((cb) => webAuth.checkSession({ responseType: 'code' }, cb)),
    await callback((cb) => webAuth.checkSession({ redirectUri: '' }, cb)),
    await callback((cb) => webAuth.checkSession({ redirectUri: 'https://elsewhere.example:8443/cb' }, cb)),
  ];`,
  ), // v10 leaves the transactions of the last two behind (COMPATIBILITY D8): not recorded

  call(
    'checkSession: no session',
    withFrames(
      "callback((cb) => webAuth.checkSession({ scope: 'openid email', prompt: 'login', usePostMessage: true, postMessageDataType: 'x', timeout: 20000 }, cb))",
    ),
  ),
  call(
    'checkSession: no session, own nonce and state',
    withFrames("callback((cb) => webAuth.checkSession({ nonce: 'my-nonce', state: 'my-state' }, cb))"),
  ),
  call(
    'checkSession: timeout',
    withFrames('callback((cb) => webAuth.checkSession({ timeout: 500 }, cb))'),
    {},
    holdAuthorize,
  ),
  call(
    'checkSession: organization and invitation are not merged',
    withFrames("callback((cb) => webAuth.checkSession({ audience: 'https://api.example.test/' }, cb))"),
    {
      organization: 'org_acme0000000001',
      invitation: 'uinv_acmebob0000001',
      responseMode: 'fragment',
    },
  ),
  call(
    'renewAuth: no session, fragment read on load',
    withFrames("callback((cb) => webAuth.renewAuth({ scope: 'openid' }, cb))"),
  ),
  {
    name: 'renewAuth: no session, posted by the callback page',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      const redirectUri = `${ctx.appOrigin}/pages/silent-callback.html?type=silent`;
      await inPage(
        ctx,
        'posted',
        withFrames(
          "callback((cb) => webAuth.renewAuth({ redirectUri: arg, usePostMessage: true, postMessageDataType: 'silent' }, cb))",
        ),
        redirectUri,
      );
    },
  },
  call(
    'renewAuth: timeout',
    withFrames("callback((cb) => webAuth.renewAuth({ timeout: 500, responseType: 'token' }, cb))"),
    {},
    holdAuthorize,
  ),
  call('getSSOData: no session', withFrames('callback((cb) => c.getSSOData(cb))')),
  call(
    'getSSOData: no session, with a hint of the last login',
    `
    const store = new lib.WebAuth({ domain, clientID: 'spa-client' });
    store.ssodataStorage.set('Username-Password-Authentication', 'auth0|alice');
    const hint = store.ssodataStorage.get();
    const r = await callback((cb) => c.getSSOData(false, cb));
    return { hint, r };`,
  ),
];
