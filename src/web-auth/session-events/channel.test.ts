/**
 * Session events between tabs: a page of the app (a WebAuth on a fake browser, with Node's real
 * BroadcastChannel) and "another tab", a raw channel of the same name that posts and records.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPageRefreshToken, readRefreshToken } from '../../flow/refresh-token-cache.js';
import type { DpopWiring } from '../../flow/context.js';
import { boundTokenSigner, rememberBoundToken } from '../../http/bound-tokens.js';
import { clearJwksMemoryCache } from '../../id-token/jwks.js';
import { codeSignIn } from '../../testing/code-sign-in.js';
import { fakeEnv, json, requestBody, sent, type FakeEnv } from '../../testing/fake-env.js';
import { claimsFor, makeKeys, type TestKeys } from '../../testing/tokens.js';
import { contextOf, testWebAuth } from '../../testing/web-auth.js';
import type { SessionEvent } from '../../types.js';
import type { WebAuth } from '../web-auth.js';
import { channelName, readMessage } from './channel.js';

const TENANT = 'https://me.auth0.com';
let keys: TestKeys;
let env: FakeEnv;
let cleanup: (() => void)[];

/** A code-flow app keeping its refresh token in the page's memory (the default `cacheLocation`). */
const app = () => testWebAuth(env, { responseType: 'code', usePKCE: true, useRefreshTokens: true });

/** The other tab: what it received, and a way to post as it. */
function otherTab(webAuth: WebAuth) {
  const channel = new BroadcastChannel(channelName(contextOf(webAuth)));
  const received: unknown[] = [];
  channel.onmessage = (event) => received.push(event.data);
  cleanup.push(() => channel.close());
  return { received, post: (message: unknown) => channel.postMessage(message) };
}

/** Registers a recording listener and waits until the page listens. */
async function listen(webAuth: WebAuth) {
  const heard: SessionEvent[] = [];
  const stop = await webAuth.onSessionEvent((event) => heard.push(event));
  cleanup.push(stop);
  return { heard, stop };
}

beforeEach(async () => {
  clearJwksMemoryCache();
  cleanup = [];
  env = fakeEnv();
  keys ??= await makeKeys();
  env.respond = async (url, init) => {
    if (url === `${TENANT}/.well-known/jwks.json`) return json(keys.jwks);
    if (url === `${TENANT}/oauth/revoke`) return json({});
    if (url !== `${TENANT}/oauth/token`) return new Response('not found', { status: 404 });
    const body = requestBody(init);
    const nonce =
      body.grant_type === 'authorization_code' ? new URL(env.navigations[0]!).searchParams.get('nonce') : undefined;
    return json({
      access_token: 'AT-secret',
      id_token: await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', nonce ? { nonce } : {})),
      refresh_token: 'RT-secret',
      token_type: 'Bearer',
    });
  };
});

afterEach(() => {
  for (const step of cleanup) step();
  forgetPageRefreshToken(contextOf(app()));
});

describe('readMessage: the wire format', () => {
  it('takes the three types that cross, with a numeric time and a string or no sub, as a new object of those fields', () => {
    for (const type of ['signed_in', 'renewed', 'signed_out'])
      expect(readMessage({ type, time: 5, sub: 'auth0|a', accessToken: 'x' })).toEqual({
        type,
        time: 5,
        sub: 'auth0|a',
      });
    const read = readMessage({ type: 'signed_out', time: 1 })!;
    expect(Object.keys(read).sort()).toEqual(['sub', 'time', 'type']);
    expect(read.sub).toBeUndefined();
  });

  it('ignores anything else', () => {
    for (const data of [
      null,
      'signed_out',
      { type: 'user_changed', time: 1, sub: 'a' }, // decided by the hearing tab, never sent
      { type: 'signed_in', time: '1', sub: 'a' },
      { type: 'signed_in', sub: 'a' },
      { type: 'signed_in', time: 1, sub: 7 },
      { type: 'toString', time: 1 },
    ])
      expect(readMessage(data)).toBeUndefined();
  });

  it('names the channel after the origin, domain and client ID', () => {
    expect(channelName(contextOf(app()))).toBe('webauth-js.session:["https://app.example.com","me.auth0.com","CID"]');
  });
});

describe('what a page tells the other tabs', () => {
  it('sign-in, renewal and sign-out: the type, the time and the sub, and nothing else', async () => {
    const webAuth = app();
    const other = otherTab(webAuth);
    await listen(webAuth);
    const time = env.clock; // logout's wait for the revocation moves the fake clock on afterwards
    await codeSignIn(env, webAuth);
    await webAuth.checkSession({});
    webAuth.logout();
    await vi.waitFor(() => expect(other.received).toHaveLength(3));
    expect(other.received).toEqual([
      { type: 'signed_in', time, sub: 'auth0|alice' },
      { type: 'renewed', time, sub: 'auth0|alice' },
      { type: 'signed_out', time, sub: 'auth0|alice' },
    ]);
    for (const message of other.received)
      expect(Object.keys(message as object).sort()).toEqual(['sub', 'time', 'type']);
    expect(JSON.stringify(other.received)).not.toMatch(/secret|eyJ/);
  });

  it('nothing from an instance without a listener, and nothing once its listener is removed', async () => {
    const opened: string[] = [];
    env.broadcastChannel = (name) => (opened.push(name), new BroadcastChannel(name));
    const webAuth = app();
    await codeSignIn(env, webAuth);
    expect(opened).toEqual([]);
    expect(contextOf(webAuth).sessionEvents).toBeUndefined();
    const { stop } = await listen(webAuth);
    expect(opened).toHaveLength(1);
    stop();
    expect(contextOf(webAuth).sessionEvents).toBeUndefined();
  });

  it('where BroadcastChannel is missing: listening resolves, and nothing is told or heard', async () => {
    env.broadcastChannel = () => undefined;
    const webAuth = app();
    const { stop } = await listen(webAuth);
    expect(contextOf(webAuth).sessionEvents).toBeUndefined();
    expect(() => stop()).not.toThrow();
  });

  it('throws for a listener that is not a function', () => {
    expect(() => app().onSessionEvent('x' as never)).toThrow(
      expect.objectContaining({ name: 'ArgumentError', message: 'listener parameter is not valid' }),
    );
  });
});

