/** Option validation: any option object either constructs or throws ArgumentError / ConfigurationError. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Authentication } from '../authentication/authentication.js';
import { ArgumentError, ConfigurationError } from '../errors.js';
import { Management } from '../management/management.js';
import { fakeEnv } from '../testing/fake-env.js';
import { customEnvironment } from '../types/custom-environment.js';
import { WebAuth } from '../web-auth/web-auth.js';
import { fuzzParams } from '../testing/fuzz.js';

const OPTION_NAMES = [
  'domain',
  'clientID',
  'responseType',
  'responseMode',
  'redirectUri',
  'scope',
  'audience',
  'leeway',
  'plugins',
  'popupOrigin',
  'maxAge',
  'stateExpiration',
  'legacySameSiteCookie',
  'cookieDomain',
  'overrides',
  'token',
  'jwksURI',
  'issuer',
  '__tenant',
  '_disableDeprecationWarnings',
  '_sendTelemetry',
  '_telemetryInfo',
  '_timesToRetryFailedRequests',
  'headers',
  'nonce',
  'state',
  'organization',
  'invitation',
  'universalLoginPage',
];
/** Values of every type, with well-formed ones often enough to get past the first check. */
const value = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom(
    'me.auth0.com',
    'CID',
    'token id_token',
    'code',
    1,
    0,
    -1,
    301,
    2.5,
    NaN,
    true,
    { __tenant: 't' },
    [],
    null,
  ),
);
const options = fc.oneof(
  fc.record(Object.fromEntries(OPTION_NAMES.map((name) => [name, value])), { requiredKeys: [] }),
  fc
    .record({ domain: fc.constant('me.auth0.com'), clientID: fc.constant('CID') })
    .chain((base) =>
      fc
        .record(Object.fromEntries(OPTION_NAMES.slice(2).map((name) => [name, value])), { requiredKeys: [] })
        .map((rest) => ({ ...base, ...rest })),
    ),
  fc.anything({ maxDepth: 1 }),
);

function constructsOrThrowsTyped(create: () => unknown): void {
  try {
    create();
  } catch (error) {
    if (!(error instanceof ArgumentError || error instanceof ConfigurationError)) throw error;
  }
}

describe('option validation', () => {
  it.each([
    ['WebAuth', (o: any) => new WebAuth(o && typeof o === 'object' ? { ...o, [customEnvironment]: fakeEnv() } : o)],
    ['Authentication', (o: any) => new Authentication(o)],
    ['Management', (o: any) => new Management(o)],
  ])('new %s either constructs or throws a typed error', (_name, create) => {
    fc.assert(
      fc.property(options, (o) => {
        expect(() => constructsOrThrowsTyped(() => create(o))).not.toThrow();
      }),
      fuzzParams(300),
    );
  });
});
