/** Tenant definitions in code: the built-in one with the test's own users, clients and connections. */
import { defaultDefinition } from '../config/defaults.js';
import type { ClientDefinition, ConnectionDefinition, TenantDefinition, UserDefinition } from '../config/definition.js';

/** What to add to (or replace in) a definition. */
export interface DefinitionChanges {
  /** Users to add, by connection name (the connection must exist in the result). */
  users?: Record<string, UserDefinition[]>;
  /** Clients to add; one with an existing `client_id` replaces it. */
  clients?: ClientDefinition[];
  /** Connections to add; one with an existing `name` replaces it. */
  connections?: ConnectionDefinition[];
}

/**
 * A definition for `startTenant({ config })`: `base` (default the built-in definition, whose
 * clients, connections and users the README lists) with `changes` applied. The tenant checks the
 * result strictly at start, as it checks a `--config` file.
 *
 * @example
 * ```ts
 * const tenant = await startTenant({
 *   config: defineTenant({
 *     users: { 'Username-Password-Authentication': [{ user_id: 'auth0|zoe', email: 'zoe@example.com', password: 'Passw0rd!zoe' }] },
 *   }),
 * });
 * ```
 */
export function defineTenant(
  changes: DefinitionChanges,
  base: TenantDefinition = defaultDefinition(),
): TenantDefinition {
  const definition = structuredClone(base);
  definition.connections = upsert(definition.connections, changes.connections ?? [], (c) => c.name);
  definition.clients = upsert(definition.clients, changes.clients ?? [], (c) => c.client_id);
  for (const [name, users] of Object.entries(changes.users ?? {})) {
    const connection = definition.connections.find((c) => c.name === name);
    if (!connection) throw new Error(`defineTenant: no connection named ${JSON.stringify(name)}`);
    connection.users = [...(connection.users ?? []), ...structuredClone(users)];
  }
  return definition;
}

function upsert<T>(list: T[], additions: readonly T[], key: (item: T) => string): T[] {
  const out = [...list];
  for (const item of structuredClone(additions)) {
    const at = out.findIndex((x) => key(x) === key(item));
    if (at === -1) out.push(item);
    else out[at] = item;
  }
  return out;
}
