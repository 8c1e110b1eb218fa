import { describe, expect, it } from 'vitest';
import { AuthResponseError } from '../errors.js';
import { fakeEnv, json } from '../testing/fake-env.js';
import { fetchJson, FETCH_JSON_TIMEOUT_MS } from './fetch-json.js';

const URL = 'https://tenant.example.com/.well-known/jwks.json';
const settled = (promise: Promise<unknown>) => {
  const state: { value?: unknown; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error) => Object.assign(state, { error, done: true }),
  );
  return state;
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('fetchJson', () => {
  it('resolves with the parsed body', async () => {
    const env = fakeEnv();
    env.respond = () => json({ keys: [] });
    expect(await fetchJson(env, URL)).toEqual({ keys: [] });
    expect(env.timers.size).toBe(0); // the timeout is cancelled
  });

  it('gives up on a stalled endpoint after 10 s with a typed timeout error, and aborts the request', async () => {
    const env = fakeEnv();
    env.respond = () => new Promise<Response>(() => {}); // never answers
    const result = settled(fetchJson(env, URL));
    await tick();
    env.advance(FETCH_JSON_TIMEOUT_MS - 1);
    await tick();
    expect(result.done).toBe(false);
    env.advance(1);
    await tick();
    expect(result.error).toBeInstanceOf(AuthResponseError);
    expect({ ...(result.error as object) }).toEqual({
      error: 'timeout',
      errorDescription: `Timeout while fetching the key set from ${URL}`,
    });
    expect((env.fetches[0]!.init!.signal as AbortSignal).aborted).toBe(true);
  });
});

describe('fetchJson without a fetch', () => {
  it('rejects with the transport error and leaves no timer behind when fetch throws synchronously', async () => {
    const env = fakeEnv();
    env.fetch = () => {
      throw new ReferenceError('fetch is not defined');
    };
    await expect(fetchJson(env, URL)).rejects.toThrow('Request has been terminated');
    expect(env.timers.size).toBe(0);
  });
});
