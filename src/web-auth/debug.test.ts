import { beforeEach, describe, expect, it } from 'vitest';
import { ArgumentError } from '../errors.js';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import type { DebugEvent } from '../types.js';
import { dispatchMessage, fakeEnv, type FakeEnv } from '../testing/fake-env.js';
import { atHash, claimsFor, makeKeys, serveJwks, type TestKeys } from '../testing/tokens.js';
import { contextOf, testWebAuth } from '../testing/web-auth.js';
import { checkSession } from './silent-auth/check-session.js';
import type { WebAuth } from './web-auth.js';

const TENANT = 'https://me.auth0.com';
const ISSUER = `${TENANT}/`;
let keys: TestKeys;
let env: FakeEnv;
let events: DebugEvent[];
const debug = (event: DebugEvent) => events.push(event);

const parse = (auth: WebAuth, hash: string) =>
  new Promise<any>((resolve) => auth.parseHash({ hash }, (err) => resolve(err)));

function login(auth: WebAuth) {
  auth.authorize();
  const url = new URL(env.navigations.at(-1)!);
  return { state: url.searchParams.get('state')!, nonce: url.searchParams.get('nonce')! };
}

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  keys ??= await makeKeys();
  serveJwks(env, `${TENANT}/.well-known/jwks.json`, keys);
  events = [];
});

describe('debug option', () => {
  it('rejects a debug that is not a function with v10-style option error', () => {
    expect(() => testWebAuth(env, { debug: 'yes' })).toThrow(ArgumentError);
    expect(() => testWebAuth(env, { debug: 'yes' })).toThrow(/^debug option is not valid$/);
  });

  it('traces authorize and parseHash decisions without any token, code or nonce value', async () => {
    const auth = testWebAuth(env, { debug, responseType: 'id_token' });
    const { state, nonce } = login(auth);
    const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce, at_hash: atHash('AT-SECRET') }));
    expect(await parse(auth, `#access_token=AT-SECRET&id_token=${idToken}&state=${state}`)).toBeNull();
    const { state: state2, nonce: nonce2 } = login(auth);
    const badToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce: 'other-nonce' }));
    const err = await parse(auth, `#id_token=${badToken}&code=CODE-SECRET&state=${state2}`);
    expect(err.error).toBe('invalid_token');
    expect(await parse(auth, `#id_token=${badToken}&state=wrong`)).toMatchObject({ error: 'invalid_token' });

    expect(events.map((e) => `${e.flow}:${e.step}`)).toEqual([
      'authorize:transaction-stored',
      'parseHash:state-matched',
      'idToken:key',
      'authorize:transaction-stored',
      'parseHash:state-matched',
      'idToken:key',
      'idToken:rejected',
      'parseHash:state-mismatch',
    ]);
    expect(events[0]!.detail).toEqual({ state: true, nonce: true });
    // `authorize` loaded the key set (for the callback page), so the first check finds it in memory.
    expect(events[2]!.detail).toEqual({ kid: 'k1', from: 'memory' });
    expect(events[5]!.detail).toEqual({ kid: 'k1', from: 'memory' });
    expect(events[6]!.detail).toEqual({ claim: 'nonce' });
    expect(events[7]!.detail).toEqual({ transactionFound: false, responseHasState: true });
    const text = JSON.stringify(events);
    for (const secret of [idToken, badToken, 'AT-SECRET', 'CODE-SECRET', nonce, nonce2, 'other-nonce', state]) {
      expect(text).not.toContain(secret);
    }
  });

  it('traces the accepted web message and the timeout', () => {
    const ctx = contextOf(testWebAuth(env, { debug }));
    checkSession(ctx, {}, () => {});
    const frame = env.frames.at(-1)!;
    const state = new URL(frame.url!).searchParams.get('state');
    const response = { error: 'login_required', error_description: 'x', state };
    dispatchMessage(env, { type: 'authorization_response', response }, TENANT, frame.window);
    checkSession(ctx, { timeout: 10 }, () => {});
    env.advance(10);
    expect(events.filter((e) => e.flow === 'webMessage')).toEqual([
      {
        flow: 'webMessage',
        step: 'message-accepted',
        detail: { origin: TENANT, error: 'login_required' },
      },
      { flow: 'webMessage', step: 'timeout', detail: { origin: TENANT, error: null } },
    ]);
  });
});

describe('hint on misconfiguration errors', () => {
  const run = (response: Record<string, unknown> | null) => {
    const ctx = contextOf(testWebAuth(env));
    const calls: any[] = [];
    checkSession(ctx, { timeout: 10 }, (err) => calls.push(err));
    const frame = env.frames.at(-1)!;
    const state = new URL(frame.url!).searchParams.get('state');
    if (response)
      dispatchMessage(env, { type: 'authorization_response', response: { ...response, state } }, TENANT, frame.window);
    else env.advance(10);
    return calls[0];
  };

  it('hints at blocked third-party cookies on checkSession login_required, and at the three causes of a timeout', () => {
    expect(run({ error: 'login_required', error_description: 'Login required' }).hint).toBe(
      'third-party cookies may be blocked: serve the tenant from a custom domain of this site',
    );
    // The tenant shows an error page (no answer) for a refused origin or callback URL.
    expect(run(null)).toMatchObject({
      error: 'timeout',
      hint:
        'no answer: origin not in Allowed Web Origins, redirectUri not in Allowed Callback URLs, or ' +
        'third-party cookies may be blocked: serve the tenant from a custom domain of this site',
    });
    expect(run({ error: 'consent_required', error_description: 'c' }).hint).toBeUndefined();
  });

  it("hints at the redirectUri's origin on origin_mismatch (v10's own check, not the tenant's list)", () => {
    const ctx = contextOf(testWebAuth(env));
    const calls: any[] = [];
    checkSession(ctx, { redirectUri: 'https://other.example/cb' }, (err) => calls.push(err));
    expect(calls[0]).toMatchObject({
      error: 'origin_mismatch',
      hint: "redirectUri or popupOrigin is not this page's origin",
    });
  });

  it('hints at Allowed Callback URLs on a redirect_uri error, but not at cookies after a redirect', async () => {
    const auth = testWebAuth(env);
    const err = await parse(auth, '#error=invalid_request&error_description=The%20redirect_uri%20is%20not%20allowed');
    expect(err).toMatchObject({ error: 'invalid_request', hint: expect.stringMatching(/Allowed Callback URLs/) });
    expect((await parse(auth, '#error=login_required&error_description=x')).hint).toBeUndefined();
  });

  it('hints at RS256 for an HS256 ID token', async () => {
    const auth = testWebAuth(env, { responseType: 'id_token' });
    const { state, nonce } = login(auth);
    const payload = claimsFor(env, ISSUER, 'CID', { nonce });
    const token = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.c2ln`;
    const err = await parse(auth, `#id_token=${token}&state=${state}`);
    expect(err).toMatchObject({ error: 'invalid_token', hint: expect.stringMatching(/RS256/) });
    expect(err.errorDescription).toBe(
      'Signature algorithm of "HS256" is not supported. Expected the ID token to be signed with "RS256".',
    );
  });
});
