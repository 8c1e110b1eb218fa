/**
 * Refresh tokens with rotation: every use returns a new token of the same family and retires the
 * old one. Presenting a retired token again (reuse) revokes the whole family (OAuth 2.0 Security
 * BCP §4.14.2), which is a deliberate state change, not a partial one.
 */
import { opaqueId } from './state.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface RefreshToken {
  readonly token: string;
  readonly family: string;
  readonly clientId: string;
  readonly userId: string;
  /** The granted scope (offline_access included). */
  readonly scope: string;
  readonly audience?: string | undefined;
  readonly organization?: string | undefined;
  readonly authTime: number;
  readonly sid: string;
  /** DPoP: the thumbprint of the key the token is bound to; every refresh must prove it. */
  readonly jkt?: string | undefined;
  readonly expiresAt: number;
  /** Set when the token was exchanged: it is retired, and a reuse revokes the family. */
  readonly usedAt?: number | undefined;
}

export type RefreshLookup =
  { kind: 'live'; token: RefreshToken } | { kind: 'reused'; token: RefreshToken } | { kind: 'unknown' };

export class RefreshTokenStore {
  private readonly tokens = new Map<string, RefreshToken>();
  onChange: () => void = () => undefined;

  constructor(private readonly now: () => number) {}

  issue(input: Omit<RefreshToken, 'token' | 'family' | 'expiresAt' | 'usedAt'>, family?: string): RefreshToken {
    const token: RefreshToken = {
      ...input,
      token: opaqueId(32),
      family: family ?? opaqueId(12),
      expiresAt: this.now() + REFRESH_TOKEN_TTL_MS,
    };
    this.tokens.set(token.token, token);
    this.onChange();
    return token;
  }

  lookup(token: string): RefreshLookup {
    const found = this.tokens.get(token);
    if (!found || found.expiresAt <= this.now()) return { kind: 'unknown' };
    return found.usedAt === undefined ? { kind: 'live', token: found } : { kind: 'reused', token: found };
  }

  /** Retires `old` and issues its successor in the same family. */
  rotate(old: RefreshToken, scope: string): RefreshToken {
    this.tokens.set(old.token, { ...old, usedAt: this.now() });
    const { token: _t, family, expiresAt: _e, usedAt: _u, ...rest } = old;
    return this.issue({ ...rest, scope }, family);
  }

  revokeFamily(family: string): void {
    for (const [key, t] of this.tokens) if (t.family === family) this.tokens.delete(key);
    this.onChange();
  }

  revokeUser(userId: string): void {
    for (const [key, t] of this.tokens) if (t.userId === userId) this.tokens.delete(key);
    this.onChange();
  }

  all(): RefreshToken[] {
    return [...this.tokens.values()].filter((t) => t.expiresAt > this.now());
  }

  restore(tokens: readonly RefreshToken[]): void {
    for (const t of tokens) this.tokens.set(t.token, t);
  }

  clear(): void {
    this.tokens.clear();
  }
}
