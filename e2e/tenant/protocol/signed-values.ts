/**
 * Values the tenant hands to a browser and must get back unchanged (the hosted page's login state
 * and CSRF token, the login callback form): compact JWS, HS256 with a per-start secret, each with
 * a purpose so one kind can never stand in for another.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import type { TenantContext } from '../state/context.js';

export type Purpose = 'login-state' | 'csrf' | 'login-callback';

export async function signValue(
  tenant: TenantContext,
  purpose: Purpose,
  claims: Record<string, unknown>,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(tenant.state.now() / 1000);
  return new SignJWT({ ...claims, pur: purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(tenant.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(tenant.secret);
}

/** The payload when `value` is a live value of this tenant for `purpose`; undefined otherwise. */
export async function verifyValue(
  tenant: TenantContext,
  purpose: Purpose,
  value: unknown,
): Promise<JWTPayload | undefined> {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096) return undefined;
  try {
    const { payload } = await jwtVerify(value, tenant.secret, {
      issuer: tenant.issuer,
      algorithms: ['HS256'],
      currentDate: new Date(tenant.state.now()),
    });
    return payload['pur'] === purpose ? payload : undefined;
  } catch {
    return undefined;
  }
}
