/**
 * Per-tenant mutable state: login sessions, pending authorize transactions, issued codes and the
 * request log. Expiry is checked lazily on read (no timers, so a tenant never keeps a process alive).
 */
import { randomBytes } from 'node:crypto';
import type { AuthorizeRequest } from './authorize-request.js';
import type { RecordedRequest } from './server.js';

export const TRANSACTION_TTL_MS = 10 * 60 * 1000;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export interface Session {
  readonly id: string;
  readonly userId: string;
  /** Public session id, the ID token's `sid`; distinct from the cookie value, which stays secret. */
  readonly sid: string;
  /** Seconds since the epoch, the ID token's `auth_time`. */
  readonly authTime: number;
  readonly expiresAt: number;
}

export interface Transaction {
  readonly id: string;
  readonly request: AuthorizeRequest;
  readonly expiresAt: number;
}

/** An authorization code waiting for the token exchange (implemented by a later issue). */
export interface CodeGrant {
  readonly code: string;
  readonly request: AuthorizeRequest;
  readonly userId: string;
  readonly sid: string;
  readonly authTime: number;
  readonly expiresAt: number;
}

export function opaqueId(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export class TenantState {
  /** Mutated in place (never reassigned) so `RunningTenant.requests` stays the live log. */
  readonly requests: RecordedRequest[] = [];
  private readonly sessions = new Map<string, Session>();
  private readonly transactions = new Map<string, Transaction>();
  private readonly codes = new Map<string, CodeGrant>();

  constructor(readonly now: () => number = Date.now) {}

  createSession(userId: string): Session {
    const now = this.now();
    const session: Session = {
      id: opaqueId(32),
      userId,
      sid: opaqueId(16),
      authTime: Math.floor(now / 1000),
      expiresAt: now + SESSION_TTL_MS,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  getSession(id: string | undefined): Session | undefined {
    return id === undefined ? undefined : this.live(this.sessions, id);
  }

  deleteSession(id: string | undefined): void {
    if (id !== undefined) this.sessions.delete(id);
  }

  createTransaction(request: AuthorizeRequest): Transaction {
    this.prune(this.transactions);
    const tx: Transaction = { id: opaqueId(), request, expiresAt: this.now() + TRANSACTION_TTL_MS };
    this.transactions.set(tx.id, tx);
    return tx;
  }

  getTransaction(id: string | undefined): Transaction | undefined {
    return id === undefined ? undefined : this.live(this.transactions, id);
  }

  deleteTransaction(id: string): void {
    this.transactions.delete(id);
  }

  createCode(grant: Omit<CodeGrant, 'code' | 'expiresAt'>): CodeGrant {
    this.prune(this.codes);
    const code: CodeGrant = { ...grant, code: opaqueId(), expiresAt: this.now() + CODE_TTL_MS };
    this.codes.set(code.code, code);
    return code;
  }

  /** Codes are single use: reading one removes it. */
  takeCode(code: string): CodeGrant | undefined {
    const grant = this.live(this.codes, code);
    this.codes.delete(code);
    return grant;
  }

  reset(): void {
    this.requests.length = 0;
    this.sessions.clear();
    this.transactions.clear();
    this.codes.clear();
  }

  private live<T extends { expiresAt: number }>(map: Map<string, T>, key: string): T | undefined {
    const item = map.get(key);
    if (item && item.expiresAt <= this.now()) {
      map.delete(key);
      return undefined;
    }
    return item;
  }

  private prune<T extends { expiresAt: number }>(map: Map<string, T>): void {
    const now = this.now();
    for (const [key, item] of map) if (item.expiresAt <= now) map.delete(key);
  }
}
