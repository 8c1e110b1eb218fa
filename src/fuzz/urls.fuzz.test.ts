/** Properties of URL building: every parameter appears once, encoded, and nothing can be smuggled in. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Authentication } from '../authentication/authentication.js';
import { fakeEnv } from '../testing/fake-env.js';
import { fuzzParams } from '../testing/fuzz.js';
import { customEnvironment } from '../types/custom-environment.js';

// The fake env collects the unknown-parameter warnings the random names cause.
const auth = new Authentication({
  domain: 'me.auth0.com',
  clientID: 'CID',
  _sendTelemetry: false,
  [customEnvironment]: fakeEnv(),
} as never);
/** Any text, including `&`, `#`, `=`, `?`, `%`, `+`, spaces and non-ASCII. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('a&b=c', '#frag', '?x=1', '%zz', 'a+b', ' ', '&client_id=evil'),
);
/** snake_case parameter names without digits (camelCase and digits ones are renamed on the wire, which is not this property). */
const paramName = fc
  .stringMatching(/^[a-z]+(_[a-z]+)*$/)
  .filter((n) => !['client_id', 'response_type', 'federated', 'username', 'domain', 'tenant', 'timeout'].includes(n));
const extra = fc.dictionary(paramName, text, { maxKeys: 6 });

/** The query's parameters as [name, value] pairs, decoded once. */
function queryOf(url: string): [string, string][] {
  const parsed = new URL(url);
  expect(parsed.hash).toBe('');
  return [...parsed.searchParams.entries()];
}

describe('buildAuthorizeUrl', () => {
  it('carries every given parameter exactly once with its exact value', () => {
    fc.assert(
      fc.property(extra, text, text, (params, state, redirect) => {
        const url = auth.buildAuthorizeUrl({ ...params, responseType: 'code', state, redirectUri: redirect });
        expect(url.startsWith('https://me.auth0.com/authorize?')).toBe(true);
        const expected = { ...params, client_id: 'CID', response_type: 'code', state, redirect_uri: redirect };
        const pairs = queryOf(url);
        expect(pairs).toHaveLength(Object.keys(expected).length);
        expect(Object.fromEntries(pairs)).toEqual(expected);
        // Only RFC 3986 unreserved characters and escapes between the separators.
        expect(url.split('?')[1]).toMatch(/^([\w.~%-]+=[\w.~%-]*)(&[\w.~%-]+=[\w.~%-]*)*$/);
      }),
      fuzzParams(200),
    );
  });
});

describe('buildLogoutUrl', () => {
  it('carries returnTo and every other parameter exactly once, federated only as a bare flag', () => {
    fc.assert(
      fc.property(extra, text, fc.boolean(), (params, returnTo, federated) => {
        const url = auth.buildLogoutUrl({ ...params, returnTo, federated });
        expect(url.startsWith('https://me.auth0.com/v2/logout?')).toBe(true);
        const expected: Record<string, string> = { ...params, client_id: 'CID', returnTo };
        if (federated) expected.federated = '';
        const pairs = queryOf(url);
        expect(pairs).toHaveLength(Object.keys(expected).length);
        expect(Object.fromEntries(pairs)).toEqual(expected);
      }),
      fuzzParams(200),
    );
  });
});
