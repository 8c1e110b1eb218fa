/** A popup chunk that cannot be loaded: the opened window is closed, the callback gets the error. */
import { describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../../id-token/jwks.js';
import { dispatchMessage, fakeEnv, fakePopup, json, sent } from '../../testing/fake-env.js';
import { claimsFor, makeKeys } from '../../testing/tokens.js';
import { testWebAuth } from '../../testing/web-auth.js';
import { ChunkLoadError } from '../chunk-load-error.js';

vi.mock('../load-capability.js', () => ({
  loadCapability: (name: string) =>
    Promise.reject(new ChunkLoadError(`The ${name} part of webauth-js could not be loaded: offline`)),
}));

describe('popup chunk not loaded', () => {
  it('popup.authorize: the window opened in the call is closed and the callback gets the ChunkLoadError', async () => {
    const env = fakeEnv();
    const webAuth = testWebAuth(env);
    const calls: unknown[][] = [];
    webAuth.popup.authorize({}, (...args: unknown[]) => void calls.push(args));
    expect(env.opened).toHaveLength(1);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const [err] = calls[0]!;
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(err).toMatchObject({ code: 'chunk_load_failed', error: 'chunk_load_failed' });
    expect(env.opened[0]!.closed).toBe(true);
  });

  it('popup.authorize without a callback rejects with the ChunkLoadError', async () => {
    const env = fakeEnv();
    await expect(testWebAuth(env).popup.authorize({})).rejects.toBeInstanceOf(ChunkLoadError);
    expect(env.opened[0]!.closed).toBe(true);
  });

  it('popup.callback tells the opener, which then reports chunk_load_failed', async () => {
    const env = fakeEnv();
    env.url = 'https://app.example.com/callback#access_token=AT&state=S1';
    const opener = fakePopup();
    env.openerWindow = opener;
    testWebAuth(env).popup.callback();
    await vi.waitFor(() => expect(opener.posted).toHaveLength(1));
    const [message, origin] = opener.posted[0]!;
    expect(origin).toBe('https://app.example.com');
    expect(JSON.parse(message as string)).toEqual({
      a: 'error',
      d: { error: 'chunk_load_failed', error_description: 'The popup part of webauth-js could not be loaded: offline' },
    });
    // Nothing else listens: the opener closes this window.
    expect(env.listeners.size).toBe(0);
    dispatchMessage(env, JSON.stringify({ a: 'request' }), 'https://app.example.com', opener);
    expect(opener.posted).toHaveLength(1);
  });

  it("popup.callback starts loading the fragment's key set at once, beside the chunk, not after it", async () => {
    clearJwksMemoryCache();
    const keys = await makeKeys();
    const env = fakeEnv();
    env.respond = async (url) =>
      url === 'https://me.auth0.com/.well-known/jwks.json' ? json(keys.jwks) : new Response('', { status: 404 });
    const idToken = await keys.sign(claimsFor(env, 'https://me.auth0.com/', 'CID', { nonce: 'n' }));
    env.url = `https://app.example.com/callback#id_token=${idToken}&state=S1`;
    env.openerWindow = fakePopup();
    testWebAuth(env).popup.callback();
    // The chunk never arrives here, and the key set is requested all the same.
    await vi.waitFor(() => expect(sent(env).map((r) => r.url)).toEqual(['https://me.auth0.com/.well-known/jwks.json']));
    // A token from another issuer costs no request.
    clearJwksMemoryCache();
    const other = fakeEnv();
    other.url = `https://app.example.com/callback#id_token=${await keys.sign(claimsFor(other, 'https://evil.example/', 'CID', {}))}`;
    other.openerWindow = fakePopup();
    testWebAuth(other).popup.callback();
    await vi.waitFor(() => expect(other.openerWindow!.posted).toHaveLength(1)); // the chunk's failure, reported
    expect(sent(other)).toEqual([]);
  });
});
