/**
 * parseHash and token validation (reference §10): fragments without a login, full redirect logins,
 * tampered responses, and validateToken with tokens the tenant issued to other clients.
 */
import { appUrl, openApp, signIn, startLogin, type AppConfig } from '../support/flow.js';
import { aliceTokens, argErrors, call, parseAndRecord, type Scenario, type ScenarioContext } from './scenario.js';

async function login(ctx: ScenarioContext, config: AppConfig, options: Record<string, unknown> = {}): Promise<void> {
  await startLogin(ctx.page, config, options);
  ctx.rec.requests();
  await ctx.rec.storage('after authorize');
  await signIn(ctx.page, ctx.appOrigin);
  ctx.rec.requests();
}

/** [name, fragment, parseHash options, WebAuth options]: parseHash on a page opened with the fragment. */
const FRAGMENTS: [string, string, Record<string, unknown>?, Partial<AppConfig>?][] = [
  ['error with state', '#error=access_denied&error_description=User%20did%20not%20authorize&state=abc'],
  ['error without description or state', '#error=login_required'],
  ['error with plus-encoded text', '#error=x&error_description=a+b%2Bc&state='],
  ['code only', '#code=abc&state=x'],
  ['empty fragment', ''],
  ['missing access_token', '#id_token=abc&state=x'],
  ['missing id_token, slash prefix', '#/access_token=abc&state=x'],
  ['no transaction for the state', '#access_token=abc&state=x', {}, { responseType: 'token' }],
  ['no state, no transaction', '#access_token=abc&token_type=Bearer', {}, { responseType: 'token' }],
  [
    'IdP-initiated login allowed',
    '#access_token=abc&expires_in=7200&token_type=Bearer&scope=openid',
    { __enableIdPInitiatedLogin: true },
    { responseType: 'token' },
  ],
  [
    'impersonation alias',
    '#access_token=abc&expires_in=NaNx&refresh_token=r',
    { __enableImpersonation: true },
    { responseType: 'token' },
  ],
  ['state passed as an option', '#access_token=abc&state=given', { state: 'given' }, { responseType: 'token' }],
  [
    'base responseType wins over the option',
    '#access_token=abc&state=given',
    { state: 'given', responseType: 'token' },
    { responseType: 'id_token' },
  ],
  [
    'option responseType without a base one',
    '#id_token=abc&state=given',
    { state: 'given', responseType: 'token' },
    { responseType: '' },
  ],
  ['undecodable id_token', '#id_token=abc&state=given', { state: 'given' }, { responseType: 'id_token' }],
  ['hash option instead of the location', '#ignored', { hash: '#error=from_option&state=s' }],
  ['repeated keys', '#error=a&error=b'],
];

/**
 * Page code validating alice's ID token at the clock `now` (an expression of its claims): the
 * dates in the message are the token's own times, replaced by their names so both runs compare.
 */
const timed = (now: string, limit: string, options: string) => `
  const t = ${aliceTokens()};
  const { exp, auth_time } = JSON.parse(atob(t.idToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
  const at = (seconds) => new Date(seconds * 1000).toString();
  const w = new lib.WebAuth({ domain, clientID: 'spa-client', ...${options}, __clock: () => new Date((${now}) * 1000) });
  const r = await callback((cb) => w.validateToken(t.idToken, undefined, cb));
  return JSON.parse(JSON.stringify(r).split(at(${now})).join('<${now}>').split(at(${limit})).join('<${limit}>'));`;

/** [name, page code]: validateToken with tokens of this tenant. */
const VALIDATE: [string, string][] = [
  [
    'alice ID token, no nonce expected',
    `const t = ${aliceTokens()}; return callback((cb) => webAuth.validateToken(t.idToken, undefined, cb));`,
  ],
  [
    'nonce expected but absent',
    `const t = ${aliceTokens()}; return callback((cb) => webAuth.validateToken(t.idToken, 'nonce-value', cb));`,
  ],
  [
    'token of another client (audience)',
    `const t = ${aliceTokens()}; return callback((cb) => new lib.WebAuth({ domain, clientID: 'third-party-spa' }).validateToken(t.idToken, undefined, cb));`,
  ],
  [
    'HS256 token',
    `const t = await new Promise((ok) => new lib.WebAuth({ domain, clientID: 'hs256-client' }).client.login(${"{ username: 'alice@example.com', password: 'Passw0rd!alice', realm: 'Username-Password-Authentication', scope: 'openid' }"}, (e, r) => ok(r))); return callback((cb) => webAuth.validateToken(t.idToken, undefined, cb));`,
  ],
  ['expired (clock option)', timed('exp + 3600', 'exp + 60', '{}')],
  ['auth_time too old (maxAge)', timed('auth_time + 600', 'auth_time + 2', '{ maxAge: 1, leeway: 1 }')],
  [
    'tampered signature',
    `const t = ${aliceTokens()}; return callback((cb) => webAuth.validateToken(t.idToken.slice(0, -4) + 'AAAA', undefined, cb));`,
  ],
  ['garbage token', "return callback((cb) => webAuth.validateToken('a.b.c', undefined, cb));"],
  [
    'access token as ID token',
    `const t = ${aliceTokens()}; return callback((cb) => webAuth.validateToken(t.accessToken, undefined, cb));`,
  ],
  [
    'jwks_uri override',
    `const t = ${aliceTokens()}; return callback((cb) => new lib.WebAuth({ domain, clientID: 'spa-client', overrides: { __jwks_uri: 'https://' + domain + '/.well-known/jwks.json' } }).validateToken(t.idToken, undefined, cb));`,
  ],
];