describe('what a page hears', () => {
  it('never its own events, whichever of its instances made them; another tab’s, in order', async () => {
    const first = app();
    const second = app();
    const other = otherTab(first);
    await listen(first);
    const { heard } = await listen(second);
    await codeSignIn(env, first);
    await vi.waitFor(() => expect(other.received).toHaveLength(1));
    other.post({ type: 'renewed', time: 1, sub: 'auth0|alice' });
    // Messages from one channel arrive in order: when the later one is heard, the earlier was not sent here.
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard).toEqual([{ type: 'renewed', time: 1, sub: 'auth0|alice' }]);
  });

  it('a sign-out elsewhere: the in-memory refresh token is gone before the listener runs, and checkSession has none', async () => {
    const webAuth = app();
    const ctx = contextOf(webAuth);
    const other = otherTab(webAuth);
    const held: unknown[] = [];
    await webAuth.onSessionEvent(() => void readRefreshToken(ctx).then((entry) => held.push(entry)));
    await codeSignIn(env, webAuth);
    expect(await readRefreshToken(ctx)).toMatchObject({ token: 'RT-secret', sub: 'auth0|alice' });
    other.post({ type: 'signed_out', time: 2, sub: 'auth0|alice' });
    await vi.waitFor(() => expect(held).toEqual([undefined]));
    const before = sent(env).length;
    await expect(webAuth.checkSession({})).rejects.toMatchObject({ error: 'login_required' });
    expect(sent(env).slice(before)).toEqual([]); // no grant with a forgotten token
  });

  it('reports a sign-in of someone else as user_changed, and forgets the old user’s refresh token', async () => {
    const webAuth = app();
    const ctx = contextOf(webAuth);
    const other = otherTab(webAuth);
    const { heard } = await listen(webAuth);
    await codeSignIn(env, webAuth); // this page knows auth0|alice
    other.post({ type: 'signed_in', time: 3, sub: 'auth0|alice' });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(await readRefreshToken(ctx)).toBeDefined(); // the same user: nothing is forgotten
    other.post({ type: 'signed_in', time: 4, sub: 'auth0|bob' });
    other.post({ type: 'renewed', time: 5, sub: 'auth0|bob' });
    other.post({ type: 'signed_out', time: 6, sub: 'auth0|bob' });
    other.post({ type: 'signed_in', time: 7, sub: 'auth0|carol' });
    await vi.waitFor(() => expect(heard).toHaveLength(5));
    expect(heard).toEqual([
      { type: 'signed_in', time: 3, sub: 'auth0|alice' },
      { type: 'user_changed', time: 4, sub: 'auth0|bob' },
      { type: 'renewed', time: 5, sub: 'auth0|bob' },
      { type: 'signed_out', time: 6, sub: 'auth0|bob' },
      // After a sign-out the page knows no user: the next one signs in.
      { type: 'signed_in', time: 7, sub: 'auth0|carol' },
    ]);
    expect(await readRefreshToken(ctx)).toBeUndefined();
  });

  it('with DPoP: a sign-out elsewhere clears the key and the bound tokens; a user change only the bound tokens', async () => {
    const webAuth = app();
    const ctx = contextOf(webAuth);
    const clear = vi.fn(() => Promise.resolve());
    const signer = (() => ({ sign: async () => ({}), retries: () => false })) as unknown as DpopWiring['signer'];
    ctx.dpop = { helper: { clear } as unknown as DpopWiring['helper'], signer, newKey: () => Promise.resolve() };
    const other = otherTab(webAuth);
    const { heard } = await listen(webAuth);
    other.post({ type: 'signed_in', time: 1, sub: 'auth0|alice' });
    rememberBoundToken('bound-1', signer);
    other.post({ type: 'signed_in', time: 2, sub: 'auth0|bob' });
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(boundTokenSigner('bound-1')).toBeUndefined();
    expect(clear).not.toHaveBeenCalled(); // the new user's key, stored by the other tab, stays
    rememberBoundToken('bound-2', signer);
    other.post({ type: 'signed_out', time: 3, sub: 'auth0|bob' });
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    expect(boundTokenSigner('bound-2')).toBeUndefined();
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('ignores messages that are not events', async () => {
    const webAuth = app();
    const other = otherTab(webAuth);
    const { heard } = await listen(webAuth);
    other.post({ type: 'user_changed', time: 1, sub: 'x' });
    other.post('signed_out');
    other.post({ type: 'signed_out', time: 2 });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard).toEqual([{ type: 'signed_out', time: 2, sub: undefined }]);
  });
});
