import type { KeyValueStore } from '../types.js';
/**
 * v10's `ssodataStorage`: the hint `auth0.ssodata` that a validated login leaves behind (the
 * connection and the user it signed in with), which `getSSOData` reads back.
 */

/** The stored hint. */
export interface SsoHint {
  lastUsedConnection?: string;
  lastUsedSub?: string;
}

const KEY = 'auth0.ssodata';

/** Reads and writes the SSO hint in a transaction store, as v10's `ssodataStorage` did. */
export class SsoDataStorage {
  constructor(private readonly store: KeyValueStore) {}

  /** The hint, or undefined when there is none or it cannot be read. */
  get(): SsoHint | undefined {
    try {
      const stored = this.store.get(KEY);
      // v10 stored a JSON string; a store that decodes JSON may hand it over either way.
      return (typeof stored === 'string' ? JSON.parse(stored) : stored) || undefined;
    } catch {
      return undefined; // a damaged hint only costs the connection hint
    }
  }

  /** Remembers the connection and the user (`sub`) of the last login. */
  set(connection: string | undefined, sub: string | undefined): void {
    this.store.set(KEY, JSON.stringify({ lastUsedConnection: connection, lastUsedSub: sub }));
  }
}
