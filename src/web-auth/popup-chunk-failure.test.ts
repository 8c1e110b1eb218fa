/** A popup chunk that cannot be loaded: the opened window is closed, the callback gets the error. */
import { describe, expect, it, vi } from 'vitest';
import { dispatchMessage, fakeEnv, fakePopup } from '../testing/fake-env.js';
import { testWebAuth } from '../testing/web-auth.js';
import { ChunkLoadError } from './chunk-load-error.js';

vi.mock('./load-capability.js', () => ({
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
});
