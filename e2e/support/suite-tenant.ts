/**
 * What the browser suites' tenants share within one test process (issue 34). Logins verify the
 * password with scrypt every time (about 380 a run, 53 ms of CPU each at the tenant's default
 * cost), and every start made a new RSA signing key (about 156 ms of CPU): here passwords are
 * hashed at the lowest cost the tenant accepts, and the process's tenants sign with one key.
 * Neither is what a test checks; options a test passes win over these. The tenant's own tests do
 * the same (e2e/tenant/testing/quick-start.ts; outside the tenant only its entries are imported).
 */
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { TenantOptions } from '../tenant/index.js';

let signingKey: Promise<JWK> | undefined;

/** `passwordHashCost` and `signingKey` for a suite's tenant. */
export async function suiteTenantOptions(): Promise<Pick<TenantOptions, 'passwordHashCost' | 'signingKey'>> {
  signingKey ??= generateKeyPair('RS256', { modulusLength: 2048, extractable: true }).then(({ privateKey }) =>
    exportJWK(privateKey),
  );
  return { passwordHashCost: 1024, signingKey: await signingKey };
}
