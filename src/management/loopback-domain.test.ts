/**
 * Known bug (reported by the examples work, not fixed here): Authentication accepts a loopback
 * `http://` domain for local development (`rootUrlFor`), but Management and the expected ID-token
 * issuer still prefix `https://`, so the SPA example needs `overrides.__token_issuer` over HTTP and
 * Management cannot reach a plain-HTTP local tenant at all ("Request failed"). Remove `.fails`
 * once they follow `rootUrlFor`.
 */
import { describe, expect, it } from 'vitest';
import { fakeEnv } from '../testing/fake-env.js';
import { customEnvironment } from '../web-auth/injection.js';
import { WebAuth } from '../web-auth/web-auth.js';
import { Management } from './management.js';

const DOMAIN = 'http://localhost:4400';

describe('a loopback http:// domain, as Authentication takes it', () => {
  it.fails('Management calls the API under that URL', () => {
    const management = new Management({ domain: DOMAIN, token: 'token' });
    expect(management.baseOptions.rootUrl).toBe(`${DOMAIN}/api/v2`);
  });

  it.fails('WebAuth expects ID tokens from that issuer', () => {
    const webAuth = new WebAuth({ domain: DOMAIN, clientID: 'CID', [customEnvironment]: fakeEnv() } as never);
    expect(webAuth.baseOptions.token_issuer).toBe(`${DOMAIN}/`);
  });
});
