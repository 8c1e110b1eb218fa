/**
 * Constructor validation (reference §3, §15.1, §18.1): for every validated option, a value of the
 * wrong type must throw the exact v10 message, and a falsy one must not be type-checked (§2.1).
 */
import { openApp } from '../support/flow.js';
import { argErrors, inPage, type Scenario } from './scenario.js';

const BASE = "domain: 'd.example.com', clientID: 'c'";

/** [option, a wrong-typed value, a falsy value that is not checked] for `new WebAuth`. */
const WEB_AUTH_OPTIONS: [string, string, string][] = [
  ['responseType', '1', "''"],
  ['responseMode', '1', "''"],
  ['redirectUri', '1', "''"],
  ['scope', '1', "''"],
  ['audience', '1', "''"],
  ['popupOrigin', '1', "''"],
  ['leeway', "'1'", '0'],
  ['plugins', "'p'", 'null'],
  ['maxAge', "'1'", '0'],
  ['stateExpiration', "'1'", '0'],
  ['legacySameSiteCookie', "'x'", 'false'],
  ['_disableDeprecationWarnings', "'x'", 'false'],
  ['_sendTelemetry', "'x'", 'false'],
  ['_telemetryInfo', "'x'", 'null'],
  ['_timesToRetryFailedRequests', "'x'", '0'],
  ['overrides', "'x'", 'null'],
];

const AUTHENTICATION_OPTIONS: [string, string, string][] = [
  ['responseType', '1', "''"],
  ['responseMode', '1', "''"],
  ['redirectUri', '1', "''"],
  ['scope', '1', "''"],
  ['audience', '1', "''"],
  ['_disableDeprecationWarnings', "'x'", 'false'],
  ['_sendTelemetry', "'x'", 'false'],
  ['_telemetryInfo', "'x'", 'null'],
];

const perOption = (ctor: string, table: [string, string, string][]): Scenario[] =>
  table.map(([option, bad, falsy]) =>
    argErrors(`new ${ctor}({ ${option} })`, [
      `new lib.${ctor}({ ${BASE}, ${option}: ${bad} })`,
      `new lib.${ctor}({ ${BASE}, ${option}: ${falsy} })`,
    ]),
  );

export const CONSTRUCTOR_SCENARIOS: Scenario[] = [
  argErrors('new WebAuth(options)', ['new lib.WebAuth()', "new lib.WebAuth('x')", 'new lib.WebAuth(1)']),
  argErrors('new WebAuth({ domain, clientID })', [
    'new lib.WebAuth({})',
    "new lib.WebAuth({ domain: 1, clientID: 'c' })",
    "new lib.WebAuth({ domain: 'd' })",
    "new lib.WebAuth({ domain: 'd', clientID: 1 })",
    'new lib.WebAuth({ domain: 1, clientID: 1, scope: 1 })',
  ]),
  argErrors('new WebAuth: check order', [
    `new lib.WebAuth({ ${BASE}, scope: 1, responseType: 1 })`,
    `new lib.WebAuth({ ${BASE}, overrides: 'x', leeway: 'x' })`,
    `new lib.WebAuth({ ${BASE}, _telemetryInfo: 1, _sendTelemetry: 1 })`,
  ]),
  ...perOption('WebAuth', WEB_AUTH_OPTIONS),
  argErrors('new WebAuth({ overrides: { __tenant, __token_issuer, __jwks_uri } })', [
    `new lib.WebAuth({ ${BASE}, overrides: { __tenant: 1 } })`,
    `new lib.WebAuth({ ${BASE}, overrides: { __token_issuer: 1 } })`,
    `new lib.WebAuth({ ${BASE}, overrides: { __jwks_uri: 1 } })`,
    `new lib.WebAuth({ ${BASE}, overrides: { __tenant: '', __token_issuer: 0, __jwks_uri: null } })`,
    `new lib.WebAuth({ ${BASE}, overrides: {} })`,
  ]),
  // COMPATIBILITY.md D7: both require plugins to declare the v10 API level, 10.2.1.
  argErrors('new WebAuth: plugin versions', [
    `new lib.WebAuth({ ${BASE}, plugins: [{ version: '1.0.0', setWebAuth() {} }] })`,
    `new lib.WebAuth({ ${BASE}, plugins: [new (class MyPlugin { constructor() { this.version = '9'; } setWebAuth() {} })()] })`,
    `new lib.WebAuth({ ${BASE}, plugins: [{ version: '10.2.1', setWebAuth(w) { if (!w.client) throw new Error('no webAuth'); } }] })`,
    `new lib.WebAuth({ ${BASE}, plugins: {} })`,
  ]),
  argErrors('new Authentication(options)', [
    'new lib.Authentication()',
    "new lib.Authentication('x')",
    'new lib.Authentication({})',
    "new lib.Authentication({ domain: 'd' })",
    `new lib.Authentication({ ${BASE}, leeway: 'not checked', maxAge: 'x', overrides: 1 })`,
    `new lib.Authentication(new lib.WebAuth({ ${BASE} }), { ${BASE} })`,
    `new lib.Authentication(new lib.WebAuth({ ${BASE} }), { domain: 'd' })`,
  ]),
  ...perOption('Authentication', AUTHENTICATION_OPTIONS),
  argErrors('new Management(options)', [
    'new lib.Management()',
    "new lib.Management('x')",
    'new lib.Management({})',
    "new lib.Management({ domain: 'd' })",
    "new lib.Management({ domain: 'd', token: 1 })",
    "new lib.Management({ domain: 'd', token: 't', _sendTelemetry: 'x' })",
    "new lib.Management({ domain: 'd', token: 't', _telemetryInfo: 'x' })",
    "new lib.Management({ domain: 'd', token: 't', _sendTelemetry: false, _telemetryInfo: null, clientID: 1 })",
  ]),
  {
    // Quirk 1: the caller's options object is mutated with the derived fields (§3.1.3). A domain with
    // an http:// scheme derives a different issuer on purpose (COMPATIBILITY D21).
    name: 'new WebAuth: derived fields on the caller options',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      const body = `
        const derived = (options) => { new lib.WebAuth(options); const { plugins, ...rest } = options; return JSON.parse(JSON.stringify(rest)); };
        return [
          derived({ domain: 'tenant.eu.example.com', clientID: 'c' }),
          derived({ domain: 'localhost:3000', clientID: 'c', _timesToRetryFailedRequests: 2.7, _sendTelemetry: false, legacySameSiteCookie: false, jwksURI: 'ignored' }),
          derived({ domain: 'd.example.com', clientID: 'c', overrides: { __tenant: 't', __token_issuer: 'https://issuer/', __jwks_uri: 'https://keys/' } }),
        ];`;
      await inPage(ctx, 'options after construction', body);
    },
  },
];
