/**
 * Values the tenant hands to a browser and must get back unchanged (the hosted page's login state
 * and CSRF token, the login callback form): compact JWS, HS256 with a per-start secret, each with
 * a purpose so one kind can never stand in for another.
 */
import type { JWTPayload } from 'jose';
import type { TenantContext } from '../state/context.js';
import { signHs256, verifyHs256 } from './jws.js';

export type Purpose = 'login-state' | 'csrf' | 'login-callback';

/** A promise, as callers await it, though HS256 is computed synchronously (a few µs). */
export function signValue(
  tenant: TenantContext,
  purpose: Purpose,
  claims: Record<string, unknown>,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(tenant.state.now() / 1000);
  return Promise.resolve(
    signHs256({ ...claims, pur: purpose, iss: tenant.issuer, iat, exp: iat + ttlSeconds }, tenant.secret),
  );
}

/** The payload when `value` is a live value of this tenant for `purpose`; undefined otherwise. */
export function verifyValue(tenant: TenantContext, purpose: Purpose, value: unknown): Promise<JWTPayload | undefined> {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096) return Promise.resolve(undefined);
  const payload = verifyHs256(value, tenant.secret);
  const exp = payload?.['exp'];
  // Live (exp strictly in the future), this tenant's, and made for this purpose.
  const valid =
    payload !== undefined &&
    payload['iss'] === tenant.issuer &&
    typeof exp === 'number' &&
    exp > Math.floor(tenant.state.now() / 1000) &&
    payload['pur'] === purpose;
  // `exp` is a number and `iss` a string, as JWTPayload types them.
  return Promise.resolve(valid ? (payload as JWTPayload) : undefined);
}
