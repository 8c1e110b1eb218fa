/** Password reset tickets (the links change_password sends): single use, one hour. */
import { ExpiringMap } from '../core/expiring-map.js';
import { opaqueId } from './state.js';

export const RESET_TICKET_TTL_MS = 60 * 60 * 1000;

export interface ResetTicket {
  readonly ticket: string;
  readonly userId: string;
  readonly clientId: string;
  readonly expiresAt: number;
}

export class ResetTicketStore {
  private readonly tickets: ExpiringMap<ResetTicket>;

  constructor(private readonly now: () => number) {
    this.tickets = new ExpiringMap(now);
  }

  issue(userId: string, clientId: string): ResetTicket {
    const t: ResetTicket = { ticket: opaqueId(24), userId, clientId, expiresAt: this.now() + RESET_TICKET_TTL_MS };
    return this.tickets.set(t.ticket, t);
  }

  get(ticket: string | undefined): ResetTicket | undefined {
    return this.tickets.get(ticket);
  }

  consume(ticket: string): void {
    this.tickets.delete(ticket);
  }

  clear(): void {
    this.tickets.clear();
  }
}
