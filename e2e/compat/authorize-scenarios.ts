/**
 * URLs and redirects (reference §4.1, §4.2, §7.1, §7.8, §7.11, §13.1): buildAuthorizeUrl and
 * buildLogoutUrl option combinations (with the allow-list warnings), authorize's navigation and
 * stored transaction, logout, and WebAuth.login through /co/authenticate.
 */
import { openApp } from '../support/flow.js';
import { argErrors, call, inPage, navigateBy, parseAndRecord, type Scenario } from './scenario.js';

const URL_ARGUMENT_ERRORS: [string, string[], Record<string, unknown>?][] = [
  [
    'buildAuthorizeUrl',
    [
      "c.buildAuthorizeUrl('x')",
      'c.buildAuthorizeUrl()',
      'c.buildAuthorizeUrl({ clientID: 1 })',
      'c.buildAuthorizeUrl({ redirectUri: 1 })',
      'c.buildAuthorizeUrl({ responseType: 1 })',
      "c.buildAuthorizeUrl({ responseType: 'id_token' })",
      "c.buildAuthorizeUrl({ responseType: 'token id_token' })",
      "typeof c.buildAuthorizeUrl({ responseType: 'code id_token' })",
      "c.buildAuthorizeUrl({ nonce: 'n', scope: 1 })",
      "c.buildAuthorizeUrl({ nonce: 'n', audience: 1 })",
    ],
  ],
  ['buildAuthorizeUrl without a base responseType', ['c.buildAuthorizeUrl({})'], { responseType: '' }],
  ['buildLogoutUrl', ["c.buildLogoutUrl('x')", 'c.buildLogoutUrl(1)', 'typeof c.buildLogoutUrl(null)']],
  ['authorize', ['webAuth.authorize({ responseType: 1 })', "webAuth.authorize('x')"]],
  [
    'authorize without responseType',
    ['webAuth.authorize()', "webAuth.authorize({ responseType: '' })"],
    { responseType: '' },
  ],
  ['login without responseType', ["webAuth.login({ username: 'u', password: 'p' }, cb)"], { responseType: '' }],
];

/** [name, buildAuthorizeUrl options (page code), WebAuth options]. */
const AUTHORIZE_URLS: [string, string, Record<string, unknown>?][] = [
  ['defaults', "{ nonce: 'N', state: 'S' }"],
  [
    'case mapping and appState removed',
    "{ nonce: 'N', state: 'S', maxAge: 10, loginHint: 'x', uiLocales: 'fr', appState: { x: 1 }, username: 'u', popupOptions: {}, domain: 'd', tenant: 't', timeout: 1 }",
  ],
  [
    'connection_scope array and string',
    "[{ nonce: 'N', connection_scope: ['a', 'b'] }, { nonce: 'N', connectionScope: 'c,d' }]",
  ],
  [
    'organization and invitation',
    "{ nonce: 'N', organization: 'org_acme0000000001', invitation: 'uinv_acmebob0000001' }",
  ],
  ['unknown parameters warn', "{ nonce: 'N', captcha: 'c', fooBar: 1, nested: { innerKey: 1 } }"],
  ['unknown parameters, warnings disabled', "{ nonce: 'N', captcha: 'c' }", { _disableDeprecationWarnings: true }],
  [
    'code flow with PKCE, no nonce',
    "{ responseType: 'code', codeChallenge: 'x', codeChallengeMethod: 'S256', responseMode: 'query', prompt: 'none' }",
  ],
  ['code id_token needs no nonce', "{ responseType: 'code id_token' }"],
  [
    'base options merged',
    "{ nonce: 'N' }",
    {
      scope: 'openid email',
      audience: 'https://api.example.test/',
      responseMode: 'form_post',
      state: 'not merged',
      organization: 'not merged',
    },
  ],
  ['null and undefined values', "{ nonce: 'N', prompt: null, display: undefined, acrValues: '', maxAge: 0 }"],
  ['telemetry off', "{ nonce: 'N' }", { _sendTelemetry: false }],
  ['telemetry info', "{ nonce: 'N' }", { _telemetryInfo: { name: 'lock.js', version: '12.0.0' } }],
  [
    'full-URL domain',
    "{ nonce: 'N', redirectUri: 'https://app.example/cb?x=1' }",
    { domain: 'http://localhost:9/base/' },
  ],
];

const LOGOUT_URLS: [string, string, Record<string, unknown>?][] = [
  ['no options', ''],
  ['returnTo and federated', "{ returnTo: 'http://127.0.0.1/', federated: true }"],
  [
    "federated 'false' and false",
    "[{ federated: 'false' }, { federated: false }, { federated: 0 }, { federated: '' }]",
  ],
  ['clientID and extra keys', "{ clientID: 'other', returnTo: 'x', someKey: 'y', client_id: 'z' }"],
  ['telemetry off', '{}', { _sendTelemetry: false }],
];

const many = (options: string) => (options.startsWith('[') ? options : `[${options}]`);

