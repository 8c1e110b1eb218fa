/**
 * Authentication accepts a loopback `http://` domain for local development (`rootUrlFor`); Management
 * and the expected ID-token issuer follow it, so a plain-HTTP local tenant needs no overrides.
 */
import { describe, expect, it } from 'vitest';
import { fakeEnv } from '../testing/fake-env.js';
import { customEnvironment } from '../types/custom-environment.js';
import { WebAuth } from '../web-auth/web-auth.js';
import { Management } from './management.js';

const DOMAIN = 'http://localhost:4400';

describe('a loopback http:// domain, as Authentication takes it', () => {
  it('Management calls the API under that URL', () => {
    const management = new Management({ domain: DOMAIN, token: 'token' });
    expect(management.baseOptions.rootUrl).toBe(`${DOMAIN}/api/v2`);
  });

  it('WebAuth expects ID tokens from that issuer', () => {
    const webAuth = new WebAuth({ domain: DOMAIN, clientID: 'CID', [customEnvironment]: fakeEnv() } as never);
    expect(webAuth.baseOptions.token_issuer).toBe(`${DOMAIN}/`);
  });
});

it('a plain domain still means https, as in v10', () => {
  expect(new Management({ domain: 'tenant.example.com', token: 'token' }).baseOptions.rootUrl).toBe(
    'https://tenant.example.com/api/v2',
  );
  const webAuth = new WebAuth({
    domain: 'tenant.example.com',
    clientID: 'CID',
    [customEnvironment]: fakeEnv(),
  } as never);
  expect(webAuth.baseOptions.token_issuer).toBe('https://tenant.example.com/');
});
