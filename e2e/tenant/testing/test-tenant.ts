/** Suite setup shared by the tenant's HTTP tests. */
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { afterAll, expect, vi } from 'vitest';
import { type RunningTenant, type TenantOptions } from '../server/server.js';
import { startQuickTenant } from './quick-start.js';
import { send } from './test-client.js';

/** Starts a plain-HTTP tenant and reads its published key set, to verify tokens independently. */
export async function startTenantWithKeys(
  options: TenantOptions = { http: true },
): Promise<{ tenant: RunningTenant; jwks: JWTVerifyGetKey }> {
  const tenant = await startQuickTenant(options);
  const jwks = createLocalJWKSet((await send(tenant, '/.well-known/jwks.json')).json() as JSONWebKeySet);
  return { tenant, jwks };
}

/**
 * Fails the suite if anything reached `console.error` (the tenant's "unexpected error" path).
 * Registered before the suite's own afterAll so it runs after the tenant has closed.
 */
export function failOnConsoleError(): void {
  const consoleError = vi.spyOn(console, 'error');
  afterAll(() => {
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
}
