/** Attack catalogue: ID-token claims, their types and their ties to the login (README.md, category CLM). */
import { beforeAll } from 'vitest';
import { atHash } from '../testing/tokens.js';
import { makeRawKeys, type AttackCase, type RawKeys } from '../testing/attack-catalogue.js';
import { describeLoginAttacks, type TokenSetup } from '../testing/attack-login.js';

let keys: RawKeys;
const HOUR = 3600;
const now = () => Math.floor(Date.parse('2026-11-23T12:00:00Z') / 1000);
/** A token signed by the tenant with `claims` changed (undefined removes a claim). */
const with_ = (claims: Record<string, unknown>): TokenSetup => ({ token: (c) => c.sign(claims) });

const cases: AttackCase<TokenSetup>[] = [
  { id: 'CLM-01', source: 'OIDC RP rp-id_token-issuer-mismatch', name: 'iss of another tenant (no key request)', error: 'invalid_token', reason: /Issuer \(iss\)/, setup: with_({ iss: 'https://evil.example/' }) },
  { id: 'CLM-02', source: 'OIDC Core §3.1.3.7 step 2', name: 'iss missing', error: 'invalid_token', reason: /Issuer \(iss\)/, setup: with_({ iss: undefined }) },
  { id: 'CLM-03', source: 'OIDC Core §3.1.3.7 step 2 (exact match)', name: 'iss without the trailing slash', error: 'invalid_token', reason: /Issuer \(iss\)/, setup: with_({ iss: 'https://me.auth0.com' }) },
  { id: 'CLM-04', source: 'RFC 8725 §3.8', name: 'iss as a number', error: 'invalid_token', reason: /Issuer \(iss\)/, setup: with_({ iss: 42 }) },
  { id: 'CLM-05', source: 'RFC 8725 §3.8', name: 'iss as an array containing the issuer', error: 'invalid_token', reason: /Issuer \(iss\)/, setup: with_({ iss: ['https://me.auth0.com/'] }) },
  { id: 'CLM-06', source: 'OIDC RP rp-id_token-aud', name: 'aud of another client', error: 'invalid_token', reason: /Audience \(aud\)/, setup: with_({ aud: 'OTHER' }) },
  { id: 'CLM-07', source: 'OIDC Core §3.1.3.7 step 3', name: 'aud array without this client', error: 'invalid_token', reason: /Audience \(aud\)/, setup: with_({ aud: ['OTHER', 'THIRD'] }) },
  { id: 'CLM-08', source: 'OIDC Core §3.1.3.7 step 3', name: 'aud missing', error: 'invalid_token', reason: /Audience \(aud\)/, setup: with_({ aud: undefined }) },
  { id: 'CLM-09', source: 'RFC 8725 §3.9', name: 'aud as a number', error: 'invalid_token', reason: /Audience \(aud\)/, setup: with_({ aud: 7 }) },
  { id: 'CLM-10', source: 'RFC 8725 §3.9', name: 'aud case-changed client id', error: 'invalid_token', reason: /Audience \(aud\)/, setup: with_({ aud: 'cid' }) },
  { id: 'CLM-11', source: 'OIDC Core §3.1.3.7 step 5', name: 'azp of another client with aud array', error: 'invalid_token', reason: /Authorized Party \(azp\)/, setup: with_({ aud: ['CID', 'OTHER'], azp: 'OTHER' }) },
  { id: 'CLM-12', source: 'OIDC Core §3.1.3.7 step 5', name: 'azp of another client with single aud', error: 'invalid_token', reason: /Authorized Party \(azp\)/, setup: with_({ azp: 'OTHER' }) },
  { id: 'CLM-13', source: 'OIDC Core §3.1.3.7 step 4', name: 'aud array with extra audience and no azp', error: 'invalid_token', reason: /Authorized Party \(azp\)/, setup: with_({ aud: ['CID', 'OTHER'] }) },
  { id: 'CLM-14', source: 'OIDC RP rp-id_token-exp (expired)', name: 'exp one hour ago', error: 'invalid_token', reason: /Expiration Time \(exp\)/, setup: with_({ exp: now() - HOUR, iat: now() - 2 * HOUR }) },
  { id: 'CLM-15', source: 'OIDC Core §3.1.3.7 step 9 (leeway)', name: 'exp 61 s ago (default leeway 60 s)', error: 'invalid_token', reason: /Expiration Time \(exp\)/, setup: with_({ exp: now() - 61 }) },
  { id: 'CLM-16', source: 'OIDC Core §2 (exp REQUIRED)', name: 'exp missing', error: 'invalid_token', reason: /Expiration Time \(exp\)/, setup: with_({ exp: undefined }) },
  { id: 'CLM-17', source: 'RFC 7519 §4.1.4 (NumericDate)', name: 'exp as a string', error: 'invalid_token', reason: /Expiration Time \(exp\)/, setup: with_({ exp: String(now() + HOUR) }) },
  { id: 'CLM-18', source: 'RFC 7519 §4.1.4 (NumericDate)', name: 'exp as null', error: 'invalid_token', reason: /Expiration Time \(exp\)/, setup: with_({ exp: null }) },
  { id: 'CLM-19', source: 'RFC 7519 §4.1.4 (NumericDate)', name: 'exp as a boolean', error: 'invalid_token', reason: /Expiration Time \(exp\)/, setup: with_({ exp: true }) },
  { id: 'CLM-20', source: 'OIDC RP rp-id_token-iat', name: 'iat missing', error: 'invalid_token', reason: /Issued At \(iat\)/, setup: with_({ iat: undefined }) },
  { id: 'CLM-21', source: 'RFC 7519 §4.1.6 (NumericDate)', name: 'iat as a string', error: 'invalid_token', reason: /Issued At \(iat\)/, setup: with_({ iat: String(now()) }) },
  { id: 'CLM-22', source: 'RFC 7519 §4.1.5', name: 'nbf one hour ahead', error: 'invalid_token', reason: /Not Before Time \(nbf\)/, setup: with_({ nbf: now() + HOUR }) },
  { id: 'CLM-23', source: 'RFC 7519 §4.1.5 (NumericDate)', name: 'nbf as a string', error: 'invalid_token', reason: /Not Before Time \(nbf\)/, setup: with_({ nbf: String(now() + HOUR) }) },
  { id: 'CLM-24', source: 'OIDC Core §2 auth_time', name: 'auth_time as a string', error: 'invalid_token', reason: /Authentication Time \(auth_time\)/, setup: with_({ auth_time: 'yesterday' }) },
  { id: 'CLM-25', source: 'OIDC Core §3.1.3.7 step 13 (max_age)', name: 'auth_time older than max_age', error: 'invalid_token', reason: /auth_time/, setup: { options: { maxAge: 60 }, token: (c) => c.sign({ auth_time: now() - HOUR }) } },
  { id: 'CLM-26', source: 'OIDC Core §3.1.2.1 (max_age ⇒ auth_time REQUIRED)', name: 'max_age requested, auth_time missing', error: 'invalid_token', reason: /auth_time/, setup: { options: { maxAge: 60 }, token: (c) => c.sign() } },
  { id: 'CLM-27', source: 'OIDC RP rp-nonce-invalid', name: 'nonce of another login', error: 'invalid_token', reason: /Nonce \(nonce\)/, setup: with_({ nonce: 'a-nonce-from-elsewhere' }) },
  { id: 'CLM-28', source: 'OIDC RP rp-nonce-unless-code-flow', name: 'nonce missing', error: 'invalid_token', reason: /Nonce \(nonce\)/, setup: with_({ nonce: undefined }) },
  { id: 'CLM-29', source: 'RFC 8725 §3.8 (types)', name: 'nonce as an array holding the nonce', error: 'invalid_token', reason: /Nonce \(nonce\)/, setup: { token: (c) => c.sign({ nonce: [c.nonce] }) } },
  { id: 'CLM-30', source: 'OIDC Core §15.5.2 (case-sensitive)', name: 'nonce upper-cased', error: 'invalid_token', reason: /Nonce \(nonce\)/, setup: { token: (c) => c.sign({ nonce: c.nonce.toUpperCase() === c.nonce ? `${c.nonce}x` : c.nonce.toUpperCase() }) } },
  { id: 'CLM-31', source: 'OIDC RP rp-id_token-bad-at_hash', name: 'at_hash of another access token', error: 'invalid_token', reason: /Invalid access_token/, setup: with_({ at_hash: atHash('OTHER-AT') }) },
  { id: 'CLM-32', source: 'OIDC Core §3.2.2.9; RFC 9700 §4.2.4 (token injection)', name: 'at_hash missing beside an access token', error: 'invalid_token', reason: /at_hash/, setup: with_({ at_hash: undefined }) },
  { id: 'CLM-33', source: 'OIDC Core §3.2.2.9', name: 'at_hash as a number', error: 'invalid_token', reason: /at_hash/, setup: with_({ at_hash: 123 }) },
  { id: 'CLM-34', source: 'OIDC Core §3.2.2.9 (left-most half)', name: 'at_hash of the full SHA-256 digest', error: 'invalid_token', reason: /Invalid access_token/, setup: with_({ at_hash: `${atHash('AT')}${atHash('AT')}` }) },
  { id: 'CLM-35', source: 'OIDC RP rp-id_token-sub', name: 'sub missing', error: 'invalid_token', reason: /Subject \(sub\)/, setup: with_({ sub: undefined }) },
  { id: 'CLM-36', source: 'RFC 8725 §3.8', name: 'sub as a number', error: 'invalid_token', reason: /Subject \(sub\)/, setup: with_({ sub: 1 }) },
  { id: 'CLM-37', source: 'Auth0 organizations (org_id check)', name: 'org_id of another organization', error: 'invalid_token', reason: /Organization/, setup: { authorize: { organization: 'org_abc' }, token: (c) => c.sign({ org_id: 'org_evil' }) } },
  { id: 'CLM-38', source: 'Auth0 organizations (org_id check)', name: 'organization requested, org_id missing', error: 'invalid_token', reason: /Organization/, setup: { authorize: { organization: 'org_abc' }, token: (c) => c.sign() } },
  { id: 'CLM-39', source: 'RFC 7519 §7.2 / prototype pollution', name: 'claims keyed __proto__ with an aud inside', error: 'invalid_token', reason: /Audience \(aud\)/, setup: { token: (c) => keys.signRaw({ alg: 'RS256', kid: 'k1' }, JSON.parse(JSON.stringify(c.claims({ aud: undefined })).replace('{', '{"__proto__":{"aud":"CID"},'))) } },
  { id: 'CLM-40', source: 'RFC 8725 §3.8', name: 'exp as a numeric string in an array', error: 'invalid_token', reason: /Expiration Time \(exp\)/, setup: with_({ exp: [now() + HOUR] }) },
];

beforeAll(async () => {
  keys = await makeRawKeys('k1');
});

describeLoginAttacks('attack catalogue: claims', () => keys, cases);
