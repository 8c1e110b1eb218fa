/** Properties of fragment parsing: any text yields one callback (an error or a result), never a throw. */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { parseQuery, stringifyQuery } from '../shared/query.js';
import { fakeEnv, type FakeEnv } from '../testing/fake-env.js';
import { testWebAuth } from '../testing/web-auth.js';
import { AuthResponseError } from '../errors.js';
import { callsOf, fuzzParams } from '../testing/fuzz.js';

const KEYS = [
  'access_token',
  'id_token',
  'refresh_token',
  'state',
  'error',
  'error_description',
  'expires_in',
  'token_type',
  'scope',
  'x',
];

/** Fragments made of interesting keys, arbitrary text and the separators the parser splits on. */
const fragment = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...KEYS), fc.string()),
        fc.oneof(fc.string(), fc.constantFrom('%', '%E0%A4%A', '+', '=', 'a.b.c')),
        fc.boolean(),
      ),
      { maxLength: 8 },
    )
    .map((pairs) => pairs.map(([k, v, bare]) => (bare ? k : `${k}=${v}`)).join('&'))
    .chain((text) => fc.constantFrom(text, '#' + text, '#/' + text)),
);

let env: FakeEnv;
beforeEach(() => {
  clearJwksMemoryCache();
  env = fakeEnv();
});

describe('parseQuery', () => {
  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => void parseQuery(text)),
      fuzzParams(300),
    );
  });

  it('round-trips what stringifyQuery writes', () => {
    const params = fc.dictionary(
      fc.string({ unit: 'binary', minLength: 1 }).filter((k) => !k.includes('[')),
      fc.string({ unit: 'binary' }),
      { maxKeys: 8 },
    );
    fc.assert(
      fc.property(params, (input) => {
        expect({ ...parseQuery(stringifyQuery(input)) }).toEqual(input);
      }),
      fuzzParams(200),
    );
  });
});

describe('parseHash on arbitrary fragments', () => {
  it('calls back exactly once with an AuthResponseError, null or a result, and never throws', async () => {
    await fc.assert(
      fc.asyncProperty(fragment, async (hash) => {
        const calls = await callsOf((cb) => testWebAuth(env).parseHash({ hash }, cb));
        expect(calls).toHaveLength(1);
        const [err, result] = calls[0]!;
        if (err) {
          expect(err).toBeInstanceOf(AuthResponseError);
          // A repeated `error` key arrives as an array, as v10's parser gives it.
          expect((err as AuthResponseError).error).toBeDefined();
        } else {
          // Without a stored transaction nothing valid can come back except "no tokens here".
          expect(result).toBeNull();
        }
      }),
      fuzzParams(150),
    );
  });
});
