import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../errors.js';
import { customEnvironment } from '../types/custom-environment.js';
import { fakeEnv, json } from '../testing/fake-env.js';
import type { DebugEvent } from '../types.js';
import { Authentication } from './authentication.js';

const CALLBACKS = 'redirectUri not in Allowed Callback URLs';

function setup(respond: () => Response | Promise<Response>, extra: Record<string, unknown> = {}) {
  const env = fakeEnv();
  env.respond = respond;
  const events: DebugEvent[] = [];
  const debug = (event: DebugEvent) => void events.push(event);
  const auth = new Authentication({
    domain: 'me.auth0.com',
    clientID: 'CID',
    debug,
    [customEnvironment]: env,
    ...extra,
  });
  return { auth, events };
}
const settle = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err as any,
  );

describe('Authentication alone with a debug hook', () => {
  it('rejects a debug that is not a function', () => {
    const make = () => new Authentication({ domain: 'me.auth0.com', clientID: 'CID', debug: 1 } as never);
    expect(make).toThrow(ArgumentError);
    expect(make).toThrow(/^debug option is not valid$/);
  });

  it('traces each request by path (no query) and outcome, never a password, token or code', async () => {
    const tokens = { access_token: 'AT-SECRET', id_token: 'IDT-SECRET', refresh_token: 'RT-SECRET' };
    const { auth, events } = setup(() => json(tokens));
    await auth.login({ username: 'ana', password: 'PASSWORD-SECRET', realm: 'db' });
    await auth.oauthToken({ grantType: 'authorization_code', code: 'CODE-SECRET', redirectUri: 'https://app/cb' });
    await auth.userInfo('AT-SECRET');
    expect(events).toEqual([
      { flow: 'request', step: 'answered', detail: { path: 'oauth/token' } },
      { flow: 'request', step: 'answered', detail: { path: 'oauth/token' } },
      { flow: 'request', step: 'answered', detail: { path: 'userinfo' } },
    ]);
    const text = JSON.stringify(events);
    for (const secret of ['PASSWORD-SECRET', 'AT-SECRET', 'IDT-SECRET', 'RT-SECRET', 'CODE-SECRET']) {
      expect(text).not.toContain(secret);
    }
  });

  it('traces a failure with status, error code and hint, without the server text', async () => {
    const body = {
      error: 'invalid_request',
      error_description: 'The redirect_uri "x" is not in the Allowed Callback URLs.',
    };
    const { auth, events } = setup(() => json(body, 400));
    const err = await settle(auth.oauthToken({ grantType: 'authorization_code', code: 'CODE-SECRET' }));
    expect(err).toMatchObject({ code: 'invalid_request', statusCode: 400, hint: CALLBACKS });
    expect(events).toEqual([
      {
        flow: 'request',
        step: 'failed',
        detail: { path: 'oauth/token', status: 400, error: 'invalid_request', hint: CALLBACKS },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain('redirect_uri "x"');
  });

  it('hints without a hook too, and not for errors that are no misconfiguration', async () => {
    const { auth } = setup(() => Promise.reject(new TypeError('Failed to fetch')), { debug: undefined });
    const network = await settle(auth.userInfo('AT'));
    expect(network.hint).toBe('origin not in Allowed Web Origins (or offline)');
    const wrong = setup(() => json({ error: 'invalid_grant', error_description: 'Wrong email or password.' }, 403));
    const err = await settle(wrong.auth.login({ username: 'ana', password: 'pw', realm: 'db' }));
    expect(err).toMatchObject({ code: 'invalid_grant' });
    expect(err.hint).toBeUndefined();
  });
});
