/**
 * The messages the tenant would send by email or SMS (passwordless codes and links, password
 * reset links). Nothing is ever sent: tests read them from `RunningTenant.outbox` or, with
 * `--test-endpoints`, from `GET /__admin/outbox`.
 */
import { opaqueId } from './state.js';

export type MessageKind = 'passwordless_code' | 'passwordless_link' | 'change_password';

export interface OutboxMessage {
  readonly id: string;
  readonly channel: 'email' | 'sms';
  /** Email address or E.164 phone number. */
  readonly to: string;
  readonly kind: MessageKind;
  readonly connection: string;
  readonly clientId?: string | undefined;
  /** The one-time code, for passwordless messages. */
  readonly code?: string | undefined;
  /** The link to follow, for link and change-password messages. */
  readonly link?: string | undefined;
  readonly subject?: string | undefined;
  readonly text: string;
  /** `X-Request-Language` of the request that caused the message, when given. */
  readonly language?: string | undefined;
  readonly time: number;
}

export class Outbox {
  /** Mutated in place so `RunningTenant.outbox` stays live. */
  readonly messages: OutboxMessage[] = [];

  constructor(private readonly now: () => number) {}

  add(message: Omit<OutboxMessage, 'id' | 'time'>): OutboxMessage {
    const full: OutboxMessage = { id: opaqueId(9), time: this.now(), ...message };
    this.messages.push(full);
    return full;
  }

  clear(): void {
    this.messages.length = 0;
  }
}
