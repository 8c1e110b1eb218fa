/**
 * Server-provided DPoP nonces (RFC 9449 §8): one current nonce, replaced after its lifetime; the
 * one before it stays valid so a proof made just before a change is not refused.
 */
import { opaqueId } from './state.js';

export const DPOP_NONCE_TTL_MS = 5 * 60 * 1000;

export class DpopNonces {
  private current = opaqueId(16);
  private previous: string | undefined;
  private since: number;

  constructor(private readonly now: () => number) {
    this.since = now();
  }

  /** The nonce clients must use now. */
  issue(): string {
    if (this.now() - this.since >= DPOP_NONCE_TTL_MS) {
      this.previous = this.current;
      this.current = opaqueId(16);
      this.since = this.now();
    }
    return this.current;
  }

  isValid(nonce: unknown): boolean {
    this.issue();
    return typeof nonce === 'string' && (nonce === this.current || nonce === this.previous);
  }

  clear(): void {
    this.current = opaqueId(16);
    this.previous = undefined;
    this.since = this.now();
  }
}
