import type { AuthorizeOptions } from '../types.js';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../storage/key-value-store.js';
import { fakeEnv } from '../testing/fake-env.js';
import { randomString } from './random.js';
import { TransactionManager } from './transaction-manager.js';

describe('randomString', () => {
  it('uses the 65-character v10 alphabet (no W) and the requested length', () => {
    const env = fakeEnv();
    const sample = Array.from({ length: 200 }, () => randomString(env, 32)).join('');
    expect(sample).toMatch(/^[0-9A-VX-Za-z\-._~]+$/);
    expect(sample.length).toBe(6400);
    expect(randomString(env, 0)).toBe('');
  });
  it('rejects bytes at or above 195 instead of wrapping them', () => {
    const env = fakeEnv();
    let call = 0;
    env.getRandomValues = (bytes) => {
      bytes.fill(call++ === 0 ? 200 : 64); // 64 % 65 = 64 → '~'
      return bytes;
    };
    expect(randomString(env, 4)).toBe('~~~~');
  });
});

describe('TransactionManager', () => {
  it('process generates state and nonce, stores the transaction and mutates params', () => {
    const store = memoryStore();
    const tm = new TransactionManager(fakeEnv(), store);
    const params: Record<string, unknown> = {
      responseType: 'token id_token',
      appState: { a: 1 },
      connection: 'db',
      organization: 'org_1',
    };
    expect(tm.process(params)).toBe(params);
    expect(params.state).toMatch(/^.{32}$/);
    expect(params.nonce).toMatch(/^.{32}$/);
    expect(store.get(`com.auth0.auth.${params.state}`)).toEqual({
      nonce: params.nonce,
      appState: { a: 1 },
      state: params.state,
      lastUsedConnection: 'db',
      organization: 'org_1',
    });
  });
  it('keeps given values, stores a null nonce without id_token, and throws without responseType', () => {
    const store = memoryStore();
    const tm = new TransactionManager(fakeEnv(), store, { namespace: 'ns.' });
    const params = tm.process({ responseType: 'token', state: 'S' });
    expect(params).toEqual({ responseType: 'token', state: 'S' });
    expect(store.get('ns.S')).toEqual({ nonce: null, state: 'S' });
    expect(() => tm.process({})).toThrow('responseType is required');
  });
  it('stores nothing on the hosted login page', () => {
    const store = memoryStore();
    const tm = new TransactionManager(fakeEnv(), store, { onHostedPage: () => true });
    tm.process({ responseType: 'code', state: 'S' });
    expect(store.get('com.auth0.auth.S')).toBeUndefined();
  });
  it('reads a transaction once', () => {
    const tm = new TransactionManager(fakeEnv(), memoryStore());
    tm.process({ responseType: 'token', state: 'S' });
    expect(tm.getStoredTransaction('S')).toMatchObject({ state: 'S' });
    expect(tm.getStoredTransaction('S')).toBeUndefined();
  });
});

describe('TransactionManager hardening', () => {
  it('never generates a state or nonce shorter than 16 characters', () => {
    const store = memoryStore();
    for (const keyLength of [1, 8, 15]) {
      const params = new TransactionManager(fakeEnv(), store, { keyLength }).process({
        responseType: 'id_token',
      } as AuthorizeOptions);
      expect(params.state).toHaveLength(16);
      expect(params.nonce).toHaveLength(16);
    }
    expect(
      new TransactionManager(fakeEnv(), store, { keyLength: 40 }).process({ responseType: 'token' } as AuthorizeOptions)
        .state,
    ).toHaveLength(40);
  });
});
