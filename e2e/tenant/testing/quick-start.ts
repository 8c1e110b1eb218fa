/**
 * Tenants for tests that check neither the password hashing nor the signing key (issue 34). Every
 * start hashed the definition's passwords with scrypt at the default cost (about 50 ms of CPU a
 * password) and made a new RSA key (about 200 ms): the tenant's own suite started 85 tenants. Here
 * passwords are hashed at the lowest cost the tenant accepts, and one key serves a test process.
 * Options a test passes win over these; tests of the cost or of key generation use `startTenant`.
 */
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { startTenant, type RunningTenant, type TenantOptions } from '../server/server.js';

let signingKey: Promise<JWK> | undefined;

/** `passwordHashCost` and `signingKey` for a test's tenant. */
export async function quickTenantOptions(): Promise<Pick<TenantOptions, 'passwordHashCost' | 'signingKey'>> {
  signingKey ??= generateKeyPair('RS256', { modulusLength: 2048, extractable: true }).then(({ privateKey }) =>
    exportJWK(privateKey),
  );
  return { passwordHashCost: 1024, signingKey: await signingKey };
}

/** `startTenant` with {@link quickTenantOptions} under the test's own options. */
export async function startQuickTenant(options: TenantOptions = {}): Promise<RunningTenant> {
  return startTenant({ ...(await quickTenantOptions()), ...options });
}
