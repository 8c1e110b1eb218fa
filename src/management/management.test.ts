import { describe, expect, it } from 'vitest';
import { fakeEnv, json, sent } from '../testing/fake-env.js';
import { customEnvironment } from '../types/custom-environment.js';
import { Management } from './management.js';

const make = (respond: (url: string) => Response, extra: Record<string, unknown> = {}) => {
  const env = fakeEnv();
  env.respond = respond;
  const management = new Management({
    domain: 'me.auth0.com',
    token: 'TOKEN',
    [customEnvironment]: env,
    ...extra,
  } as never);
  return { env, management };
};

describe('Management', () => {
  it.each([
    [undefined, 'options parameter is not valid'],
    [{ token: 't' }, 'domain option is required'],
    [{ domain: 'd' }, 'token option is required'],
    [{ domain: 'd', token: 't', _sendTelemetry: 'x' }, '_sendTelemetry option is not valid'],
  ])('constructor %j throws %s', (options, message) => {
    expect(() => new Management(options as never)).toThrow(message);
  });

  it('sends the bearer token, percent-encodes the user id and leaves results as received', async () => {
    const { env, management } = make(() => json({ user_id: 'auth0|1', user_metadata: { a_b: 1 } }));
    expect(await management.getUser('auth0|1/../x?y#z')).toEqual({ user_id: 'auth0|1', user_metadata: { a_b: 1 } });
    const request = sent(env)[0]!;
    expect(request.url).toBe('https://me.auth0.com/api/v2/users/auth0%7C1%2F..%2Fx%3Fy%23z');
    expect(request.headers.authorization).toBe('Bearer TOKEN');
    expect(request.headers['auth0-client']).toBeDefined();
  });

  it('patches metadata unconverted and links with the secondary token', async () => {
    const { env, management } = make(() => json([]));
    await management.patchUserMetadata('auth0|1', { favColor: 'blue' });
    await management.linkUser('auth0|1', 'ID_TOKEN');
    expect(sent(env).map((r) => [r.method, r.url, r.body])).toEqual([
      ['PATCH', 'https://me.auth0.com/api/v2/users/auth0%7C1', { user_metadata: { favColor: 'blue' } }],
      ['POST', 'https://me.auth0.com/api/v2/users/auth0%7C1/identities', { link_with: 'ID_TOKEN' }],
    ]);
    expect(() => management.patchUserMetadata('u', 'x' as never, () => {})).toThrow(
      'userMetadata parameter is not valid',
    );
    expect(() => management.linkUser('u', 1 as never, () => {})).toThrow('secondaryUserToken parameter is not valid');
  });
});

describe('user attribute profiles', () => {
  it.each([0, -1, 1.5, NaN, '2'])('rejects take %j before any request', (take) => {
    const { env, management } = make(() => json({}));
    expect(() => management.getUserAttributeProfiles({ take: take as number })).toThrow(
      'take option must be an integer of at least 1',
    );
    expect(() => management.userAttributeProfiles({ take: take as number })).toThrow(
      'take option must be an integer of at least 1',
    );
    expect(env.fetches).toEqual([]);
  });

  it('follows next until the last page, in order', async () => {
    const pages: Record<string, unknown> = {
      '': { user_attribute_profiles: [{ id: 'p1' }, { id: 'p2' }], next: 'c1' },
      c1: { user_attribute_profiles: [{ id: 'p3' }], next: 'c2' },
      c2: { user_attribute_profiles: [{ id: 'p4' }] },
    };
    const { env, management } = make((url) => json(pages[new URL(url).searchParams.get('from') ?? '']));
    const ids: unknown[] = [];
    for await (const profile of management.userAttributeProfiles({ take: 2 })) ids.push(profile.id);
    expect(ids).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(sent(env).map((r) => new URL(r.url).search)).toEqual(['?take=2', '?from=c1&take=2', '?from=c2&take=2']);
  });

  it('stops with an error on a repeated cursor instead of looping', async () => {
    const { management } = make(() => json({ user_attribute_profiles: [{ id: 'p' }], next: 'same' }));
    const ids: unknown[] = [];
    const run = async () => {
      for await (const profile of management.userAttributeProfiles()) ids.push(profile.id);
    };
    await expect(run()).rejects.toThrow(/repeated the cursor "same"/);
    expect(ids).toEqual(['p', 'p']);
  });

  it('reports rate limits on a 429 and retries after the reset when asked to', async () => {
    let calls = 0;
    const limited = (env: ReturnType<typeof fakeEnv>) => () =>
      ++calls === 1
        ? new Response(
            JSON.stringify({
              statusCode: 429,
              error: 'Too Many Requests',
              message: 'Slow down',
              errorCode: 'too_many_requests',
            }),
            {
              status: 429,
              statusText: 'Too Many Requests',
              headers: {
                'content-type': 'application/json',
                'x-ratelimit-limit': '10',
                'x-ratelimit-remaining': '0',
                'x-ratelimit-reset': String(Math.floor(env.clock / 1000) + 3),
              },
            },
          )
        : json({ user_attribute_profiles: [] });
    const plain = make(() => new Response());
    plain.env.respond = limited(plain.env);
    const err = await plain.management.getUserAttributeProfiles().catch((e) => e);
    // v10's mapping: `code` comes from the body's `error` field.
    expect(err).toMatchObject({
      statusCode: 429,
      code: 'Too Many Requests',
      description: 'Too Many Requests',
      rateLimit: { limit: 10, remaining: 0 },
    });
    calls = 0;
    const retrying = make(() => new Response(), { _timesToRetryFailedRequests: 1 });
    retrying.env.respond = limited(retrying.env);
    expect(await retrying.management.getUserAttributeProfiles()).toEqual({ user_attribute_profiles: [] });
    expect(retrying.env.delays).toEqual([3000]);
  });
});

describe('user ids that name another endpoint', () => {
  it.each(['', '.', '..'])('rejects %j before any request, in every method', (userId) => {
    const { env, management } = make(() => json({}));
    const message = 'userId parameter is not valid';
    expect(() => management.getUser(userId, () => {})).toThrow(message);
    expect(() => management.patchUserMetadata(userId, {}, () => {})).toThrow(message);
    expect(() => management.patchUserAttributes(userId, {}, () => {})).toThrow(message);
    expect(() => management.linkUser(userId, 'ID_TOKEN', () => {})).toThrow(message);
    expect(env.fetches).toEqual([]);
  });
  it('still accepts ids that only contain dots', async () => {
    const { env, management } = make(() => json({}));
    await management.getUser('a.b');
    await management.getUser('...');
    expect(sent(env).map((r) => r.url)).toEqual([
      'https://me.auth0.com/api/v2/users/a.b',
      'https://me.auth0.com/api/v2/users/...',
    ]);
  });
});
