import { webcrypto } from 'node:crypto';
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../errors.js';
import { customEnvironment } from '../types/custom-environment.js';
import { fakeEnv, json, type FakeEnv } from '../testing/fake-env.js';
import type { DebugEvent } from '../types/debug.js';
import { createDpop, type DpopOptions } from './create-dpop.js';

const API = 'https://api.example.com/orders';
const TOKEN_URL = 'https://tenant.example.com/oauth/token';
const ACCESS_TOKEN = 'at.secret-access-token';
let clients = 0;

/** A helper over a fake page, with a client id of its own (the page's key memory is shared). */
function setup(options: Partial<DpopOptions> = {}) {
  const env = fakeEnv();
  const events: DebugEvent[] = [];
  const dpop = createDpop({
    domain: 'tenant.example.com',
    clientID: `client-${++clients}`,
    debug: (event) => events.push(event),
    [customEnvironment]: env,
    ...options,
  });
  return { env, dpop, events };
}

const claims = async (proof: string): Promise<JWTPayload> =>
  (await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] })).payload;

/** The DPoP proofs and Authorization headers the fake page sent. */
const sentHeaders = (env: FakeEnv) =>
  env.fetches.map(({ init }) => {
    const headers = new Headers(init?.headers);
    return { dpop: headers.get('dpop')!, authorization: headers.get('authorization') };
  });

const nonceChallenge = (nonce?: string) =>
  new Response(JSON.stringify({ error: 'use_dpop_nonce', error_description: 'Authorization server requires nonce' }), {
    status: 400,
    headers: nonce ? { 'dpop-nonce': nonce } : {},
  });

