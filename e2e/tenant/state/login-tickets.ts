/**
 * Cross-origin authentication tickets: `/co/authenticate` proves the credentials and hands out a
 * `login_ticket`; `/authorize?login_ticket=…` turns it into a session, once, in the same browser
 * (cookie) or after the cross-origin verification page returned the matching `co_verifier`.
 */
import type { AuthorizeRequest } from './state.js';
import { ExpiringMap } from '../core/expiring-map.js';
import { opaqueId } from './state.js';

export const LOGIN_TICKET_TTL_MS = 5 * 60 * 1000;

export interface LoginTicket {
  readonly ticket: string;
  readonly coId: string;
  readonly coVerifier: string;
  readonly clientId: string;
  readonly userId: string;
  readonly connection: string;
  readonly expiresAt: number;
}

/** A login ticket waiting for the cross-origin verification page (third-party cookies blocked). */
export interface Verification {
  readonly id: string;
  readonly ticket: string;
  readonly request: AuthorizeRequest;
  readonly expiresAt: number;
}

export class LoginTicketStore {
  private readonly tickets: ExpiringMap<LoginTicket>;
  private readonly verifications: ExpiringMap<Verification>;

  constructor(private readonly now: () => number) {
    this.tickets = new ExpiringMap(now);
    this.verifications = new ExpiringMap(now);
  }

  startVerification(ticket: LoginTicket, request: AuthorizeRequest): Verification {
    const v: Verification = { id: opaqueId(18), ticket: ticket.ticket, request, expiresAt: ticket.expiresAt };
    return this.verifications.set(v.id, v);
  }

  getVerification(id: string | undefined): Verification | undefined {
    return this.verifications.get(id);
  }

  /** One attempt per verification: it is used up whatever the outcome. */
  takeVerification(id: string | undefined): Verification | undefined {
    return this.verifications.take(id);
  }

  issue(clientId: string, userId: string, connection: string): LoginTicket {
    const t: LoginTicket = {
      ticket: opaqueId(24),
      coId: opaqueId(12),
      coVerifier: opaqueId(24),
      clientId,
      userId,
      connection,
      expiresAt: this.now() + LOGIN_TICKET_TTL_MS,
    };
    return this.tickets.set(t.ticket, t);
  }

  get(ticket: string | undefined): LoginTicket | undefined {
    return this.tickets.get(ticket);
  }

  consume(ticket: string): void {
    this.tickets.delete(ticket);
  }

  clear(): void {
    this.tickets.clear();
    this.verifications.clear();
  }
}
