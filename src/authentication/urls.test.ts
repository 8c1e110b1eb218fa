import { describe, expect, it } from 'vitest';
import { encodeTelemetry, telemetryFor } from '../http/telemetry.js';
import { fakeEnv } from '../testing/fake-env.js';
import { customEnvironment } from '../types/custom-environment.js';
import { VERSION } from '../version.js';
import { Authentication } from './authentication.js';

const T = encodeURIComponent(encodeTelemetry({ name: 'auth0.js', version: VERSION }));
const client = (options: Record<string, unknown> = {}) => {
  const env = fakeEnv();
  return {
    env,
    auth: new Authentication({
      domain: 'me.auth0.com',
      clientID: 'CID',
      [customEnvironment]: env,
      ...options,
    } as never),
  };
};

describe('telemetry', () => {
  it('matches v10 encoding (url-safe alphabet, padding kept)', () => {
    expect(encodeTelemetry({ name: 'auth0.js', version: '10.2.1' })).toBe(
      'eyJuYW1lIjoiYXV0aDAuanMiLCJ2ZXJzaW9uIjoiMTAuMi4xIn0=',
    );
  });
  it('keeps the low byte of each code unit beyond Latin-1, as v10 did, instead of throwing', () => {
    // é (0xe9) stays; € (0x20ac) becomes 0xac.
    expect(encodeTelemetry({ n: 'é€' })).toBe('eyJuIjoi6awifQ==');
  });
  it('adds our version to env when _telemetryInfo is given, and is off with _sendTelemetry false', () => {
    const value = telemetryFor({ _telemetryInfo: { name: 'lock.js', version: '12.0.0', env: { foo: '1' } } })!;
    expect(JSON.parse(atob(value.replace(/-/g, '+').replace(/_/g, '/')))).toEqual({
      name: 'lock.js',
      version: '12.0.0',
      env: { foo: '1', 'auth0.js': VERSION },
    });
    expect(telemetryFor({ _sendTelemetry: false })).toBeUndefined();
  });
});

describe('buildAuthorizeUrl', () => {
  it('builds the v10 URL: base keys first, caller keys, auth0Client last', () => {
    const { auth } = client();
    const url = auth.buildAuthorizeUrl({
      responseType: 'token id_token',
      redirectUri: 'https://app.example.com/cb',
      state: 'S',
      nonce: 'N',
      connection_scope: ['a', 'b'],
      login_hint: 'x',
      prompt: 'login',
      maxAge: 10,
      appState: { secret: 1 },
    });
    expect(url).toBe(
      'https://me.auth0.com/authorize?client_id=CID&response_type=token%20id_token&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb' +
        `&state=S&nonce=N&connection_scope=a%2Cb&login_hint=x&prompt=login&max_age=10&auth0Client=${T}`,
    );
  });
  it.each([
    [{ clientID: 1 }, 'clientID option is required'],
    [{ redirectUri: 1, responseType: 'code' }, 'redirectUri option is required'],
    [{}, 'responseType option is required'],
    [{ responseType: 'id_token' }, 'nonce option is required'],
    [{ responseType: 'code', scope: 1 }, 'scope option is required'],
    [{ responseType: 'code', audience: 1 }, 'audience option is required'],
  ])('%j throws %s', (options, message) => {
    expect(() => client().auth.buildAuthorizeUrl(options as never)).toThrow(message);
  });
  it('needs no nonce for code id_token, and warns about unknown parameters unless disabled', () => {
    const { auth, env } = client();
    expect(auth.buildAuthorizeUrl({ responseType: 'code id_token', captcha: 'c', fooBar: 1 })).toContain('foo_bar=1');
    expect(env.warnings).toEqual([
      ['Following parameters are not allowed on the `/authorize` endpoint: [captcha,foo_bar]'],
    ]);
    const quiet = client({ _disableDeprecationWarnings: true });
    quiet.auth.buildAuthorizeUrl({ responseType: 'code', captcha: 'c' });
    expect(quiet.env.warnings).toEqual([]);
  });
});

describe('buildLogoutUrl', () => {
  it('keeps returnTo casing and appends a bare federated flag', () => {
    const { auth } = client();
    expect(auth.buildLogoutUrl({ returnTo: 'https://app.example.com/', federated: true })).toBe(
      `https://me.auth0.com/v2/logout?client_id=CID&returnTo=https%3A%2F%2Fapp.example.com%2F&auth0Client=${T}&federated`,
    );
    expect(auth.buildLogoutUrl()).toBe(`https://me.auth0.com/v2/logout?client_id=CID&auth0Client=${T}`);
    expect(auth.buildLogoutUrl({ federated: 'false' as never })).not.toContain('federated');
    expect(() => auth.buildLogoutUrl('x' as never)).toThrow('options parameter is not valid');
  });
});

describe('buildAuthorizeUrl with secrets', () => {
  it('drops password, otp and the client secret from the URL, with a warning', () => {
    const { env, auth } = client();
    const url = new URL(
      auth.buildAuthorizeUrl({
        responseType: 'code',
        redirectUri: 'https://app.example.com/cb',
        state: 'S',
        password: 'hunter2',
        otp: '123456',
        clientSecret: 'shh',
        connection: 'db',
      } as never),
    );
    expect(url.search).not.toMatch(/hunter2|123456|shh/);
    expect([...url.searchParams.keys()]).toEqual([
      'client_id',
      'response_type',
      'redirect_uri',
      'state',
      'connection',
      'auth0Client',
    ]);
    expect(env.warnings).toEqual([
      ['Secrets are never sent in the /authorize URL; dropped: [password,otp,client_secret]'],
    ]);
  });
});

describe('domain', () => {
  const rootUrl = (domain: string) => client({ domain }).auth.baseOptions.rootUrl;
  it('is a host name even when it starts with "http"', () => {
    expect(rootUrl('httpcats.example.com')).toBe('https://httpcats.example.com');
    expect(rootUrl('HTTPS.example.com')).toBe('https://HTTPS.example.com');
    expect(client({ domain: 'httpcats.example.com' }).auth.buildLogoutUrl()).toMatch(
      /^https:\/\/httpcats\.example\.com\/v2\/logout\?/,
    );
  });
  it('may be a URL: https for any host, http for loopback hosts only', () => {
    for (const url of [
      'https://tenant.example.com',
      'http://localhost:3000',
      'http://127.0.0.1:5000',
      'http://127.8.9.10',
      'http://[::1]:8080',
    ]) {
      expect(rootUrl(url)).toBe(url);
    }
    for (const url of [
      'http://tenant.example.com',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com',
      'HTTP://10.0.0.1',
    ]) {
      expect(() => rootUrl(url), url).toThrow('domain option is not valid: http is only allowed for loopback hosts');
    }
    expect(() => rootUrl('https://')).toThrow('domain option is not valid');
  });
});