describe('createDpop', () => {
  it('proofHeaders gives Authorization: DPoP <token> and a proof with ath; without a token only DPoP', async () => {
    const { dpop } = setup();
    const withToken = await dpop.proofHeaders('GET', `${API}?page=2`, ACCESS_TOKEN);
    expect(Object.keys(withToken).sort()).toEqual(['Authorization', 'DPoP']);
    expect(withToken.Authorization).toBe(`DPoP ${ACCESS_TOKEN}`);
    const payload = await claims(withToken.DPoP);
    expect(payload).toMatchObject({ htm: 'GET', htu: API });
    expect(payload.ath).toBe(
      Buffer.from(await webcrypto.subtle.digest('SHA-256', Buffer.from(ACCESS_TOKEN))).toString('base64url'),
    );
    const withoutToken = await dpop.proofHeaders('POST', TOKEN_URL);
    expect(Object.keys(withoutToken)).toEqual(['DPoP']);
    expect(await claims(withoutToken.DPoP)).not.toHaveProperty('ath');
  });

  it('signs every proof with one key, whose thumbprint jose computes the same', async () => {
    const { dpop } = setup();
    const proofs = [await dpop.proofHeaders('POST', TOKEN_URL), await dpop.proofHeaders('GET', API, ACCESS_TOKEN)];
    const verified = await Promise.all(
      proofs.map(({ DPoP }) => jwtVerify(DPoP, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] })),
    );
    const thumbprints = await Promise.all(verified.map((v) => calculateJwkThumbprint(v.protectedHeader.jwk!)));
    expect(thumbprints[1]).toBe(thumbprints[0]);
    expect(await dpop.thumbprint()).toBe(thumbprints[0]);
  });

  it('learns the last nonce per origin from any response and puts it in that origin’s proofs only', async () => {
    const { dpop } = setup();
    expect(dpop.learnNonce(TOKEN_URL, new Headers({ 'DPoP-Nonce': 'as-1' }))).toBe('as-1');
    expect(dpop.learnNonce(`${TOKEN_URL}/../userinfo`, { 'dpop-nonce': 'as-2' })).toBe('as-2');
    dpop.learnNonce(API, { 'DPoP-Nonce': 'rs-1' });
    dpop.learnNonce(API, new Headers()); // no nonce: the last one stays
    dpop.learnNonce(API, { 'dpop-nonce': 'bad"nonce' }); // not a nonce (RFC 9449 §8.1): ignored
    dpop.learnNonce(API, { 'dpop-nonce': 'n'.repeat(4097) }); // over 4 KiB: ignored
    expect(dpop.learnNonce(TOKEN_URL, { 'dpop-nonce': 'n'.repeat(4096) })).toHaveLength(4096);
    dpop.learnNonce(TOKEN_URL, { 'dpop-nonce': 'as-2' });
    expect((await claims((await dpop.proofHeaders('POST', TOKEN_URL)).DPoP)).nonce).toBe('as-2');
    expect((await claims((await dpop.proofHeaders('GET', `${API}/1`, ACCESS_TOKEN)).DPoP)).nonce).toBe('rs-1');
    expect(await claims((await dpop.proofHeaders('GET', 'https://other.example.com/')).DPoP)).not.toHaveProperty(
      'nonce',
    );
    // The origin is parsed, not compared as text: another port is another origin.
    expect(await claims((await dpop.proofHeaders('GET', 'https://api.example.com:444/')).DPoP)).not.toHaveProperty(
      'nonce',
    );
  });

  it('fetchWithRetry answers the token endpoint’s use_dpop_nonce once, with a new proof and the nonce', async () => {
    const { dpop, env } = setup();
    env.respond = () => (env.fetches.length === 1 ? nonceChallenge('n-1') : json({ token_type: 'DPoP' }));
    const body = JSON.stringify({ grant_type: 'refresh_token' });
    const response = await dpop.fetchWithRetry(TOKEN_URL, { method: 'POST', body });
    expect(await response.json()).toEqual({ token_type: 'DPoP' });
    expect(env.fetches).toHaveLength(2);
    expect(env.fetches[1]!.init!.body).toBe(body);
    const [first, second] = await Promise.all(sentHeaders(env).map(({ dpop: proof }) => claims(proof)));
    expect(first).not.toHaveProperty('nonce');
    expect(second!.nonce).toBe('n-1');
    expect(second!.jti).not.toBe(first!.jti);
  });

  it('fetchWithRetry answers a resource server’s 401 WWW-Authenticate: DPoP error="use_dpop_nonce" once', async () => {
    const { dpop, env } = setup();
    env.respond = () =>
      env.fetches.length === 1
        ? new Response('', {
            status: 401,
            headers: { 'www-authenticate': 'DPoP error="use_dpop_nonce", algs="ES256"', 'dpop-nonce': 'rs-9' },
          })
        : json({ orders: [] });
    const response = await dpop.fetchWithRetry(API, { headers: { accept: 'application/json' } }, ACCESS_TOKEN);
    expect(response.status).toBe(200);
    const headers = sentHeaders(env);
    expect(headers.map((h) => h.authorization)).toEqual([`DPoP ${ACCESS_TOKEN}`, `DPoP ${ACCESS_TOKEN}`]);
    expect(new Headers(env.fetches[1]!.init!.headers).get('accept')).toBe('application/json');
    expect((await claims(headers[1]!.dpop)).nonce).toBe('rs-9');
  });

  it('fetchWithRetry retries exactly once when the server keeps asking, and not at all without a nonce or challenge', async () => {
    const { dpop, env } = setup();
    let n = 0;
    env.respond = () => nonceChallenge(`n-${++n}`);
    const response = await dpop.fetchWithRetry(TOKEN_URL, { method: 'POST', body: '{}' });
    expect(env.fetches).toHaveLength(2);
    expect(await response.json()).toMatchObject({ error: 'use_dpop_nonce' }); // the body is still readable
    const cases: (() => Response)[] = [
      () => nonceChallenge(), // a challenge without a nonce
      () => json({ error: 'invalid_grant' }, 400),
      () =>
        new Response('', {
          status: 401,
          headers: { 'www-authenticate': 'DPoP error="invalid_token"', 'dpop-nonce': 'x' },
        }),
      () =>
        new Response('', {
          status: 401,
          headers: { 'www-authenticate': 'Bearer error="use_dpop_nonce"', 'dpop-nonce': 'x' },
        }),
      () => new Response('not json', { status: 400, headers: { 'dpop-nonce': 'x' } }),
      () => new Response('', { status: 200, headers: { 'dpop-nonce': 'x' } }),
    ];
    for (const [i, answer] of cases.entries()) {
      env.fetches.length = 0;
      env.respond = answer;
      await dpop.fetchWithRetry(API, i % 2 ? null : undefined, ACCESS_TOKEN); // no init, as fetch allows
      expect(env.fetches).toHaveLength(1);
    }
  });

  it('clear makes the next proof use a new key', async () => {
    const { dpop } = setup();
    const before = await dpop.thumbprint();
    await dpop.clear();
    const after = await dpop.thumbprint();
    expect(after).not.toBe(before);
    const { protectedHeader } = await jwtVerify((await dpop.proofHeaders('GET', API)).DPoP, EmbeddedJWK);
    expect(await calculateJwkThumbprint(protectedHeader.jwk!)).toBe(after);
  });

  it('puts no private key material in headers, proofs, debug events or errors', async () => {
    // The key is made extractable for this test only, so its private scalar `d` can be looked for.
    const env = fakeEnv();
    const subtle = webcrypto.subtle;
    let d = '';
    const spy = {
      generateKey: async (algorithm: EcKeyGenParams, _extractable: boolean, usages: KeyUsage[]) => {
        const pair = (await subtle.generateKey(algorithm, true, usages)) as CryptoKeyPair;
        d = (await subtle.exportKey('jwk', pair.privateKey)).d!;
        return pair;
      },
      exportKey: subtle.exportKey.bind(subtle),
      sign: subtle.sign.bind(subtle),
      digest: subtle.digest.bind(subtle),
    };
    const events: DebugEvent[] = [];
    const dpop = createDpop({
      domain: 'tenant.example.com',
      clientID: 'spy',
      debug: (e) => events.push(e),
      [customEnvironment]: { ...env, subtle: () => spy as unknown as SubtleCrypto },
    });
    const outputs: unknown[] = [await dpop.proofHeaders('GET', API, ACCESS_TOKEN), await dpop.thumbprint(), events];
    outputs.push(await dpop.proofHeaders('GET', 'no url', ACCESS_TOKEN).catch((e: unknown) => e));
    outputs.push(await dpop.proofHeaders('GET', API, '').catch((e: unknown) => e));
    expect(d).toMatch(/^[\w-]{43}$/);
    const text = outputs
      .map((o) => (o instanceof Error ? `${o.message} ${o.stack} ${JSON.stringify(o)}` : JSON.stringify(o)))
      .join(' ');
    const decoded = text.replace(/[\w-]{20,}/g, (s) => Buffer.from(s, 'base64url').toString('latin1'));
    expect(text).not.toContain(d);
    expect(decoded).not.toContain('"d"');
    // Errors never carry the token either.
    expect(JSON.stringify(outputs.slice(3)) + String(outputs[3]) + String(outputs[4])).not.toContain(ACCESS_TOKEN);
  });

  it('throws v10’s ArgumentError for missing options, and rejects bad arguments with one', async () => {
    expect(() => createDpop(undefined as never)).toThrow(new ArgumentError('options parameter is not valid'));
    expect(() => createDpop({ clientID: 'x' } as never)).toThrow(new ArgumentError('domain option is required'));
    expect(() => createDpop({ domain: 'x' } as never)).toThrow(new ArgumentError('clientID option is required'));
    expect(() => createDpop({ domain: 'x', clientID: 'y', debug: 1 as never })).toThrow(
      new ArgumentError('debug option is not valid'),
    );
    const { dpop } = setup();
    await expect(dpop.proofHeaders('GET', '/relative')).rejects.toThrow(ArgumentError);
    await expect(dpop.fetchWithRetry('nope')).rejects.toThrow(new ArgumentError('url is not valid'));
    expect(() => dpop.learnNonce('nope', {})).toThrow(new ArgumentError('url is not valid'));
    expect(() => dpop.learnNonce(API, null as never)).toThrow(new ArgumentError('headers is not valid'));
  });
});
