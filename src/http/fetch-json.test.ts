import { describe, expect, it } from 'vitest';
import { AuthResponseError, WebAuthError } from '../errors.js';
import { fakeEnv, json } from '../testing/fake-env.js';
import { fetchJson, fetchJsonResponse, FETCH_JSON_TIMEOUT_MS } from './fetch-json.js';

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

  it('sends a plain GET with no headers and no cookies beyond same-origin', async () => {
    const env = fakeEnv();
    env.respond = () => json({ keys: [] });
    await fetchJson(env, URL);
    expect(env.fetches).toHaveLength(1);
    const init = env.fetches[0]!.init!;
    expect(Object.keys(init)).toEqual(['signal']); // fetch's defaults: GET, no headers, same-origin credentials
  });

  it('returns the Cache-Control header beside the body', async () => {
    const env = fakeEnv();
    env.respond = () =>
      new Response('{"keys":[]}', { headers: { 'content-type': 'application/json', 'cache-control': 'max-age=60' } });
    expect(await fetchJsonResponse(env, URL)).toEqual({ body: { keys: [] }, cacheControl: 'max-age=60' });
  });

  it.each([
    ['text/html', '{"keys":[]}'],
    ['application/json', '{"keys":'],
    ['application/json', ''],
  ])('reads a %s body %j as no key set (null)', async (type, text) => {
    const env = fakeEnv();
    env.respond = () => new Response(text, { headers: { 'content-type': type } });
    expect(await fetchJson(env, URL)).toBeNull();
  });

  it('rejects an error status with its status text (the status when there is none), leaving no timer', async () => {
    const env = fakeEnv();
    env.respond = () => new Response('oops', { status: 503, statusText: 'Service Unavailable' });
    await expect(fetchJson(env, URL)).rejects.toThrow('Service Unavailable');
    env.respond = () => json({ error: 'x' }, 404);
    await expect(fetchJson(env, URL)).rejects.toThrow('404');
    expect(env.timers.size).toBe(0);
  });

  it('rejects a network failure as "Request has been terminated", keeping the cause', async () => {
    const env = fakeEnv();
    const failure = new TypeError('Failed to fetch');
    env.respond = () => Promise.reject(failure);
    const err = await fetchJson(env, URL).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebAuthError);
    expect(err).toMatchObject({ message: 'Request has been terminated', cause: failure });
    expect(env.timers.size).toBe(0);
  });

  it('gives up on a stalled endpoint after 5 s (the limit jose gives a remote key set) with a typed timeout error, and aborts the request', async () => {
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
