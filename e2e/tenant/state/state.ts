/**
 * Per-tenant mutable state other than users: login sessions, pending login transactions, codes,
 * consents and the request log. The other stores (refresh tokens, tickets, codes, outbox, …) hang
 * off this object so that one `reset()` clears them all.
 */
import { randomBytes } from 'node:crypto';
import { ExpiringMap } from '../core/expiring-map.js';

/** One request as the log keeps it (`RunningTenant.requests`, `/__admin/requests`). */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  time: number;
}

export type ResponseKind = 'code' | 'token' | 'id_token';
export type ResponseMode = 'query' | 'fragment' | 'form_post' | 'web_message';

/** A validated /authorize request: protocol/authorize-request.ts parses it, transactions keep it. */
export interface AuthorizeRequest {
  readonly clientId: string;
  /** The validated redirect URI, serialised by the URL parser. */
  readonly redirectUri: string;
  readonly responseTypes: readonly ResponseKind[];
  readonly responseMode: ResponseMode;
  /** As requested (`openid` when absent); what is granted is decided by scopes.ts. */
  readonly scope: string;
  readonly audience?: string | undefined;
  readonly state?: string | undefined;
  readonly nonce?: string | undefined;
  readonly prompt: readonly string[];
  readonly maxAge?: number | undefined;
  readonly connection?: string | undefined;
  /** The organization's id (an organization name is resolved). */
  readonly organization?: string | undefined;
  readonly invitation?: string | undefined;
  readonly loginHint?: string | undefined;
  readonly screenHint?: string | undefined;
  /** PKCE, S256 only. */
  readonly codeChallenge?: string | undefined;
  readonly loginTicket?: string | undefined;
}

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
  /** The connection the user signed in with (for /user/ssodata). */
  readonly connection: string;
  /** Clients that received tokens in this session, in order. */
  readonly clients: string[];
}

export interface Transaction {
  readonly id: string;
  readonly request: AuthorizeRequest;
  readonly expiresAt: number;
}

/** An authorization code waiting for the token exchange. */
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
  private readonly sessions: ExpiringMap<Session>;
  private readonly transactions: ExpiringMap<Transaction>;
  private readonly codes: ExpiringMap<CodeGrant>;
  /** `<userId> <clientId>` → scopes the user consented to (third-party clients). */
  private readonly consents = new Map<string, Set<string>>();
  /** Other stores register here to be cleared by reset(). */
  private readonly resettable: Array<{ clear(): void }> = [];
  /** Called after a change that --data persists (sessions). */
  onChange: () => void = () => undefined;

  constructor(readonly now: () => number = Date.now) {
    this.sessions = new ExpiringMap(now);
    this.transactions = new ExpiringMap(now);
    this.codes = new ExpiringMap(now);
  }

  register<T extends { clear(): void }>(store: T): T {
    this.resettable.push(store);
    return store;
  }

  createSession(userId: string, connection = ''): Session {
    const now = this.now();
    const session: Session = {
      id: opaqueId(32),
      userId,
      sid: opaqueId(16),
      authTime: Math.floor(now / 1000),
      expiresAt: now + SESSION_TTL_MS,
      connection,
      clients: [],
    };
    this.sessions.set(session.id, session);
    this.onChange();
    return session;
  }

  getSession(id: string | undefined): Session | undefined {
    return this.sessions.get(id);
  }

  /** Records that `clientId` got tokens in this session. */
  addSessionClient(session: Session, clientId: string): void {
    if (!session.clients.includes(clientId)) {
      session.clients.push(clientId);
      this.onChange();
    }
  }

  deleteSession(id: string | undefined): void {
    if (id !== undefined && this.sessions.get(id)) {
      this.sessions.delete(id);
      this.onChange();
    }
  }

  /** Ends every session of a user (password change, block). */
  deleteUserSessions(userId: string): void {
    for (const s of this.sessions.values()) if (s.userId === userId) this.sessions.delete(s.id);
    this.onChange();
  }

  allSessions(): Session[] {
    return this.sessions.values();
  }

  /** Restores persisted sessions (--data). */
  restoreSessions(sessions: readonly Session[]): void {
    for (const s of sessions) this.sessions.set(s.id, s);
  }

  createTransaction(request: AuthorizeRequest): Transaction {
    const tx: Transaction = { id: opaqueId(), request, expiresAt: this.now() + TRANSACTION_TTL_MS };
    return this.transactions.set(tx.id, tx);
  }

  getTransaction(id: string | undefined): Transaction | undefined {
    return this.transactions.get(id);
  }

  deleteTransaction(id: string): void {
    this.transactions.delete(id);
  }

  createCode(grant: Omit<CodeGrant, 'code' | 'expiresAt'>): CodeGrant {
    const code: CodeGrant = { ...grant, code: opaqueId(), expiresAt: this.now() + CODE_TTL_MS };
    return this.codes.set(code.code, code);
  }

  /** Looks a code up without using it: a failed exchange must not burn the code. */
  peekCode(code: string): CodeGrant | undefined {
    return this.codes.get(code);
  }

  /** Codes are single use: reading one removes it. */
  takeCode(code: string): CodeGrant | undefined {
    return this.codes.take(code);
  }

  consentedScopes(userId: string, clientId: string): ReadonlySet<string> {
    return this.consents.get(`${userId} ${clientId}`) ?? new Set();
  }

  addConsent(userId: string, clientId: string, scopes: Iterable<string>): void {
    const key = `${userId} ${clientId}`;
    const set = this.consents.get(key) ?? new Set<string>();
    for (const s of scopes) set.add(s);
    this.consents.set(key, set);
  }

  reset(): void {
    this.requests.length = 0;
    this.sessions.clear();
    this.transactions.clear();
    this.codes.clear();
    this.consents.clear();
    for (const store of this.resettable) store.clear();
    this.onChange();
  }
}
