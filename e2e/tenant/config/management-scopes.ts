/**
 * The Management API's scopes: the client-credentials catalogue of seed-management-api.md
 * ("Scope catalogue of the client credentials flow") and the current-user scopes that
 * seed-authentication-api.md lets a user obtain ("Management calls from the library").
 */

const VERB: Record<string, string> = { C: 'create', R: 'read', U: 'update', D: 'delete' };

/** Each row: the verbs that exist, then the resources they apply to (as in the seed's table). */
const CATALOGUE: ReadonlyArray<readonly [verbs: string, resources: string]> = [
  [
    'CRUD',
    'actions authentication_methods client_credentials client_grants clients connection_profiles connections custom_domains custom_signing_keys directory_provisionings email_provider encryption_keys event_streams experimentation flows flows_vault_connections forms hooks log_streams network_acls organization_connections organization_discovery_domains organizations phone_providers phone_templates rate_limit_policies resource_servers roles rules scim_config self_service_profiles token_exchange_profiles user_attribute_profiles users vdcs_templates',
  ],
  ['RUD', 'branding refresh_tokens rules_configs sessions'],
  ['CRU', 'email_templates connections_keys signing_keys'],
  [
    'CRD',
    'group_roles organization_client_grants organization_group_roles organization_invitations organization_member_roles organization_members role_members scim_token',
  ],
  [
    'RD',
    'anomaly_blocks current_user device_credentials federated_connections_tokens flows_executions grants groups guardian_enrollments',
  ],
  [
    'RU',
    'attack_protection client_keys event_deliveries guardian_factors mfa_policies prompts self_service_profile_custom_texts tenant_settings',
  ],
  [
    'R',
    'client_summary events group_members logs logs_users organization_groups organization_member_effective_roles organization_member_role_source_groups organizations_summary stats user_effective_permissions user_effective_roles user_idp_tokens user_permission_source_roles user_role_source_groups',
  ],
  ['U', 'client_token_vault_privileged_access current_user_identities current_user_metadata users_app_metadata'],
  ['CD', 'current_user_device_credentials sso_access_tickets'],
  ['C', 'guardian_enrollment_tickets user_tickets'],
];

/** Every `<verb>:<resource>` scope of the client credentials catalogue. */
export const MANAGEMENT_CATALOGUE_SCOPES: readonly string[] = CATALOGUE.flatMap(([verbs, resources]) =>
  resources.split(' ').flatMap((resource) => [...verbs].map((v) => `${VERB[v] ?? '?'}:${resource}`)),
);

/** The scopes a user may obtain for the Management API through /authorize (seed: library calls). */
export const CURRENT_USER_SCOPES: readonly string[] = [
  'read:current_user',
  'update:current_user_identities',
  'create:current_user_metadata',
  'update:current_user_metadata',
  'delete:current_user_metadata',
  'create:current_user_device_credentials',
  'delete:current_user_device_credentials',
];

/** The Management API's full scope list: the catalogue plus the current-user scopes, no duplicates. */
export const MANAGEMENT_SCOPES: readonly string[] = [
  ...new Set([...MANAGEMENT_CATALOGUE_SCOPES, ...CURRENT_USER_SCOPES]),
];

/** How a definition file names the Management API: its path, resolved against the issuer at start. */
export const MANAGEMENT_API_PATH = '/api/v2/';
