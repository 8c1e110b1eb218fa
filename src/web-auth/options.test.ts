import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../errors.js';
import { customEnvironment } from '../types/custom-environment.js';
import { fakeEnv } from '../testing/fake-env.js';
import { WebAuth } from './web-auth.js';

const make = (options: Record<string, unknown>) => () =>
  new WebAuth({ [customEnvironment]: fakeEnv(), ...options } as never);
const base = { domain: 'me.auth0.com', clientID: 'CID' };

describe('WebAuth options', () => {
  it.each([
    [undefined, 'options parameter is not valid'],
    ['x', 'options parameter is not valid'],
    [{}, 'domain option is required'],
    [{ domain: 'd' }, 'clientID option is required'],
    [{ ...base, responseType: 1 }, 'responseType is not valid'],
    [{ ...base, responseMode: 1 }, 'responseMode is not valid'],
    [{ ...base, redirectUri: 1 }, 'redirectUri is not valid'],
    [{ ...base, scope: 1 }, 'scope is not valid'],
    [{ ...base, audience: 1 }, 'audience is not valid'],
    [{ ...base, popupOrigin: 1 }, 'popupOrigin is not valid'],
    [{ ...base, leeway: '1' }, 'leeway is not valid'],
    [{ ...base, plugins: 'p' }, 'plugins is not valid'],
    [{ ...base, maxAge: '1' }, 'maxAge is not valid'],
    [{ ...base, stateExpiration: '1' }, 'stateExpiration is not valid'],
    [{ ...base, legacySameSiteCookie: 'no' }, 'legacySameSiteCookie option is not valid'],
    [{ ...base, _disableDeprecationWarnings: 1 }, '_disableDeprecationWarnings option is not valid'],
    [{ ...base, _sendTelemetry: 'no' }, '_sendTelemetry option is not valid'],
    [{ ...base, _telemetryInfo: 'x' }, '_telemetryInfo option is not valid'],
    [{ ...base, _timesToRetryFailedRequests: '2' }, '_timesToRetryFailedRequests option is not valid'],
    [{ ...base, overrides: 'x' }, 'overrides option is not valid'],
    [{ ...base, overrides: { __tenant: 1 } }, '__tenant option is required'],
    [{ ...base, overrides: { __token_issuer: 1 } }, '__token_issuer option is required'],
    [{ ...base, overrides: { __jwks_uri: 1 } }, '__jwks_uri is required'],
  ])('%j throws %s', (options, message) => {
    const create =
      options === undefined || typeof options === 'string' ? () => new WebAuth(options as never) : make(options);
    expect(create).toThrow(ArgumentError);
    expect(create).toThrow(new RegExp(`^${message.replace(/[$_]/g, '\\$&')}$`));
  });

  it('skips type checks of falsy optional values, as v10 does', () => {
    expect(make({ ...base, leeway: 0, responseType: '', _sendTelemetry: false, plugins: {} })).not.toThrow();
  });

  it('derives v10 fields on the caller object', () => {
    const options: Record<string | symbol, unknown> = {
      ...base,
      _timesToRetryFailedRequests: 2.7,
      jwksURI: 'ignored',
      [customEnvironment]: fakeEnv(),
    };
    const webAuth = new WebAuth(options as never);
    expect(webAuth.baseOptions).toBe(options);
    expect(options).toMatchObject({
      tenant: 'me',
      token_issuer: 'https://me.auth0.com/',
      jwksURI: undefined,
      legacySameSiteCookie: true,
      _sendTelemetry: true,
      _timesToRetryFailedRequests: 2,
      rootUrl: 'https://me.auth0.com',
      universalLoginPage: true,
    });
  });

  it('applies overrides', () => {
    const webAuth = make({
      ...base,
      overrides: { __tenant: 't', __token_issuer: 'https://i/', __jwks_uri: 'https://j' },
    })();
    expect(webAuth.baseOptions).toMatchObject({ tenant: 't', token_issuer: 'https://i/', jwksURI: 'https://j' });
  });
});