/** [name, authorize options, WebAuth options]: authorize navigates to the tenant. */
const AUTHORIZE_FLOWS: [string, Record<string, unknown>, Record<string, unknown>?][] = [
  ['appState and login hint', { appState: { returnTo: '/x' }, login_hint: 'alice@example.com' }],
  [
    'organization and invitation from base options',
    { connection: 'Username-Password-Authentication' },
    { organization: 'org_acme0000000001', invitation: 'uinv_acmebob0000001' },
  ],
  ['organization by name', { organization: 'acme', scope: 'openid' }],
  ['explicit state and nonce', { state: 'explicit-state-value', nonce: 'explicit-nonce-value' }],
  ['response type without id_token', { responseType: 'token' }],
  ['localStorage transactions', { appState: 1 }, { __tryLocalStorageFirst: true }],
  ['custom transaction namespace and key length', {}, { transaction: { namespace: 'my.app.', keyLength: 20 } }],
  ['unknown parameter warning', { captcha: 'x', fooBar: 'y' }],
];

export const AUTHORIZE_SCENARIOS: Scenario[] = [
  ...URL_ARGUMENT_ERRORS.map(([name, expressions, overrides]) => argErrors(name, expressions, overrides)),
  ...AUTHORIZE_URLS.map(([name, options, overrides]) =>
    call(`buildAuthorizeUrl: ${name}`, `return ${many(options)}.map((o) => c.buildAuthorizeUrl(o));`, overrides),
  ),
  ...LOGOUT_URLS.map(([name, options, overrides]) =>
    call(
      `buildLogoutUrl: ${name}`,
      `return ${options ? many(options) : '[undefined]'}.map((o) => c.buildLogoutUrl(o));`,
      overrides,
    ),
  ),
  ...AUTHORIZE_FLOWS.map(([name, options, overrides]): Scenario => ({
    name: `authorize: ${name}`,
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      // The tenant shows its login page, or answers at once with an error in the fragment.
      await navigateBy(
        ctx,
        'webAuth.authorize(arg);',
        (url) => url.pathname === '/authorize' || url.hash.length > 1,
        ctx.config(overrides),
        options,
      );
      await ctx.rec.storage('after authorize');
    },
  })),
  {
    name: 'authorize: tenant error comes back in the fragment (unknown audience)',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await navigateBy(
        ctx,
        "webAuth.authorize({ audience: 'https://nowhere.example/' });",
        (url) => url.origin === ctx.appOrigin && url.hash.includes('error'),
      );
      await parseAndRecord(ctx);
    },
  },
  {
    name: 'logout: navigates to /v2/logout and back',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      const returnTo = `${ctx.appOrigin}/pages/app.html?lib=${ctx.lib}&after=logout`;
      await navigateBy(
        ctx,
        'webAuth.logout({ returnTo: arg, federated: true });',
        (url) => url.searchParams.get('after') === 'logout',
        ctx.config(),
        returnTo,
      );
    },
  },
  ...(
    [
      [
        'wrong password',
        "{ realm: 'Username-Password-Authentication', username: 'alice@example.com', password: 'wrong' }",
      ],
      ['default directory, wrong password', "{ email: 'alice@example.com', password: 'wrong' }"],
      [
        'blocked user',
        "{ realm: 'Username-Password-Authentication', username: 'blocked@example.com', password: 'Passw0rd!blocked' }",
      ],
      ['unknown realm', "{ realm: 'nope', username: 'alice@example.com', password: 'x' }"],
      [
        'breached password',
        "{ realm: 'Username-Password-Authentication', username: 'leaked@example.com', password: 'Password123!' }",
      ],
      // COMPATIBILITY.md S5: the text answer's description is normalised (see normalize.ts).
      [
        'client that may not log in from this origin (text 403)',
        "{ realm: 'Username-Password-Authentication', username: 'alice@example.com', password: 'x', clientID: 'mgmt-global' }",
      ],
    ] as const
  ).map(([name, options]) =>
    call(`login (cross-origin): ${name}`, `return callback((cb) => webAuth.login(${options}, cb));`),
  ),
  {
    name: 'login (cross-origin): success goes to /authorize with the ticket',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      const body =
        "webAuth.login({ realm: 'Username-Password-Authentication', username: 'alice@example.com', password: 'Passw0rd!alice', captcha: 'c', appState: { a: 1 }, onRedirecting(done) { document.title = 'redirecting'; done(); } }, () => {});";
      await navigateBy(
        ctx,
        body,
        (url) => url.origin === ctx.appOrigin && url.hash.length > 1,
        ctx.config({ organization: 'org_acme0000000001' }),
      );
      await ctx.rec.storage('back on the app');
      await parseAndRecord(ctx);
    },
  },
  {
    name: 'login (cross-origin): onRedirecting holds the redirect',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      const body = `return new Promise((resolve) => webAuth.login({ realm: 'Username-Password-Authentication', username: 'alice@example.com', password: 'Passw0rd!alice', onRedirecting: (done) => resolve(typeof done) }, () => resolve('error')));`;
      await inPage(ctx, 'onRedirecting', body);
      await ctx.rec.storage('before done()');
    },
  },
];
