/**
 * Management (reference §3.3, §6): argument errors and the /api/v2 requests with a user's token
 * (obtained with the password-realm grant for the Management API audience).
 */
import { ALICE_REALM, argErrors, call, type Scenario } from './scenario.js';

const SCOPES = 'openid read:current_user update:current_user_metadata update:current_user_identities';

/** Page code: `m` is a Management client with alice's token, `bob` bob's ID token. */
const withManagement = (body: string) => `
  const token = (o) => new Promise((ok, ko) => c.login(o, (e, r) => (e ? ko(new Error(JSON.stringify(e))) : ok(r))));
  const alice = await token({ ...${ALICE_REALM}, audience: 'https://' + domain + '/api/v2/', scope: '${SCOPES}' });
  const m = new lib.Management({ domain, token: alice.accessToken });
  const bob = await token({ username: 'bob@example.com', password: 'Passw0rd!bob', realm: 'Username-Password-Authentication', scope: 'openid' });
  ${body}`;

const run = (expr: string) => withManagement(`return callback((cb) => ${expr});`);

const REQUESTS: [string, string][] = [
  ['getUser: self', run("m.getUser('auth0|alice', cb)")],
  ['getUser: another user (403)', run("m.getUser('auth0|bob', cb)")],
  ['patchUserMetadata', run("m.patchUserMetadata('auth0|alice', { theme: 'dark', camelKey: { innerKey: 1 } }, cb)")],
  [
    'patchUserAttributes: metadata',
    run("m.patchUserAttributes('auth0|alice', { user_metadata: { lang: 'en' }, email: ' ignored@example.com ' }, cb)"),
  ],
  [
    'patchUserAttributes: refused field',
    run("m.patchUserAttributes('auth0|alice', { app_metadata: { admin: true } }, cb)"),
  ],
  ['linkUser: bob into alice', run("m.linkUser('auth0|alice', bob.idToken, cb)")],
  ['linkUser: bad token', run("m.linkUser('auth0|alice', 'not-a-token', cb)")],
  [
    'telemetry off',
    withManagement(
      "return callback((cb) => new lib.Management({ domain, token: alice.accessToken, _sendTelemetry: false }).getUser('auth0|alice', cb));",
    ),
  ],
  [
    'bad token (401)',
    "return callback((cb) => new lib.Management({ domain, token: 'nope' }).getUser('auth0|alice', cb));",
  ],
];

export const MANAGEMENT_SCENARIOS: Scenario[] = [
  argErrors('Management methods', [
    "new lib.Management({ domain, token: 't' }).getUser(1, cb)",
    "new lib.Management({ domain, token: 't' }).getUser('u', 'cb')",
    "new lib.Management({ domain, token: 't' }).patchUserMetadata(1, {}, cb)",
    "new lib.Management({ domain, token: 't' }).patchUserMetadata('u', 'x', cb)",
    "new lib.Management({ domain, token: 't' }).patchUserMetadata('u', {}, 1)",
    "new lib.Management({ domain, token: 't' }).patchUserAttributes(null, {}, cb)",
    "new lib.Management({ domain, token: 't' }).patchUserAttributes('u', 1, cb)",
    "new lib.Management({ domain, token: 't' }).linkUser(1, 't', cb)",
    "new lib.Management({ domain, token: 't' }).linkUser('u', 1, cb)",
    "new lib.Management({ domain, token: 't' }).linkUser('u', 't', {})",
    "/*A1*/ new lib.Management({ domain: '127.0.0.1:1', token: 't' }).getUser('u')",
  ]),
  ...REQUESTS.map(([name, body]) => call(`management: ${name}`, body)),
];
