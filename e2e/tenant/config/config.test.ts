import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDefinition } from './defaults.js';
import type { TenantDefinition } from './definition.js';
import { DefinitionError, loadDefinitionFile, validateDefinition } from './load.js';
import { CURRENT_USER_SCOPES, MANAGEMENT_CATALOGUE_SCOPES, MANAGEMENT_SCOPES } from './management-scopes.js';
import { buildModel } from './model.js';
import { findClient, MGMT_GLOBAL, MGMT_LOCAL, WEB_MTLS_CLIENT_ID } from '../testing/fixtures.js';
import { startTenant } from '../server/server.js';
import { send } from '../testing/test-client.js';

const dir = mkdtempSync(join(tmpdir(), 'tenant-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function problems(def: unknown): string[] {
  try {
    validateDefinition(def);
  } catch (err) {
    if (err instanceof DefinitionError) return [...err.problems];
    throw err;
  }
  return [];
}

const base = (): TenantDefinition => defaultDefinition();

describe('tenant definition', () => {
  it('validates the built-in definition and lists every fixture client', () => {
    expect(problems(base())).toEqual([]);
    expect(base().clients.map((c) => c.client_id)).toEqual([
      'spa-client',
      'hs256-client',
      'third-party-spa',
      'web-secret-post',
      'web-secret-basic',
      'web-private-key-jwt',
      'web-mtls',
      'mgmt-global',
      'mgmt-local',
    ]);
  });

  it('expands the Management API catalogue from the seed table', () => {
    expect(MANAGEMENT_CATALOGUE_SCOPES).toContain('read:user_attribute_profiles');
    expect(MANAGEMENT_CATALOGUE_SCOPES).toContain('create:users');
    expect(MANAGEMENT_CATALOGUE_SCOPES).toContain('delete:current_user');
    expect(MANAGEMENT_CATALOGUE_SCOPES).toContain('create:guardian_enrollment_tickets');
    expect(MANAGEMENT_CATALOGUE_SCOPES).not.toContain('delete:stats');
    expect(MANAGEMENT_CATALOGUE_SCOPES).not.toContain('create:current_user_metadata');
    expect(MANAGEMENT_SCOPES).toEqual(expect.arrayContaining([...CURRENT_USER_SCOPES]));
    expect(new Set(MANAGEMENT_SCOPES).size).toBe(MANAGEMENT_SCOPES.length);
  });

  it('resolves the Management API audience and grants against the issuer', () => {
    const model = buildModel(base(), 'https://localhost:4400/');
    const audience = 'https://localhost:4400/api/v2/';
    expect(model.apis.get(audience)).toMatchObject({ isManagement: true, scopes: MANAGEMENT_SCOPES });
    expect(model.clients.get(MGMT_GLOBAL.clientId)).toMatchObject({
      isGlobal: true,
      grants: { [audience]: MANAGEMENT_SCOPES },
    });
    expect(model.clients.get(MGMT_LOCAL.clientId)).toMatchObject({
      isGlobal: false,
      grants: { [audience]: ['read:user_attribute_profiles'] },
    });
    expect(model.clients.get(WEB_MTLS_CLIENT_ID)?.certificateThumbprint).toMatch(/^[\w-]{43}$/);
    // The built-in view of fixtures.ts keys the Management API by its path.
    expect(findClient(MGMT_GLOBAL.clientId)?.grants['/api/v2/']).toContain('read:users');
  });

  it('reports shape problems with their JSON path: unknown keys, wrong types, bad enums', () => {
    const def = base() as unknown as Record<string, unknown>;
    const clients = def['clients'] as Array<Record<string, unknown>>;
    clients[0] = { ...clients[0], colour: 'blue', app_type: 'desktop' };
    def['extra'] = true;
    const found = problems(def).join('\n');
    expect(found).toContain('(root): must NOT have additional properties (extra)');
    expect(found).toContain('/clients/0: must NOT have additional properties (colour)');
    expect(found).toContain('/clients/0/app_type');
    expect(problems(null)).toEqual(['(root): must be object']);
  });

  it('reports broken cross references', () => {
    const def = base();
    const spa = def.clients[0]!;
    spa.connections = [...spa.connections, 'nope'];
    spa.callbacks = ['localhost:3000'];
    spa.web_origins = ['http://localhost:*/path'];
    def.clients[3]!.client_secret = undefined as unknown as string;
    delete def.clients[3]!.client_secret;
    def.clients[7]!.client_grants = { 'https://unknown.example/': ['x'], '/api/v2/': ['read:nothing'] };
    def.clients.push({ ...def.clients[1]!, client_secret: undefined as unknown as string });
    delete def.clients[9]!.client_secret;
    def.organizations![0]!.members.push('auth0|ghost');
    def.tenant!.default_directory = 'email';
    def.captcha = { default: { provider: 'hcaptcha' } };
    const found = problems(def);
    expect(found).toEqual(
      expect.arrayContaining([
        'clients: duplicate client_id hs256-client',
        'clients[0] (spa-client).connections: unknown connection nope',
        'clients[0] (spa-client).callbacks: invalid URL pattern localhost:3000',
        'clients[0] (spa-client).web_origins: invalid origin pattern http://localhost:*/path',
        'clients[3] (web-secret-post): client_secret_post needs client_secret',
        'clients[7] (mgmt-global).client_grants: unknown API https://unknown.example/',
        'clients[7] (mgmt-global).client_grants[/api/v2/]: unknown scope read:nothing',
        'clients[9] (hs256-client): HS256 ID tokens need client_secret',
        'organizations[0] (org_acme0000000001).members: unknown user auth0|ghost',
        'tenant.default_directory: email is not a database connection',
        'captcha.default: hcaptcha needs site_key',
      ]),
    );
  });

  it('checks users: one password form, emails, usernames and phone numbers', () => {
    const def = base();
    const db = def.connections[0]!;
    db.users = [
      { user_id: 'auth0|a', email: 'a@example.com', password: 'x', password_hash: 'scrypt$1$1$1$a$b' },
      { user_id: 'auth0|b', email: 'A@example.com' },
      { user_id: 'auth0|c', email: 'a@example.com', password_hash: 'md5$abc' },
    ];
    def.connections[3]!.users = [{ user_id: 'sms|1', phone_number: '555' }];
    def.organizations = [];
    const found = problems(def);
    expect(found).toEqual(
      expect.arrayContaining([
        'connections[0] (Username-Password-Authentication): duplicate email a@example.com',
        'connections[0] (Username-Password-Authentication).users[0] (auth0|a): give exactly one of password and password_hash',
        'connections[0] (Username-Password-Authentication).users[1] (auth0|b): give exactly one of password and password_hash',
        'connections[0] (Username-Password-Authentication).users[2] (auth0|c).password_hash: not a scrypt$N$r$p$salt$hash value',
        'connections[3] (sms).users[0] (sms|1): sms users need an E.164 phone_number',
      ]),
    );
  });

  it('loads JSON files strictly: duplicate keys and syntax errors are refused', () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(base()));
    expect(loadDefinitionFile(good).clients).toHaveLength(9);
    const dup = join(dir, 'dup.json');
    writeFileSync(dup, '{"clients": [], "clients": [], "connections": []}');
    expect(() => loadDefinitionFile(dup)).toThrow(/duplicate key "clients"/);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"clients": [');
    expect(() => loadDefinitionFile(broken)).toThrow(/not valid JSON/);
    expect(() => loadDefinitionFile(join(dir, 'missing.json'))).toThrow(/cannot read/);
  });

  it('starts a tenant from a definition file, and refuses to start from a broken one', async () => {
    const def = base();
    def.clients = def.clients.filter((c) => c.client_id === 'spa-client').map((c) => ({ ...c, client_id: 'my-app' }));
    def.organizations = [];
    const file = join(dir, 'mine.json');
    writeFileSync(file, JSON.stringify(def));
    const tenant = await startTenant({ http: true, config: file });
    try {
      const ok = await send(
        tenant,
        `/authorize?client_id=my-app&response_type=code&redirect_uri=${encodeURIComponent('http://localhost:3000/cb')}`,
      );
      expect(ok.status).toBe(200);
      const unknown = await send(
        tenant,
        `/authorize?client_id=spa-client&response_type=code&redirect_uri=${encodeURIComponent('http://localhost:3000/cb')}`,
      );
      expect(unknown.status).toBe(400);
    } finally {
      await tenant.close();
    }
    await expect(startTenant({ http: true, config: { clients: [] } as unknown as TenantDefinition })).rejects.toThrow(
      DefinitionError,
    );
  });
});
