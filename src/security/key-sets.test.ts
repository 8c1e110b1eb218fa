/** Attack catalogue: hostile or unusable key sets (README.md, category KEY). */
import { beforeAll, expect } from 'vitest';
import { memoryStorage } from '../testing/fake-env.js';
import { settle } from '../testing/fuzz.js';
import { makeRawKeys, signHmac, type AttackCase, type RawKeys } from '../testing/attack-catalogue.js';
import { JWKS_URL, describeLoginAttacks, type TokenSetup } from '../testing/attack-login.js';

let keys: RawKeys;
let weak: RawKeys;
let attacker: RawKeys;
/** Serves the tenant key changed by `change` (the token is signed by the tenant key as usual). */
const served = (change: Record<string, unknown>): TokenSetup => ({
  jwks: (k) => ({ keys: [{ ...k.publicJwk, ...change }] }),
});

const cases: AttackCase<TokenSetup>[] = [
  {
    id: 'KEY-01',
    source: 'RFC 7517 §9.2 (private members)',
    name: 'key set carries the private exponent d',
    error: 'invalid_token',
    setup: {
      jwks: (k) => ({ keys: [k.privateJwk.d ? { ...k.privateJwk, kid: 'k1', alg: 'RS256', use: 'sig' } : {}] }),
    },
  },
  {
    id: 'KEY-02',
    source: 'RFC 7517 §9.2 (private members)',
    name: 'public key with a stray p member',
    error: 'invalid_token',
    setup: served({ p: 'AAAA' }),
  },
  {
    id: 'KEY-03',
    source: 'RFC 8725 §3.5; NIST SP 800-131A',
    name: '1024-bit RSA key signs the token',
    error: 'invalid_token',
    setup: { jwks: () => weak.jwks, token: (c) => weak.signRaw({ alg: 'RS256', kid: 'k1' }, c.claims()) },
  },
  {
    id: 'KEY-04',
    source: 'RFC 7517 §4.2 (use)',
    name: 'key marked use: enc',
    error: 'invalid_token',
    setup: served({ use: 'enc' }),
  },
  {
    id: 'KEY-05',
    source: 'RFC 7517 §4.4 (alg)',
    name: 'key marked alg: RS384',
    error: 'invalid_token',
    setup: served({ alg: 'RS384' }),
  },
  {
    id: 'KEY-06',
    source: 'RFC 7517 §4.4; RFC 8725 §3.1',
    name: 'key marked alg: HS256',
    error: 'invalid_token',
    setup: served({ alg: 'HS256' }),
  },
  {
    id: 'KEY-07',
    source: 'RFC 7518 §6.4 (oct keys)',
    name: 'symmetric oct key under the kid, HS256 token with its k',
    error: 'invalid_token',
    setup: {
      jwks: () => ({ keys: [{ kty: 'oct', kid: 'k1', k: Buffer.from('shared').toString('base64url') }] }),
      token: (c) => signHmac({ kid: 'k1' }, c.claims(), 'shared'),
    },
  },
  {
    id: 'KEY-08',
    source: 'RFC 7518 §6.2 (EC keys)',
    name: 'EC key under the kid',
    error: 'invalid_token',
    setup: {
      jwks: () => ({
        keys: [
          {
            kty: 'EC',
            crv: 'P-256',
            kid: 'k1',
            x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
            y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
          },
        ],
      }),
    },
  },
  {
    id: 'KEY-09',
    source: 'RFC 7517 §4.5 (duplicate kid)',
    name: 'duplicate kid: weak key first, token signed by it',
    error: 'invalid_token',
    setup: {
      jwks: (k) => ({ keys: [...weak.jwks.keys, k.publicJwk] }),
      token: (c) => weak.signRaw({ alg: 'RS256', kid: 'k1' }, c.claims()),
    },
  },
  {
    id: 'KEY-10',
    source: 'RFC 7517 §5',
    name: 'empty key set',
    error: 'invalid_token',
    setup: { jwks: () => ({ keys: [] }) },
  },
  {
    id: 'KEY-11',
    source: 'RFC 7517 §5',
    name: 'keys is not an array',
    error: 'invalid_token',
    setup: { jwks: (k) => ({ keys: { k1: k.publicJwk } }) },
  },
  {
    id: 'KEY-12',
    source: 'RFC 7517 §5',
    name: 'key set is JSON null',
    error: 'invalid_token',
    setup: { jwks: () => null },
  },
  {
    id: 'KEY-13',
    source: 'OIDC Discovery §3 (jwks_uri)',
    name: 'key-set URL answers HTML',
    error: 'invalid_token',
    setup: { jwks: () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }) },
  },
  {
    id: 'KEY-14',
    source: 'OIDC Discovery §3 (jwks_uri)',
    name: 'key-set URL answers 500',
    error: 'invalid_token',
    setup: { jwks: () => new Response('{}', { status: 500 }) },
  },
  {
    id: 'KEY-15',
    source: 'RFC 8725 §3.10 (DoS)',
    name: 'huge key set (5000 unmatching keys)',
    error: 'invalid_token',
    setup: { jwks: (k) => ({ keys: Array.from({ length: 5000 }, (_, i) => ({ ...k.publicJwk, kid: `x${i}` })) }) },
  },
  {
    id: 'KEY-16',
    source: 'draft-ietf-oauth-browser-based-apps §8 (storage)',
    name: 'attacker key planted in localStorage is not used',
    error: 'invalid_token',
    setup: {
      before: (c) => {
        const s = memoryStorage();
        for (const key of ['webauth-js.jwks', `jwks:${JWKS_URL}`, JWKS_URL])
          s.setItem(key, JSON.stringify(attacker.jwks));
        c.env.storage = s;
      },
      token: (c) => attacker.signRaw({ alg: 'RS256', kid: 'k1' }, c.claims()),
    },
  },
  {
    id: 'KEY-17',
    source: 'RFC 7518 §6.3.1 (RSA n)',
    name: 'modulus n is not base64url',
    error: 'invalid_token',
    setup: served({ n: '!!!' }),
  },
  {
    id: 'KEY-18',
    source: 'RFC 7518 §6.3.1.2 (e)',
    name: 'exponent e missing',
    error: 'invalid_token',
    setup: served({ e: undefined }),
  },
  {
    id: 'KEY-19',
    source: 'RFC 7517 §4.3 (key_ops)',
    name: 'key_ops without verify',
    error: 'invalid_token',
    setup: served({ key_ops: ['encrypt'] }),
  },
  {
    id: 'KEY-20',
    source: 'jose createRemoteJWKSet (5 s timeoutDuration)',
    name: 'key-set endpoint accepts the request and never answers',
    error: 'timeout',
    setup: {
      jwks: () => new Promise<Response>(() => {}),
      // Once the key set is requested (by `authorize`, for the callback page) and parseHash has taken
      // the transaction and waits for the set, 5 s pass on the page's clock: the check must give up by then.
      before: (c) =>
        void (async () => {
          const waiting = () =>
            c.env.fetches.some((f) => f.url === JWKS_URL) && !c.env.readCookies().includes('com.auth0.auth.');
          for (let i = 0; i < 2000 && !waiting(); i++) await settle();
          c.env.advance(5000);
        })(),
    },
  },
];

beforeAll(async () => {
  [keys, weak, attacker] = await Promise.all([makeRawKeys('k1'), makeRawKeys('k1', 1024), makeRawKeys('k1')]);
});

// A forged kid refetches at most once: never more than two key-set requests per check; and a
// failed check leaves no transaction behind.
describeLoginAttacks(
  'attack catalogue: key sets',
  () => keys,
  cases,
  (ctx) => {
    expect(ctx.env.fetches.length).toBeLessThanOrEqual(2);
    expect(ctx.env.readCookies()).not.toContain('com.auth0.auth.');
  },
);
