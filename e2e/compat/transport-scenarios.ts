/**
 * Failures the tenant does not produce on purpose (reference §2.4, §2.6): the request reaches the
 * tenant and is recorded, then the browser gets a replaced answer (5xx JSON or text, a 4xx text
 * body, an empty or odd 2xx) or a network failure. The callback values must match.
 */
import { call, replaceResponse, type Scenario } from './scenario.js';

type Answer = Parameters<typeof replaceResponse>[1];

const LOGIN =
  "return callback((cb) => c.login({ username: 'alice@example.com', password: 'x', realm: 'Username-Password-Authentication' }, cb));";
const COUNTRY = 'return callback((cb) => c.getUserCountry(cb));';
const START =
  "return callback((cb) => c.passwordless.start({ connection: 'email', send: 'code', email: 'pat@example.com' }, cb));";
const SIGNUP =
  "return callback((cb) => c.dbConnection.signup({ connection: 'Username-Password-Authentication', email: 'x@example.com', password: 'Str0ng!Passphrase-9' }, cb));";
const USERINFO = "return callback((cb) => c.userInfo('token', cb));";
const MANAGEMENT = "return callback((cb) => new lib.Management({ domain, token: 't' }).getUser('auth0|alice', cb));";
const CO_LOGIN =
  "return callback((cb) => webAuth.login({ realm: 'Username-Password-Authentication', username: 'alice@example.com', password: 'x' }, cb));";

const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });
const text = (status: number, body: string, contentType = 'text/plain'): Answer => ({ status, contentType, body });

/** [name, tenant path, replaced answer, page code, WebAuth options]. */
const CASES: [string, string, Answer, string, Record<string, unknown>?][] = [
  ['500 JSON on /oauth/token', '/oauth/token', json(500, { error: 'server_error', error_description: 'boom' }), LOGIN],
  ['503 text on /oauth/token', '/oauth/token', text(503, 'Service Unavailable'), LOGIN],
  ['502 HTML on /user/geoloc/country', '/user/geoloc/country', text(502, '<h1>Bad gateway</h1>', 'text/html'), COUNTRY],
  ['400 text on /passwordless/start', '/passwordless/start', text(400, 'bad request'), START],
  [
    '429 JSON on /dbconnections/signup',
    '/dbconnections/signup',
    json(429, { error: 'too_many_requests', error_description: 'Slow down' }),
    SIGNUP,
  ],
  [
    'error with codes and details',
    '/oauth/token',
    json(400, { error: 'x', error_codes: [1, 2], error_details: ['a'], details: 'd', name: 'Named' }),
    LOGIN,
  ],
  [
    'error with err object',
    '/dbconnections/signup',
    json(400, { err: { code: 'inner', description: 'inner text' } }),
    SIGNUP,
  ],
  [
    'error with only error_code and details',
    '/passwordless/start',
    json(403, { error_code: 'ec', details: { a: 1 } }),
    START,
  ],
  ['network failure', '/user/geoloc/country', 'abort', COUNTRY],
  ['network failure on /co/authenticate', '/co/authenticate', 'abort', CO_LOGIN],
  [
    '500 JSON on /co/authenticate',
    '/co/authenticate',
    json(500, { error: 'server_error', error_description: 'boom' }),
    CO_LOGIN,
  ],
  [
    '2xx JSON with an error field is a success',
    '/user/geoloc/country',
    json(200, { error: 'x', country_code: 'FR', nested_key: { inner_key: 1 } }),
    COUNTRY,
  ],
  // (2xx with an empty JSON body: v10 hands back its transport object, we give {}; COMPATIBILITY D10.)
  ['2xx text body', '/oauth/token', text(200, 'plain answer'), LOGIN],
  [
    '2xx JSON with _id',
    '/dbconnections/signup',
    json(200, { _id: 'abc', email_verified: false, list_of: [{ a_b: 1 }] }),
    SIGNUP,
  ],
  ['401 JSON on /userinfo', '/userinfo', json(401, { error: 'invalid_token', error_description: 'bad' }), USERINFO],
  [
    'userinfo result keeps its casing',
    '/userinfo',
    json(200, { sub: 'x', given_name: 'A', app_meta: { k_k: 1 } }),
    USERINFO,
  ],
  ['500 text on Management', '/api/v2/users/auth0|alice', text(500, 'oops'), MANAGEMENT],
  [
    'Management result keeps its casing',
    '/api/v2/users/auth0|alice',
    json(200, { user_id: 'auth0|alice', user_metadata: { a_b: 1 } }),
    MANAGEMENT,
  ],
  [
    '503 retried (_timesToRetryFailedRequests)',
    '/user/geoloc/country',
    text(503, 'busy'),
    COUNTRY,
    { _timesToRetryFailedRequests: 2 },
  ],
];

/** Differences this suite found that COMPATIBILITY.md does not list yet (each to be fixed or listed). */
const KNOWN: Record<string, string> = {};

export const TRANSPORT_SCENARIOS: Scenario[] = CASES.map(([name, path, answer, body, overrides]) => ({
  ...call(`transport: ${name}`, body, overrides, replaceResponse(path, answer)),
  ...(KNOWN[name] ? { knownDifference: KNOWN[name] } : {}),
}));
