import { describe, expect, it } from 'vitest';
import type { AuthorizeRequest } from './state.js';
import { CODE_TTL_MS, SESSION_TTL_MS, TRANSACTION_TTL_MS, TenantState } from './state.js';

const REQUEST: AuthorizeRequest = {
  clientId: 'spa-client',
  redirectUri: 'http://localhost:3000/cb',
  responseTypes: ['token'],
  responseMode: 'fragment',
  scope: 'openid',
  prompt: [],
};

describe('tenant state', () => {
  it('expires transactions after 10 minutes', () => {
    let now = 1_000_000;
    const state = new TenantState(() => now);
    const tx = state.createTransaction(REQUEST);
    expect(TRANSACTION_TTL_MS).toBe(600_000);
    now += TRANSACTION_TTL_MS - 1;
    expect(state.getTransaction(tx.id)?.request).toBe(REQUEST);
    now += 1;
    expect(state.getTransaction(tx.id)).toBeUndefined();
  });

  it('expires sessions and uses distinct secret id and public sid', () => {
    let now = 5_000_000;
    const state = new TenantState(() => now);
    const session = state.createSession('auth0|alice');
    expect(session.id).not.toBe(session.sid);
    expect(session.authTime).toBe(5000);
    expect(state.getSession(session.id)).toBe(session);
    now += SESSION_TTL_MS;
    expect(state.getSession(session.id)).toBeUndefined();
  });

  it('hands out codes once and only before they expire', () => {
    let now = 0;
    const state = new TenantState(() => now);
    const grant = { request: REQUEST, userId: 'auth0|alice', sid: 's', authTime: 0 };
    const a = state.createCode(grant);
    expect(state.takeCode(a.code)?.userId).toBe('auth0|alice');
    expect(state.takeCode(a.code)).toBeUndefined();
    const b = state.createCode(grant);
    now += CODE_TTL_MS;
    expect(state.takeCode(b.code)).toBeUndefined();
  });
});
