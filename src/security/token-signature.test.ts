/** Attack catalogue: forged, stripped and confused ID-token signatures (README.md, category JWT). */
import { beforeAll } from 'vitest';
import { makeRawKeys, signHmac, type AttackCase, type RawKeys } from '../testing/attack-catalogue.js';
import { describeLoginAttacks, encode, type TokenSetup } from '../testing/attack-login.js';

let keys: RawKeys;
let attacker: RawKeys;
const EVIL = 'https://evil.example';
const header = (extra: Record<string, unknown> = {}) => ({ alg: 'RS256', kid: 'k1', typ: 'JWT', ...extra });
const parts = (token: string) => token.split('.');
/** Replaces the header of a genuine token, keeping its payload and signature. */
const reheader = (token: string, value: unknown) => [encode(value), ...parts(token).slice(1)].join('.');

const cases: AttackCase<TokenSetup>[] = [
  {
    id: 'JWT-01',
    source: 'RFC 8725 §3.1; OIDC RP rp-id_token-sig-none',
    name: 'alg none, empty signature',
    error: 'invalid_token',
    setup: { token: (c) => `${encode({ alg: 'none', typ: 'JWT' })}.${encode(c.claims())}.` },
  },
  {
    id: 'JWT-02',
    source: 'CVE-2022-23540 (jsonwebtoken: none algorithm)',
    name: 'alg "None" (case variant), empty signature',
    error: 'invalid_token',
    setup: { token: (c) => `${encode({ alg: 'None' })}.${encode(c.claims())}.` },
  },
  {
    id: 'JWT-03',
    source: 'RFC 8725 §3.1',
    name: 'alg "NONE" keeping the genuine signature',
    error: 'invalid_token',
    setup: { token: async (c) => reheader(await c.sign(), { alg: 'NONE', kid: 'k1' }) },
  },
  {
    id: 'JWT-04',
    source: 'RFC 7515 §5.2',
    name: 'signature stripped (header.payload.)',
    error: 'invalid_token',
    setup: {
      token: async (c) =>
        parts(await c.sign())
          .slice(0, 2)
          .join('.') + '.',
    },
  },
  {
    id: 'JWT-05',
    source: 'RFC 7515 §7.1',
    name: 'two segments only (header.payload)',
    error: 'invalid_token',
    setup: {
      token: async (c) =>
        parts(await c.sign())
          .slice(0, 2)
          .join('.'),
    },
  },
  {
    id: 'JWT-06',
    source: 'CVE-2015-9235 (jsonwebtoken); RFC 8725 §2.1',
    name: 'HS256 with the public JWK (JSON) as HMAC secret',
    error: 'invalid_token',
    setup: { token: (c) => signHmac({ kid: 'k1' }, c.claims(), JSON.stringify(keys.publicJwk)) },
  },
  {
    id: 'JWT-07',
    source: 'CVE-2016-10555 (jwt-simple)',
    name: 'HS256 with the modulus n as HMAC secret',
    error: 'invalid_token',
    setup: { token: (c) => signHmac({ kid: 'k1' }, c.claims(), keys.publicJwk.n!) },
  },
  {
    id: 'JWT-08',
    source: 'OIDC Core §10.1 (client_secret HS256)',
    name: 'HS256 with the client id as secret',
    error: 'invalid_token',
    setup: { token: (c) => signHmac({}, c.claims(), 'CID') },
  },
  {
    id: 'JWT-09',
    source: 'RFC 8725 §2.1',
    name: 'HS256 with a guessable secret ("secret")',
    error: 'invalid_token',
    setup: { token: (c) => signHmac({ kid: 'k1' }, c.claims(), 'secret') },
  },
  {
    id: 'JWT-10',
    source: 'OIDC RP rp-id_token-bad-sig-rs256',
    name: "attacker's key under the tenant's kid",
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw(header(), c.claims()) },
  },
  {
    id: 'JWT-11',
    source: 'OIDC RP rp-id_token-kid-absent-single-jwks',
    name: "attacker's key, no kid",
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw({ alg: 'RS256' }, c.claims()) },
  },
  {
    id: 'JWT-12',
    source: 'OIDC RP rp-key-rotation-op-sign-key',
    name: "attacker's key, unknown kid (refetch finds nothing)",
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw(header({ kid: 'k2' }), c.claims()) },
  },
  {
    id: 'JWT-13',
    source: 'RFC 8725 §3.10 (kid injection)',
    name: 'kid path traversal "../../../dev/null"',
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw(header({ kid: '../../../dev/null' }), c.claims()) },
  },
  {
    id: 'JWT-14',
    source: 'RFC 8725 §3.10 (kid injection)',
    name: "kid SQL injection \"x' OR '1'='1\"",
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw(header({ kid: "x' OR '1'='1" }), c.claims()) },
  },
  {
    id: 'JWT-15',
    source: 'RFC 8725 §3.10',
    name: 'kid is an object',
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw(header({ kid: { $ne: null } }), c.claims()) },
  },
  {
    id: 'JWT-16',
    source: 'RFC 7515 §4.1.2; RFC 8725 §3.10',
    name: 'jku header naming an attacker key set (no request to it)',
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw(header({ jku: `${EVIL}/jwks.json` }), c.claims()) },
  },
  {
    id: 'JWT-17',
    source: 'RFC 7515 §4.1.5',
    name: 'x5u header naming an attacker certificate (no request to it)',
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw(header({ x5u: `${EVIL}/cert.pem` }), c.claims()) },
  },
  {
    id: 'JWT-18',
    source: 'CVE-2018-0114 (node-jose)',
    name: 'embedded jwk header with the attacker public key',
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw(header({ jwk: attacker.publicJwk }), c.claims()) },
  },
  {
    id: 'JWT-19',
    source: 'RFC 7515 §4.1.6',
    name: 'embedded x5c header',
    error: 'invalid_token',
    setup: {
      token: (c) => attacker.signRaw(header({ x5c: ['MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'] }), c.claims()),
    },
  },
  {
    id: 'JWT-20',
    source: 'RFC 7515 §4.1.11',
    name: 'crit lists an unknown extension (genuine signature)',
    error: 'invalid_token',
    setup: { token: (c) => c.sign({}, { crit: ['urn:evil'], 'urn:evil': true }) },
  },
  {
    id: 'JWT-21',
    source: 'RFC 7797 §3; RFC 8725 §3.11',
    name: 'b64: false with crit (unencoded payload)',
    error: 'invalid_token',
    reason: /b64/,
    setup: { token: (c) => c.sign({}, { b64: false, crit: ['b64'] }) },
  },
  {
    id: 'JWT-22',
    source: 'RFC 8725 §3.1 (algorithm allow-list)',
    name: 'RS512 signed with the tenant key',
    error: 'invalid_token',
    setup: { token: (c) => keys.signRaw(header({ alg: 'RS512' }), c.claims(), 'SHA-512') },
  },
  {
    id: 'JWT-23',
    source: 'RFC 8725 §3.1 (algorithm allow-list)',
    name: 'header says RS384, RS256 signature',
    error: 'invalid_token',
    setup: { token: (c) => keys.signRaw(header({ alg: 'RS384' }), c.claims()) },
  },
  {
    id: 'JWT-24',
    source: 'RFC 8725 §2.1',
    name: 'alg missing from the header',
    error: 'invalid_token',
    setup: { token: (c) => keys.signRaw({ kid: 'k1' }, c.claims()) },
  },
  {
    id: 'JWT-25',
    source: 'RFC 8725 §2.8 (substitution)',
    name: 'payload of one token with the signature of another',
    error: 'invalid_token',
    setup: {
      token: async (c) => {
        const a = parts(await c.sign({ sub: 'auth0|mallory' }));
        const b = parts(await c.sign());
        return [b[0], a[1], b[2]].join('.');
      },
    },
  },
  {
    id: 'JWT-26',
    source: 'RFC 7516 §7.1 (JWE compact)',
    name: 'five-segment JWE in place of a JWS',
    error: 'invalid_token',
    setup: {
      token: async (c) =>
        `${encode({ alg: 'RSA-OAEP', enc: 'A256GCM' })}.${parts(await c.sign())
          .slice(1)
          .join('.')}.aaaa.bbbb`,
    },
  },
  {
    id: 'JWT-27',
    source: 'RFC 7519 §7.2',
    name: 'payload is not JSON (genuine signature)',
    error: 'invalid_token',
    setup: { token: (c) => keys.signRaw(header(), `{"iss":"${c.claims().iss}",`) },
  },
  {
    id: 'JWT-28',
    source: 'RFC 7519 §7.2 step 10',
    name: 'payload is a JSON array (genuine signature)',
    error: 'invalid_token',
    setup: { token: (c) => keys.signRaw(header(), [c.claims()]) },
  },
  {
    id: 'JWT-29',
    source: 'RFC 7515 §5.2 step 3',
    name: 'header is not JSON',
    error: 'invalid_token',
    setup: {
      token: async (c) => [Buffer.from('{"alg":').toString('base64url'), ...parts(await c.sign()).slice(1)].join('.'),
    },
  },
  {
    id: 'JWT-30',
    source: 'OIDC Core §3.2.2.11',
    name: 'id_token that is not a JWT',
    error: 'invalid_token',
    setup: { token: () => 'not-a-jwt' },
  },
  {
    id: 'JWT-31',
    source: 'OIDC Core §3.1.3.7',
    name: 'id_token with a bit flipped in the signature',
    error: 'invalid_token',
    setup: {
      token: async (c) => {
        const p = parts(await c.sign());
        p[2] = (p[2]![0] === 'A' ? 'B' : 'A') + p[2]!.slice(1);
        return p.join('.');
      },
    },
  },
  {
    id: 'JWT-32',
    source: 'RFC 8725 §3.11 (typ confusion)',
    name: 'access-token JWT (typ at+jwt) signed by an attacker',
    error: 'invalid_token',
    setup: { token: (c) => attacker.signRaw(header({ typ: 'at+jwt' }), c.claims()) },
  },
];

beforeAll(async () => {
  [keys, attacker] = await Promise.all([makeRawKeys('k1'), makeRawKeys('k1')]);
});

describeLoginAttacks('attack catalogue: token signature', () => keys, cases);
