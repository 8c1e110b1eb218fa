/**
 * Authentication client token methods (reference §4.3–§4.12): argument errors, then the request
 * sent and the mapped callback values on success and on the tenant's errors.
 */
import { ALICE_REALM, aliceTokens, argErrors, call, type Scenario } from './scenario.js';

const API = "'https://api.example.test/'";
const run = (expr: string) => `return callback((cb) => ${expr});`;

const ARGUMENT_ERRORS: [string, string[]][] = [
  [
    'client.oauthToken',
    [
      'c.oauthToken()',
      "c.oauthToken('x', cb)",
      'c.oauthToken({}, cb)',
      'c.oauthToken({ grantType: 1 }, cb)',
      "/*A1*/ offline.client.oauthToken({ grantType: 'x' })",
      "c.oauthToken({ grantType: 'x' }, 'nope')",
      "c.oauthToken({ grantType: 'x', scope: 1 }, cb)",
      "c.oauthToken({ grantType: 'x', audience: 1 }, cb)",
      "c.oauthToken({ grantType: 'x', clientID: 1 }, cb)",
    ],
  ],
  [
    'client.login',
    [
      'c.login()',
      // (c.login(null, cb): v10 crashes with a TypeError, we throw the options error; COMPATIBILITY D9.)
      "c.login({ password: 'p', realm: 'r' }, cb)",
      "c.login({ username: 'u', realm: 'r' }, cb)",
      "c.login({ username: 'u', password: 'p' }, cb)",
      "c.login({ username: 1, password: 'p', realm: 'r' }, cb)",
      "c.login({ username: 'u', password: 'p', realm: 'r', scope: 1 }, cb)",
      "c.login({ username: 'u', password: 'p', realm: 'r', audience: 1 }, cb)",
      "/*A1*/ offline.client.login({ username: 'u', password: 'p', realm: 'r' })",
    ],
  ],
  [
    'client.loginWithDefaultDirectory',
    [
      "c.loginWithDefaultDirectory('x', cb)",
      "c.loginWithDefaultDirectory({ password: 'p' }, cb)",
      "c.loginWithDefaultDirectory({ username: 'u' }, cb)",
      "c.loginWithDefaultDirectory({ username: 'u', password: 'p', scope: 1 }, cb)",
      "c.loginWithDefaultDirectory({ username: 'u', password: 'p', audience: 1 }, cb)",
      "/*A1*/ offline.client.loginWithDefaultDirectory({ username: 'u', password: 'p' })",
    ],
  ],
  [
    'client.loginWithResourceOwner',
    [
      "c.loginWithResourceOwner('x', cb)",
      "c.loginWithResourceOwner({ password: 'p', connection: 'c' }, cb)",
      "c.loginWithResourceOwner({ username: 'u', connection: 'c' }, cb)",
      "c.loginWithResourceOwner({ username: 'u', password: 'p' }, cb)",
      "c.loginWithResourceOwner({ username: 'u', password: 'p', connection: 'c', scope: 1 }, cb)",
      "/*A1*/ offline.client.loginWithResourceOwner({ username: 'u', password: 'p', connection: 'c' })",
    ],
  ],
  [
    'client.delegation',
    [
      "c.delegation('x', cb)",
      'c.delegation({}, cb)',
      "c.delegation({ grantType: 'x' }, cb)",
      "/*A1*/ offline.client.delegation({ grant_type: 'x' })",
    ],
  ],
  [
    'client.customTokenExchange',
    [
      "c.customTokenExchange('x', cb)",
      "c.customTokenExchange({ subjectTokenType: 't' }, cb)",
      "c.customTokenExchange({ subjectToken: 's' }, cb)",
      "c.customTokenExchange({ subjectToken: 's', subjectTokenType: 't', audience: 1 }, cb)",
      "c.customTokenExchange({ subjectToken: 's', subjectTokenType: 't', scope: 1 }, cb)",
      "c.customTokenExchange({ subjectToken: 's', subjectTokenType: 't', organization: 1 }, cb)",
      "/*A1*/ offline.client.customTokenExchange({ subjectToken: 's', subjectTokenType: 't' })",
      "webAuth.customTokenExchange({ subjectToken: 's' }, cb)",
    ],
  ],
  [
    'client.userInfo',
    [
      'c.userInfo()',
      'c.userInfo(1, cb)',
      "offline.client.userInfo('', cb)",
      "/*A1*/ offline.client.userInfo('t')",
      "c.userInfo('t', {})",
    ],
  ],
  [
    'challenges and country',
    [
      '/*A1*/ offline.client.getChallenge()',
      "c.getChallenge('x')",
      '/*A1*/ offline.client.getUserCountry()',
      "c.getUserCountry('x')",
      '/*A1*/ offline.client.passwordless.getChallenge()',
      '/*A1*/ offline.client.dbConnection.getSignupChallenge()',
      'c.dbConnection.getPasswordResetChallenge(1)',
    ],
  ],
];

