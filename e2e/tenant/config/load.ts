/**
 * Loading and checking a tenant definition: JSON Schema first (shape, types, unknown keys), then
 * the cross references no schema can express. Every problem is reported with its JSON path.
 */
import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { Ajv } from 'ajv';
import { parseStrictJson } from '../core/strict-json.js';
import { isValidPattern } from '../core/url-rules.js';
import type { TenantDefinition } from './definition.js';
import { MANAGEMENT_API_PATH, MANAGEMENT_SCOPES } from './management-scopes.js';
import { DEFINITION_SCHEMA } from './schema.js';

export class DefinitionError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid tenant definition:\n  - ${problems.join('\n  - ')}`);
  }
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validateShape = ajv.compile(DEFINITION_SCHEMA);

const PASSWORD_HASH = /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const SITE_KEY_PROVIDERS = new Set([
  'recaptcha_v2',
  'recaptcha_enterprise',
  'hcaptcha',
  'friendly_captcha',
  'arkose',
  'auth0_v2',
]);

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(values.filter((v) => (seen.has(v) ? true : (seen.add(v), false))))];
}

function crossReferences(def: TenantDefinition, problems: string[]): void {
  const connections = new Map(def.connections.map((c) => [c.name, c]));
  const apis = new Map((def.apis ?? []).map((a) => [a.identifier, a.scopes]));
  apis.set(MANAGEMENT_API_PATH, [...MANAGEMENT_SCOPES]);
  const userIds = def.connections.flatMap((c) => (c.users ?? []).map((u) => u.user_id));

  for (const d of duplicates(def.clients.map((c) => c.client_id))) problems.push(`clients: duplicate client_id ${d}`);
  for (const d of duplicates(def.connections.map((c) => c.name))) problems.push(`connections: duplicate name ${d}`);
  for (const d of duplicates((def.apis ?? []).map((a) => a.identifier)))
    problems.push(`apis: duplicate identifier ${d}`);
  for (const d of duplicates(userIds)) problems.push(`connections: duplicate user_id ${d}`);
  if (def.apis?.some((a) => a.identifier === MANAGEMENT_API_PATH))
    problems.push(`apis: ${MANAGEMENT_API_PATH} is the built-in Management API`);

  def.clients.forEach((c, i) => {
    const at = `clients[${i}] (${c.client_id})`;
    c.connections.forEach(
      (name) => connections.has(name) || problems.push(`${at}.connections: unknown connection ${name}`),
    );
    c.callbacks.forEach((u) => isValidPattern(u) || problems.push(`${at}.callbacks: invalid URL pattern ${u}`));
    c.allowed_logout_urls.forEach(
      (u) => isValidPattern(u) || problems.push(`${at}.allowed_logout_urls: invalid URL pattern ${u}`),
    );
    c.web_origins.forEach(
      (u) => isValidPattern(u, true) || problems.push(`${at}.web_origins: invalid origin pattern ${u}`),
    );
    const method = c.token_endpoint_auth_method;
    if ((method === 'client_secret_post' || method === 'client_secret_basic') && !c.client_secret)
      problems.push(`${at}: ${method} needs client_secret`);
    if (method === 'private_key_jwt' && !c.jwks) problems.push(`${at}: private_key_jwt needs jwks`);
    if (method === 'tls_client_auth') {
      if (!c.tls_client_certificate) problems.push(`${at}: tls_client_auth needs tls_client_certificate`);
      else {
        try {
          new X509Certificate(c.tls_client_certificate);
        } catch {
          problems.push(`${at}.tls_client_certificate: not a PEM certificate`);
        }
      }
    }
    if (c.id_token_alg === 'HS256' && !c.client_secret) problems.push(`${at}: HS256 ID tokens need client_secret`);
    if (method === 'none' && c.grant_types.includes('client_credentials'))
      problems.push(`${at}: a public client cannot use client_credentials`);
    if (
      c.cross_origin_loc !== undefined &&
      !c.cross_origin_loc.startsWith('/') &&
      !isValidPattern(c.cross_origin_loc)
    ) {
      problems.push(`${at}.cross_origin_loc: must be an http(s) URL or a path starting with /`);
    }
    for (const [audience, scopes] of Object.entries(c.client_grants ?? {})) {
      const known = apis.get(audience);
      if (!known) problems.push(`${at}.client_grants: unknown API ${audience}`);
      else
        scopes.forEach(
          (s) =>
            s === '*' || known.includes(s) || problems.push(`${at}.client_grants[${audience}]: unknown scope ${s}`),
        );
    }
  });

  def.connections.forEach((c, i) => {
    const at = `connections[${i}] (${c.name})`;
    const users = c.users ?? [];
    for (const d of duplicates(users.flatMap((u) => (u.email ? [u.email.toLowerCase()] : []))))
      problems.push(`${at}: duplicate email ${d}`);
    for (const d of duplicates(users.flatMap((u) => (u.username ? [u.username.toLowerCase()] : []))))
      problems.push(`${at}: duplicate username ${d}`);
    users.forEach((u, j) => {
      const uat = `${at}.users[${j}] (${u.user_id})`;
      if (c.strategy === 'auth0') {
        if ((u.password === undefined) === (u.password_hash === undefined))
          problems.push(`${uat}: give exactly one of password and password_hash`);
        if (u.password_hash !== undefined && !PASSWORD_HASH.test(u.password_hash))
          problems.push(`${uat}.password_hash: not a scrypt$N$r$p$salt$hash value`);
        if (!u.email) problems.push(`${uat}: database users need an email`);
        if (c.requires_username && !u.username) problems.push(`${uat}: ${c.name} requires a username`);
      } else {
        if (u.password !== undefined || u.password_hash !== undefined)
          problems.push(`${uat}: passwordless users have no password`);
        if (c.strategy === 'email' && !u.email) problems.push(`${uat}: email users need an email`);
        if (c.strategy === 'sms' && !(u.phone_number && E164.test(u.phone_number)))
          problems.push(`${uat}: sms users need an E.164 phone_number`);
      }
    });
  });

  const dir = def.tenant?.default_directory;
  if (dir !== undefined && connections.get(dir)?.strategy !== 'auth0')
    problems.push(`tenant.default_directory: ${dir} is not a database connection`);
  (def.tenant?.allowed_logout_urls ?? []).forEach(
    (u) => isValidPattern(u) || problems.push(`tenant.allowed_logout_urls: invalid URL pattern ${u}`),
  );

  const orgs = def.organizations ?? [];
  for (const d of duplicates(orgs.map((o) => o.id))) problems.push(`organizations: duplicate id ${d}`);
  for (const d of duplicates(orgs.map((o) => o.name))) problems.push(`organizations: duplicate name ${d}`);
  for (const d of duplicates(orgs.flatMap((o) => (o.invitations ?? []).map((inv) => inv.id))))
    problems.push(`organizations: duplicate invitation ${d}`);
  orgs.forEach((o, i) =>
    o.members.forEach(
      (m) => userIds.includes(m) || problems.push(`organizations[${i}] (${o.id}).members: unknown user ${m}`),
    ),
  );

  for (const [flow, c] of Object.entries(def.captcha ?? {})) {
    if (SITE_KEY_PROVIDERS.has(c.provider) && !c.site_key)
      problems.push(`captcha.${flow}: ${c.provider} needs site_key`);
    if (c.provider === 'arkose' && !c.client_subdomain) problems.push(`captcha.${flow}: arkose needs client_subdomain`);
  }
  const types = (def.token_exchange_profiles ?? []).map((p) => p.subject_token_type);
  for (const d of duplicates(types)) problems.push(`token_exchange_profiles: duplicate subject_token_type ${d}`);
}

/** Checks a parsed definition; throws DefinitionError listing every problem. */
export function validateDefinition(value: unknown): TenantDefinition {
  if (!validateShape(value)) {
    const problems = (validateShape.errors ?? []).map(
      (e) =>
        `${e.instancePath || '(root)'}: ${e.message ?? 'invalid'}${
          e.params && 'additionalProperty' in e.params ? ` (${String(e.params['additionalProperty'])})` : ''
        }`,
    );
    throw new DefinitionError([...new Set(problems)]);
  }
  const def = value as unknown as TenantDefinition;
  const problems: string[] = [];
  crossReferences(def, problems);
  if (problems.length > 0) throw new DefinitionError(problems);
  return def;
}

/** Reads a JSON definition file (duplicate keys and invalid UTF-8 are errors, as on the wire). */
export function loadDefinitionFile(path: string): TenantDefinition {
  let raw: Buffer;
  try {
    raw = readFileSync(path);
  } catch (err) {
    throw new DefinitionError([`cannot read ${path}: ${(err as Error).message}`]);
  }
  const parsed = parseStrictJson(raw);
  if (!parsed.ok) throw new DefinitionError([`${path}: ${parsed.reason}`]);
  return validateDefinition(parsed.value);
}
