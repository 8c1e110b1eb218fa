/**
 * Every public method works detached: destructured (`const { authorize } = webAuth`) or promisified
 * (`promisify(webAuth.client.userInfo)`), as apps do; v10 lost `this` there and crashed.
 */
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { Management } from '../management/management.js';
import { fakeEnv, json, sent, type FakeEnv } from '../testing/fake-env.js';
import { testWebAuth } from '../testing/web-auth.js';
import { customEnvironment } from '../types/custom-environment.js';
import { WebAuth } from './web-auth.js';
import type { AnyObject } from '../shared/types.js';
import { loadCapabilities } from '../testing/capabilities.js';

/** The objects whose methods apps detach, on one fresh WebAuth (or Management) over `env`. */
const TARGETS: Record<string, (env: FakeEnv) => AnyObject> = {
  webAuth: (env) => testWebAuth(env),
  'webAuth.client': (env) => testWebAuth(env).client,
  'webAuth.client.dbConnection': (env) => testWebAuth(env).client.dbConnection,
  'webAuth.client.passwordless': (env) => testWebAuth(env).client.passwordless,
  'webAuth.redirect': (env) => testWebAuth(env).redirect,
  'webAuth.popup': (env) => testWebAuth(env).popup,
  'webAuth.crossOriginAuthentication': (env) => testWebAuth(env).crossOriginAuthentication,
  'webAuth.passkey': (env) => testWebAuth(env).passkey,
  management: (env) => new Management({ domain: 'me.auth0.com', token: 'T', [customEnvironment]: env } as never),
};

/** Public method names of `obj`: own and inherited function members, as `obj.name` finds them. */
function methodsOf(obj: AnyObject): string[] {
  const names = new Set<string>();
  for (let p = obj; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const key of Object.getOwnPropertyNames(p)) if (key !== 'constructor' && !key.startsWith('_')) names.add(key);
  }
  return [...names].filter((key) => typeof obj[key] === 'function');
}

/** What a call does right away and what its callback receives within a few ticks. */
async function outcome(call: (cb: (...args: unknown[]) => void) => unknown): Promise<unknown> {
  let called: unknown = 'no callback yet';
  let sync: unknown;
  try {
    const result = call(
      (err) =>
        (called = err
          ? `error ${(err as AnyObject).name ?? ''} ${(err as AnyObject).message ?? (err as AnyObject).error ?? ''}`
          : 'ok'),
    );
    sync = result === undefined ? 'undefined' : typeof result;
    if (result instanceof Promise) result.catch(() => {});
  } catch (e) {
    sync = `threw ${(e as Error).name}: ${(e as Error).message}`;
  }
  await new Promise((r) => setTimeout(r, 5));
  return { sync, called };
}

describe('detached methods', () => {
  // Both runs of a flow find its chunk loaded (issue 32), as the second would anyway.
  beforeAll(() => loadCapabilities('legacy', 'passkeys'));
  for (const [target, make] of Object.entries(TARGETS)) {
    const names = methodsOf(make(fakeEnv()));
    it(`${target} has methods to check`, () => expect(names.length).toBeGreaterThan(0));
    for (const name of names) {
      it(`${target}.${name} behaves the same detached as called on its object`, async () => {
        const args = [{ connection: 'c', email: 'a@b.c', password: 'p' }];
        const bound = make(fakeEnv());
        const onObject = await outcome((cb) => bound[name](...args, cb));
        const { [name]: detached } = make(fakeEnv());
        const alone = await outcome((cb) => detached(...args, cb));
        expect(alone).toEqual(onObject);
        expect(JSON.stringify(alone)).not.toMatch(/of undefined|of null|is not a function/);
      });
    }
  }

  it('destructured authorize and logout navigate', () => {
    const env = fakeEnv();
    const { authorize, logout } = testWebAuth(env);
    authorize({ state: 'S', nonce: 'N' });
    logout({ returnTo: 'https://app.example.com/' });
    expect(env.navigations[0]).toMatch(/^https:\/\/me\.auth0\.com\/authorize\?.*state=S/);
    expect(env.navigations[1]).toMatch(/^https:\/\/me\.auth0\.com\/v2\/logout\?/);
  });

  it('promisified client.userInfo and dbConnection.signup send their requests', async () => {
    const env = fakeEnv();
    env.respond = (url) => json(url.endsWith('/userinfo') ? { sub: 'u1' } : { _id: 'id1', email: 'a@b.c' });
    const webAuth = testWebAuth(env);
    expect(await promisify(webAuth.client.userInfo)('AT')).toEqual({ sub: 'u1' });
    const { signup } = webAuth.client.dbConnection;
    expect(await signup({ connection: 'db', email: 'a@b.c', password: 'p' })).toMatchObject({ email: 'a@b.c' });
    expect(sent(env).map((r) => r.url)).toEqual([
      'https://me.auth0.com/userinfo',
      'https://me.auth0.com/dbconnections/signup',
    ]);
  });

  it('a destructured parseHash reads the page it was built for', async () => {
    const env = fakeEnv('https://app.example.com/callback#error=access_denied&state=S');
    const { parseHash } = testWebAuth(env);
    await expect(promisify(parseHash as (o: object, cb: () => void) => void)({})).rejects.toMatchObject({
      error: 'access_denied',
    });
  });

  it('the prototype still holds the plain methods, and instances may replace theirs', () => {
    expect(WebAuth.prototype.authorize.length).toBe(1);
    const webAuth = testWebAuth(fakeEnv());
    const replaced = () => {};
    webAuth.authorize = replaced;
    expect(webAuth.authorize).toBe(replaced);
    expect(webAuth.authorize).toBe(webAuth.authorize);
    expect(testWebAuth(fakeEnv()).parseHash).not.toBe(WebAuth.prototype.parseHash);
  });
});