/** [name, page code, WebAuth options] of request scenarios. */
const REQUESTS: [string, string, Record<string, unknown>?][] = [
  [
    'oauthToken: client credentials',
    run(
      "c.oauthToken({ grantType: 'client_credentials', clientSecret: 'mgmt-global-secret', audience: `https://${domain}/api/v2/`, scope: 'read:users' }, cb)",
    ),
    { clientID: 'mgmt-global' },
  ],
  [
    'oauthToken: wrong client secret (401)',
    run(
      "c.oauthToken({ grantType: 'client_credentials', clientSecret: 'wrong', audience: `https://${domain}/api/v2/` }, cb)",
    ),
    { clientID: 'mgmt-global' },
  ],
  ['oauthToken: unsupported grant', run("c.oauthToken({ grantType: 'urn:example:nothing' }, cb)")],
  [
    'oauthToken: unknown keys and falsy values dropped',
    run(
      "c.oauthToken({ grantType: 'refresh_token', refreshToken: 'nope', foo: 'bar', scope: '', audience: 0, code: null }, cb)",
    ),
  ],
  [
    'oauthToken: base scope and audience merged',
    run("c.oauthToken({ grantType: 'refresh_token', refreshToken: 'nope' }, cb)"),
    { scope: 'openid email', audience: 'https://api.example.test/' },
  ],
  [
    'login: password-realm success',
    run(
      `c.login({ ...${ALICE_REALM}, scope: 'openid profile email offline_access read:things', audience: ${API} }, cb)`,
    ),
  ],
  [
    'login: wrong password',
    run(
      "c.login({ username: ' alice@example.com ', password: 'wrong', realm: 'Username-Password-Authentication', captcha: 'x' }, cb)",
    ),
  ],
  [
    'login: blocked user',
    run(
      "c.login({ username: 'blocked@example.com', password: 'Passw0rd!blocked', realm: 'Username-Password-Authentication' }, cb)",
    ),
  ],
  [
    'login: breached password',
    run(
      "c.login({ username: 'leaked@example.com', password: 'Password123!', realm: 'Username-Password-Authentication' }, cb)",
    ),
  ],
  ['login: unknown realm', run("c.login({ username: 'alice@example.com', password: 'x', realm: 'nope' }, cb)")],
  ['login: organization member', run(`c.login({ ...${ALICE_REALM}, organization: 'org_acme0000000001' }, cb)`)],
  [
    'login: organization of another user',
    run(`c.login({ ...${ALICE_REALM}, organization: 'org_globex00000001' }, cb)`),
  ],
  [
    'login: username with a username connection',
    run("c.login({ username: 'carol', password: 'Passw0rd!carol', realm: 'db-with-username', scope: 'openid' }, cb)"),
  ],
  [
    'loginWithDefaultDirectory: success',
    run(
      "c.loginWithDefaultDirectory({ username: 'bob@example.com', password: 'Passw0rd!bob', scope: 'openid email' }, cb)",
    ),
  ],
  [
    'loginWithDefaultDirectory: wrong password',
    run("c.loginWithDefaultDirectory({ username: 'bob@example.com', password: 'nope' }, cb)"),
  ],
  [
    'loginWithResourceOwner: success',
    run(
      "c.loginWithResourceOwner({ username: 'alice@example.com', password: 'Passw0rd!alice', connection: 'Username-Password-Authentication', scope: 'openid', device: 'd', extra: 1 }, cb)",
    ),
  ],
  [
    'loginWithResourceOwner: wrong password',
    run(
      "c.loginWithResourceOwner({ username: 'u', password: 'p', connection: 'Username-Password-Authentication' }, cb)",
    ),
  ],
  [
    'delegation: success',
    `const t = ${aliceTokens()}; return callback((cb) => c.delegation({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', idToken: t.idToken, apiType: 'app', scope: 'openid' }, cb));`,
  ],
  [
    'delegation: bad token',
    run(
      "c.delegation({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', idToken: 'x', apiType: 'app' }, cb)",
    ),
  ],
  [
    'customTokenExchange: success',
    `const t = ${aliceTokens()}; return callback((cb) => c.customTokenExchange({ subjectToken: t.idToken, subjectTokenType: 'urn:webauth-js:local-tenant:jwt', audience: ${API}, customParam: { innerKey: 1 } }, cb));`,
  ],
  [
    'customTokenExchange: unknown token type',
    run(
      "c.customTokenExchange({ subjectToken: 'st', subjectTokenType: 'urn:x', organization: 'org_1', customParam: { innerKey: 1 } }, cb)",
    ),
  ],
  [
    'webAuth.customTokenExchange: bad subject token',
    run(
      "webAuth.customTokenExchange({ subjectToken: 'not-a-jwt', subjectTokenType: 'urn:webauth-js:local-tenant:jwt' }, cb)",
    ),
    { scope: 'openid email' },
  ],
  ['userInfo: success', `const t = ${aliceTokens()}; return callback((cb) => c.userInfo(t.accessToken, cb));`],
  ['userInfo: bad token', run("c.userInfo('not-a-token', cb)")],
  ['getUserCountry', run('c.getUserCountry(cb)')],
  [
    'getChallenge: without state',
    'return new Promise((resolve) => c.getChallenge((...args) => resolve(args.length)));',
  ],
  ['getChallenge: unknown state', run('c.getChallenge(cb)'), { state: 'not-a-live-state' }],
  ['passwordless.getChallenge: unknown state', run('c.passwordless.getChallenge(cb)'), { state: 'not-a-live-state' }],
  ['dbConnection.getSignupChallenge: unknown state', run('c.dbConnection.getSignupChallenge(cb)'), { state: 'S' }],
  [
    'dbConnection.getPasswordResetChallenge: unknown state',
    run('c.dbConnection.getPasswordResetChallenge(cb)'),
    { state: 'S' },
  ],
  ['telemetry off', run('c.getUserCountry(cb)'), { _sendTelemetry: false }],
  [
    'telemetry info',
    run('c.getUserCountry(cb)'),
    { _telemetryInfo: { name: 'lock.js', version: '12.0.0', env: { foo: '1' } } },
  ],
];

export const TOKEN_SCENARIOS: Scenario[] = [
  ...ARGUMENT_ERRORS.map(([name, expressions]) => argErrors(name, expressions)),
  ...REQUESTS.map(([name, body, overrides]) => call(`client: ${name}`, body, overrides)),
];
