/**
 * What tests know about the built-in definition: its names and values (config/builtin.ts) and its
 * clients as the running tenant models them. Only tests and test helpers import this module.
 */
import { defaultDefinition } from '../config/defaults.js';
import { buildModel } from '../config/model.js';
import type { Client } from '../config/model.js';

export * from '../config/builtin.js';

let builtInClients: ReadonlyMap<string, Client> | undefined;

/**
 * A client of the **built-in** definition. Route code uses `ctx.tenant.findClient`, which also
 * knows the clients of a `--config` file. Here grants are keyed by API identifier, with the
 * Management API under `/api/v2/` (its real audience needs the running tenant's issuer).
 */
export function findClient(clientId: string | undefined): Client | undefined {
  builtInClients ??= buildModel(defaultDefinition(), '/').clients;
  return clientId === undefined ? undefined : builtInClients.get(clientId);
}
