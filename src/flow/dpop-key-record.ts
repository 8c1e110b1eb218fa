/**
 * Where a DPoP key pair is stored: the key store's (DPoP's chunk) and `logout`'s, which deletes it
 * from the main file when that chunk cannot load, so the pair never outlives the token bound to it.
 */
import { createStore, del } from 'idb-keyval';
import type { RedirectEnv } from '../browser/env.js';
import { idbWithin } from '../browser/idb-deadline.js';

// A database of its own: idb-keyval creates one object store per database on first open, so the
// key-set cache's database ('webauth-js') cannot gain a second store later.
export const dpopKeyStore = createStore('webauth-js-dpop', 'keys');

/** The store's key for a domain and client id (unambiguous whatever characters they hold). */
export const dpopKeyId = (domain: string, clientID: string) => JSON.stringify([domain, clientID]);

/** Deletes the stored pair `id` ({@link dpopKeyId}) within `ms`; never rejects. */
export const deleteStoredDpopKey = (env: Pick<RedirectEnv, 'timer'>, ms: number, id: string): Promise<unknown> =>
  idbWithin(env, ms, () => del(id, dpopKeyStore)).catch(() => undefined);
