/**
 * v10's callback arity (issue 26 §3): an error is `cb(err)`, one argument, and a success
 * `cb(null, result)`; never `cb(err, undefined)`. Code that reads `arguments.length`, or forwards
 * `...args`, sees the difference. The differential suite compares the same count against auth0-js.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CHECK_SESSION_TIMEOUT_MS } from './silent-auth/check-session.js';
import { dispatchMessage, fakeEnv, json, type FakeEnv } from '../testing/fake-env.js';
import { callsOf } from '../testing/fuzz.js';
import { testWebAuth } from '../testing/web-auth.js';

let env: FakeEnv;
beforeEach(() => {
  env = fakeEnv();
});
const denied = () => json({ error: 'access_denied', error_description: 'Wrong email or password.' }, 403);
const userExists = () => json({ code: 'user_exists', description: 'The user already exists.' }, 400);

const errorPaths: [string, (cb: (...args: unknown[]) => void) => void][] = [
  [
    'checkSession login_required',
    (cb) => {
      testWebAuth(env).checkSession({}, cb);
      const frame = env.frames.at(-1)!;
      const state = new URL(frame.url!).searchParams.get('state');
      const response = { error: 'login_required', error_description: 'Login required', state };
      dispatchMessage(env, { type: 'authorization_response', response }, 'https://me.auth0.com', frame.window);
    },
  ],
  [
    'checkSession timeout',
    (cb) => {
      testWebAuth(env).checkSession({}, cb);
      env.advance(CHECK_SESSION_TIMEOUT_MS);
    },
  ],
  ["checkSession responseType 'code'", (cb) => testWebAuth(env).checkSession({ responseType: 'code' }, cb)],
  ['checkSession without redirectUri', (cb) => testWebAuth(env, { redirectUri: '' }).checkSession({}, cb)],
  [
    'client.login denied',
    (cb) => {
      env.respond = denied;
      testWebAuth(env).client.login({ realm: 'db', username: 'a', password: 'p' }, cb as never);
    },
  ],
  [
    'client.userInfo denied',
    (cb) => {
      env.respond = () => json({ error: 'invalid_token' }, 401);
      testWebAuth(env).client.userInfo('AT', cb as never);
    },
  ],
  [
    'passwordlessStart denied',
    (cb) => {
      env.respond = () => json({ error: 'bad.connection', error_description: 'Unknown connection' }, 400);
      testWebAuth(env).passwordlessStart({ connection: 'email', send: 'code', email: 'a@example.com' }, cb as never);
    },
  ],
  [
    'signup, the user exists',
    (cb) => {
      env.respond = userExists;
      testWebAuth(env).signup({ connection: 'db', email: 'a@example.com', password: 'p' }, cb as never);
    },
  ],
  [
    'popup.authorize refused before opening',
    (cb) => testWebAuth(env).popup.authorize({ redirectUri: 'https://u:p@app.example.com/cb' }, cb as never),
  ],
];

describe('callback arity as in v10', () => {
  it.each(errorPaths)('%s calls back with the error alone', async (_name, start) => {
    const calls = await callsOf(start);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBeTruthy();
    expect(calls[0]).toHaveLength(1);
  });

  it('a success is (null, result)', async () => {
    env.respond = () => json({ sub: 'auth0|alice' });
    const calls = await callsOf((cb) => testWebAuth(env).client.userInfo('AT', cb as never));
    expect(calls).toEqual([[null, { sub: 'auth0|alice' }]]);
  });
});