export const PARSE_HASH_SCENARIOS: Scenario[] = [
  ...FRAGMENTS.map(([name, hash, options = {}, overrides = {}]): Scenario => ({
    name: `parseHash fragment: ${name}`,
    async run(ctx) {
      await ctx.page.goto(appUrl(ctx.appOrigin, ctx.lib) + hash);
      await parseAndRecord(ctx, ctx.config(overrides), options);
    },
  })),
  // (a callback that is not a function: v10 crashes calling it, we throw `cb parameter is not valid`;
  // COMPATIBILITY A2, unit-tested.)
  argErrors('parseHash and leeway', [
    "new lib.WebAuth({ domain, clientID: 'c', leeway: 301 }).parseHash({ hash: '#id_token=a.b.c&state=s', state: 's' }, cb)",
    "new lib.WebAuth({ domain, clientID: 'c', leeway: -1 }).validateToken('a.b.c', 'n', cb)",
  ]),
  ...VALIDATE.map(([name, body]) => call(`validateToken: ${name}`, body)),
  {
    name: 'login and parseHash',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await login(ctx, ctx.config(), { appState: { returnTo: '/profile' } });
      await parseAndRecord(ctx);
    },
  },
  {
    name: 'parseHash twice (transaction read once)',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await login(ctx, ctx.config());
      await parseAndRecord(ctx);
      await parseAndRecord(ctx);
    },
  },
  ...(
    [
      ['tampered state', (h: string) => h.replace(/state=[^&]+/, 'state=tampered'), {}],
      ['tampered access token (at_hash)', (h: string) => h.replace(/access_token=[^&]+/, 'access_token=xyz'), {}],
      ['expected nonce differs', (h: string) => h, { nonce: 'another-nonce' }],
      ['state option (appState is the state)', (h: string) => h, { state: '__from_hash__' }],
    ] as const
  ).map(([name, edit, options]): Scenario => ({
    name: `login, then ${name}`,
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await login(ctx, ctx.config(), { appState: 'kept' });
      const hash = edit(new URL(ctx.page.url()).hash);
      const state = new URLSearchParams(hash.slice(1)).get('state');
      await parseAndRecord(ctx, ctx.config(), { ...options, hash, ...('state' in options ? { state } : {}) });
    },
  })),
  {
    name: 'login with an organization, then parseHash',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await login(ctx, ctx.config({ organization: 'org_acme0000000001' }));
      await parseAndRecord(ctx);
    },
  },
  {
    name: 'organization claim mismatch',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await login(ctx, ctx.config(), { organization: 'acme' });
      // The stored transaction names an organization the token does not carry (both libraries
      // read the same cookie format, reference §9.4).
      await ctx.page.evaluate(() => {
        const cookie = document.cookie.split('; ').find((c) => c.startsWith('com.auth0.auth.'))!;
        const [name, value] = [
          cookie.slice(0, cookie.indexOf('=')),
          decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)),
        ];
        document.cookie = `${name}=${encodeURIComponent(value.replace('"acme"', '"org_other0000000"'))}; path=/`;
      });
      await parseAndRecord(ctx);
    },
  },
  {
    name: 'HS256 ID token',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      const config = ctx.config({ clientID: 'hs256-client' });
      await login(ctx, config);
      await parseAndRecord(ctx, config);
    },
  },
  {
    name: "finish the other library's redirect",
    async run(ctx) {
      // Started by the other library, finished by this one: transactions must be interchangeable.
      await openApp(ctx.page, ctx.appOrigin, ctx.other);
      await login(ctx, ctx.config(), { appState: { from: 'other' } });
      await parseAndRecord(ctx);
    },
  },
];
