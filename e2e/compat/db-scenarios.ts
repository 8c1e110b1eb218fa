/**
 * Database connections (reference §5.5–§5.6, §7.4, §7.5, §7.7): signup, changePassword and
 * signupAndAuthorize — argument errors, requests, and the tenant's signup errors.
 */
import { argErrors, call, type Scenario } from './scenario.js';

const DB = "connection: 'Username-Password-Authentication'";
const run = (expr: string) => `return callback((cb) => ${expr});`;
// signupAndAuthorize's return value is a known difference (the flow-return scenario below).
const flow = (expr: string) => `return callback((cb) => ${expr}, false);`;

const ARGUMENT_ERRORS: [string, string[]][] = [
  [
    'dbConnection.signup',
    [
      "c.dbConnection.signup('x', cb)",
      "c.dbConnection.signup({ email: 'a@b.c', password: 'p' }, cb)",
      "c.dbConnection.signup({ connection: 'db', password: 'p' }, cb)",
      "c.dbConnection.signup({ connection: 'db', username: 'u', password: 'p' }, cb)",
      "c.dbConnection.signup({ connection: 'db', email: 'a@b.c' }, cb)",
      "c.dbConnection.signup({ connection: 'db', email: 'a@b.c', password: 1 }, cb)",
      "c.dbConnection.signup({ connection: 'db', email: 'a@b.c', password: 'p' }, 'cb')",
      "/*A1*/ offline.client.dbConnection.signup({ connection: 'db', email: 'a@b.c', password: 'p' })",
    ],
  ],
  [
    'dbConnection.changePassword',
    [
      "c.dbConnection.changePassword('x', cb)",
      "c.dbConnection.changePassword({ email: 'a@b.c' }, cb)",
      "c.dbConnection.changePassword({ connection: 'db' }, cb)",
      "c.dbConnection.changePassword({ connection: 'db', email: 1 }, cb)",
      "c.dbConnection.changePassword({ connection: 'db', email: 'a@b.c' }, 1)",
      "/*A1*/ offline.client.dbConnection.changePassword({ connection: 'db', email: 'a@b.c' })",
    ],
  ],
  [
    'webAuth.signup and changePassword',
    [
      "webAuth.signup({ connection: 'db', email: 'a@b.c' }, cb)",
      'webAuth.signup(1, cb)',
      "webAuth.changePassword({ email: 'a@b.c' }, cb)",
    ],
  ],
  [
    'webAuth.signupAndAuthorize',
    [
      "webAuth.signupAndAuthorize({ connection: 'db', password: 'p' }, cb)",
      "webAuth.signupAndAuthorize({ email: 'a@b.c', password: 'p' }, cb)",
      "webAuth.signupAndAuthorize({ connection: 'db', email: 'a@b.c' }, cb)",
      "webAuth.signupAndAuthorize('x', cb)",
    ],
  ],
];

const NEW_USER = "email: ' dora@example.com ', password: 'Str0ng!Passphrase-9'";

const REQUESTS: [string, string, Record<string, unknown>?][] = [
  [
    'signup: new user with metadata',
    run(
      `c.dbConnection.signup({ ${DB}, ${NEW_USER}, userMetadata: { favColor: 'blue', camelKey: 'x' }, givenName: 'Dora', nickname: 'dora', scope: 'dropped' }, cb)`,
    ),
    { state: 'base-state' },
  ],
  [
    'signup: user_metadata key',
    run(`c.dbConnection.signup({ ${DB}, ${NEW_USER}, user_metadata: { plan_name: 'pro' } }, cb)`),
  ],
  [
    'signup: existing user',
    run(`c.dbConnection.signup({ ${DB}, email: 'alice@example.com', password: 'Another-Passw0rd!' }, cb)`),
  ],
  [
    'signup: weak password (policy error)',
    run(`c.dbConnection.signup({ ${DB}, email: 'weak@example.com', password: 'abc' }, cb)`),
  ],
  [
    'signup: breached password',
    run(`c.dbConnection.signup({ ${DB}, email: 'breach@example.com', password: 'Qwerty123!' }, cb)`),
  ],
  [
    'signup: username on a connection without usernames',
    run(`c.dbConnection.signup({ ${DB}, ${NEW_USER}, username: 'dora' }, cb)`),
  ],
  [
    'signup: username connection without username',
    run(`c.dbConnection.signup({ connection: 'db-with-username', ${NEW_USER} }, cb)`),
  ],
  [
    'signup: existing username',
    run(`c.dbConnection.signup({ connection: 'db-with-username', ${NEW_USER}, username: 'carol' }, cb)`),
  ],
  ['signup: unknown connection', run(`c.dbConnection.signup({ connection: 'nope', ${NEW_USER} }, cb)`)],
  ['webAuth.signup', run(`webAuth.signup({ ${DB}, ${NEW_USER} }, cb)`)],
  [
    'changePassword: existing user',
    run(
      `c.dbConnection.changePassword({ ${DB}, email: ' alice@example.com ', password: 'ignored', captcha: 'c' }, cb)`,
    ),
    { state: 'base-state' },
  ],
  ['changePassword: unknown user', run(`c.dbConnection.changePassword({ ${DB}, email: 'nobody@example.com' }, cb)`)],
  [
    'changePassword: unknown connection',
    run("c.dbConnection.changePassword({ connection: 'nope', email: 'alice@example.com' }, cb)"),
  ],
  ['webAuth.changePassword', run(`webAuth.changePassword({ ${DB}, email: 'bob@example.com' }, cb)`)],
  [
    'signupAndAuthorize: success',
    flow(`webAuth.signupAndAuthorize({ ${DB}, ${NEW_USER}, scope: 'openid email' }, cb)`),
  ],
  [
    'signupAndAuthorize: with username',
    flow(`webAuth.signupAndAuthorize({ connection: 'db-with-username', ${NEW_USER}, username: 'dora' }, cb)`),
  ],
  [
    'signupAndAuthorize: signup fails',
    flow(`webAuth.signupAndAuthorize({ ${DB}, email: 'alice@example.com', password: 'Another-Passw0rd!' }, cb)`),
  ],
  [
    'signupAndAuthorize: login refused (organization)',
    flow(`webAuth.signupAndAuthorize({ ${DB}, ${NEW_USER}, organization: 'org_acme0000000001' }, cb)`),
  ],
];

export const DB_SCENARIOS: Scenario[] = [
  ...ARGUMENT_ERRORS.map(([name, expressions]) => argErrors(name, expressions)),
  ...REQUESTS.map(([name, body, overrides]) => call(`db: ${name}`, body, overrides)),
  // (null options: v10 crashes with a TypeError, we throw the options error; COMPATIBILITY D9, unit-tested.)
  call(
    'webAuth: return values of signupAndAuthorize and passwordlessVerify',
    // What apps use of v10's request handle (its superagent internals are not compared).
    `const h = (r) => (r && typeof r === 'object' ? [r.method, r.url, typeof r.abort, typeof r.getUrl] : typeof r);
     return [h(offline.signupAndAuthorize({ connection: 'db', email: 'a@b.c', password: 'p' }, () => {})),
             h(offline.passwordlessVerify({ connection: 'email', email: 'a@b.c', verificationCode: '1' }, () => {}))];`,
  ),
];
