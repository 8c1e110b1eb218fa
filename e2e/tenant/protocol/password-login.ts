/**
 * Credential checks shared by every endpoint that takes a password (/co/authenticate, the hosted
 * page, /oauth/token, /oauth/ro) or a passwordless code, with brute-force protection.
 */
import { createHmac } from 'node:crypto';
import type { DatabaseConnection, PasswordlessConnection } from '../config/model.js';
import type { RequestContext } from '../http/types.js';
import { isEmail, isPhoneNumber } from '../http/params.js';
import type { StoredUser } from '../state/users.js';

export type LoginFailure = 'wrong' | 'blocked' | 'leaked' | 'too_many_attempts' | 'suspicious_ip';
export type LoginOutcome = { ok: true; user: StoredUser } | { ok: false; reason: LoginFailure };

export const WRONG_CREDENTIALS = 'Wrong email or password.';
export const PASSWORD_LEAKED =
  "This login attempt has been blocked because the password you're using was previously disclosed through a data breach (not in this application).";

export async function passwordLogin(
  ctx: RequestContext,
  connection: DatabaseConnection,
  login: string,
  password: string,
): Promise<LoginOutcome> {
  const { bruteForce, users } = ctx.tenant;
  const verdict = bruteForce.check(connection.name, login, ctx.ip);
  if (verdict === 'user_blocked') return { ok: false, reason: 'too_many_attempts' };
  if (verdict === 'ip_blocked') return { ok: false, reason: 'suspicious_ip' };
  const user = login && password ? await users.authenticate(connection.name, login, password) : undefined;
  if (!user) {
    bruteForce.recordFailure(connection.name, login, ctx.ip);
    return { ok: false, reason: 'wrong' };
  }
  bruteForce.recordSuccess(connection.name, login, ctx.ip);
  if (user.blocked) return { ok: false, reason: 'blocked' };
  if (connection.breachedPasswords.has(password)) return { ok: false, reason: 'leaked' };
  return { ok: true, user };
}

/** The wrong-code message, worded for the channel. */
export function wrongCodeMessage(connection: PasswordlessConnection): string {
  return connection.strategy === 'sms'
    ? 'Wrong phone number or verification code.'
    : 'Wrong email or verification code.';
}

/** True when `recipient` has the shape the connection sends to. */
export function isRecipient(connection: PasswordlessConnection, recipient: string): boolean {
  return connection.strategy === 'sms' ? isPhoneNumber(recipient) : isEmail(recipient);
}

/**
 * The id (after `email|` / `sms|`) of the passwordless user for `recipient`: the existing user's,
 * or the one the first login will create (derived from the recipient with the tenant secret), so
 * /passwordless/start can already answer it as `_id`.
 */
export function passwordlessIdBody(ctx: RequestContext, connection: PasswordlessConnection, recipient: string): string {
  const existing = findPasswordlessUser(ctx, connection, recipient);
  if (existing) return existing.userId.slice(existing.userId.indexOf('|') + 1);
  return createHmac('sha256', ctx.tenant.secret)
    .update(`${connection.name}|${recipient.trim().toLowerCase()}`)
    .digest('hex')
    .slice(0, 24);
}

function findPasswordlessUser(
  ctx: RequestContext,
  connection: PasswordlessConnection,
  recipient: string,
): StoredUser | undefined {
  const { users } = ctx.tenant;
  return connection.strategy === 'sms'
    ? users.findByPhone(connection.name, recipient.trim())
    : users.findByEmail(connection.name, recipient);
}

/** The passwordless user for `recipient`, created at the first successful login. */
export function passwordlessUser(
  ctx: RequestContext,
  connection: PasswordlessConnection,
  recipient: string,
): StoredUser {
  const { users } = ctx.tenant;
  const now = new Date(ctx.tenant.state.now()).toISOString();
  const existing = findPasswordlessUser(ctx, connection, recipient);
  if (existing) return users.markVerified(existing.userId, now) ?? existing;
  const email = connection.strategy === 'email' ? recipient.trim().toLowerCase() : '';
  return users.insert({
    userId: `${connection.strategy}|${passwordlessIdBody(ctx, connection, recipient)}`,
    connection: connection.name,
    email,
    emailVerified: email !== '',
    phoneNumber: connection.strategy === 'sms' ? recipient : undefined,
    phoneVerified: connection.strategy === 'sms' ? true : undefined,
    name: email || recipient,
    nickname: email ? (email.split('@')[0] ?? email) : recipient,
    createdAt: now,
    updatedAt: now,
  });
}

/** Checks and uses a passwordless code; the user is found or created on success. */
export function otpLogin(
  ctx: RequestContext,
  connection: PasswordlessConnection,
  recipient: string,
  code: string,
): LoginOutcome {
  if (!isRecipient(connection, recipient)) return { ok: false, reason: 'wrong' };
  if (ctx.tenant.otps.consume(connection.name, recipient, code) !== 'ok') return { ok: false, reason: 'wrong' };
  const user = passwordlessUser(ctx, connection, recipient);
  return user.blocked ? { ok: false, reason: 'blocked' } : { ok: true, user };
}
