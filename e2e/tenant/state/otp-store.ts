/**
 * Passwordless one-time codes: one live code per connection and recipient (a new start replaces
 * it), expiring, single use, and revoked after MAX_OTP_ATTEMPTS wrong guesses.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { ExpiringMap } from '../core/expiring-map.js';

export const MAX_OTP_ATTEMPTS = 5;

export interface OtpEntry {
  readonly code: string;
  readonly connection: string;
  /** Lower-cased email or E.164 phone number. */
  readonly recipient: string;
  readonly clientId: string;
  readonly expiresAt: number;
  attempts: number;
}

export type OtpCheck = 'ok' | 'wrong';

export function otpKey(connection: string, recipient: string): string {
  return `${connection}|${recipient.trim().toLowerCase()}`;
}

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class OtpStore {
  private readonly entries: ExpiringMap<OtpEntry>;

  constructor(private readonly now: () => number) {
    this.entries = new ExpiringMap(now);
  }

  issue(connection: string, recipient: string, clientId: string, length: number, ttlSeconds: number): OtpEntry {
    const code = Array.from({ length }, () => String(randomInt(10))).join('');
    const entry: OtpEntry = {
      code,
      connection,
      recipient: recipient.trim().toLowerCase(),
      clientId,
      expiresAt: this.now() + ttlSeconds * 1000,
      attempts: 0,
    };
    return this.entries.set(otpKey(connection, recipient), entry);
  }

  /** Checks without using the code; a wrong guess counts towards revocation. */
  check(connection: string, recipient: string, code: string): OtpCheck {
    const key = otpKey(connection, recipient);
    const entry = this.entries.get(key);
    if (!entry) return 'wrong';
    if (sameCode(entry.code, code)) return 'ok';
    entry.attempts += 1;
    if (entry.attempts >= MAX_OTP_ATTEMPTS) this.entries.delete(key);
    return 'wrong';
  }

  /** Checks and, when right, uses the code up. */
  consume(connection: string, recipient: string, code: string): OtpCheck {
    const result = this.check(connection, recipient, code);
    if (result === 'ok') this.entries.delete(otpKey(connection, recipient));
    return result;
  }

  clear(): void {
    this.entries.clear();
  }
}
