/** JSON Schema (draft 2020-12 subset understood by ajv) of a tenant definition file. */
import { GRANT_TYPES } from './definition.js';

const str = { type: 'string', minLength: 1, maxLength: 2048 } as const;
const strList = { type: 'array', items: str, maxItems: 1000 } as const;
const bool = { type: 'boolean' } as const;
const positive = { type: 'integer', minimum: 1, maximum: 1_000_000_000 } as const;
const jsonObject = { type: 'object', maxProperties: 100 } as const;

const user = {
  type: 'object',
  additionalProperties: false,
  required: ['user_id'],
  properties: {
    user_id: { type: 'string', pattern: '^[a-z0-9-]+\\|[A-Za-z0-9._@+-]{1,128}$' },
    email: str,
    email_verified: bool,
    username: str,
    phone_number: str,
    name: str,
    nickname: str,
    given_name: str,
    family_name: str,
    picture: str,
    password: str,
    password_hash: str,
    blocked: bool,
    user_metadata: jsonObject,
    app_metadata: jsonObject,
    created_at: str,
    updated_at: str,
  },
} as const;

const client = {
  type: 'object',
  additionalProperties: false,
  required: [
    'client_id',
    'name',
    'app_type',
    'token_endpoint_auth_method',
    'callbacks',
    'web_origins',
    'allowed_logout_urls',
    'grant_types',
    'connections',
  ],
  properties: {
    client_id: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
    name: str,
    app_type: { enum: ['spa', 'regular_web', 'non_interactive'] },
    token_endpoint_auth_method: {
      enum: ['none', 'client_secret_post', 'client_secret_basic', 'private_key_jwt', 'tls_client_auth'],
    },
    client_secret: { type: 'string', minLength: 8, maxLength: 256 },
    jwks: {
      type: 'object',
      additionalProperties: false,
      required: ['keys'],
      properties: { keys: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'object' } } },
    },
    tls_client_certificate: str,
    callbacks: strList,
    web_origins: strList,
    allowed_logout_urls: strList,
    id_token_alg: { enum: ['RS256', 'HS256'] },
    cross_origin_auth: bool,
    cross_origin_loc: str,
    is_global: bool,
    is_first_party: bool,
    grant_types: { type: 'array', items: { enum: [...GRANT_TYPES] }, uniqueItems: true },
    connections: strList,
    client_grants: { type: 'object', additionalProperties: strList },
    organization_usage: { enum: ['deny', 'allow', 'require'] },
  },
} as const;

const connection = {
  type: 'object',
  required: ['name', 'strategy'],
  oneOf: [
    {
      additionalProperties: false,
      properties: {
        name: str,
        strategy: { const: 'auth0' },
        requires_username: bool,
        password_policy: { enum: ['none', 'low', 'fair', 'good', 'excellent'] },
        breached_passwords: strList,
        passkeys: {
          type: 'object',
          additionalProperties: false,
          properties: { enabled: bool, user_verification: { enum: ['preferred', 'required'] } },
        },
        users: { type: 'array', items: user },
      },
    },
    {
      additionalProperties: false,
      properties: {
        name: str,
        strategy: { enum: ['email', 'sms'] },
        otp_length: { type: 'integer', minimum: 4, maximum: 10 },
        otp_ttl_seconds: positive,
        users: { type: 'array', items: user },
      },
    },
  ],
} as const;

const captcha = {
  type: 'object',
  additionalProperties: false,
  required: ['provider'],
  properties: {
    provider: {
      enum: [
        'none',
        'auth0',
        'recaptcha_v2',
        'recaptcha_enterprise',
        'hcaptcha',
        'friendly_captcha',
        'arkose',
        'auth0_v2',
      ],
    },
    site_key: str,
    client_subdomain: { type: 'string', pattern: '^[a-z0-9-]{1,63}$' },
    test_token: str,
  },
} as const;

export const DEFINITION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['clients', 'connections'],
  properties: {
    tenant: {
      type: 'object',
      additionalProperties: false,
      properties: {
        name: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' },
        friendly_name: str,
        default_directory: str,
        allowed_logout_urls: strList,
        country_code: { type: 'string', pattern: '^[A-Z]{2}$' },
      },
    },
    custom_domain: {
      type: 'object',
      additionalProperties: false,
      required: ['domain', 'cname_api_key'],
      properties: { domain: str, cname_api_key: { type: 'string', minLength: 8, maxLength: 256 } },
    },
    clients: { type: 'array', minItems: 1, items: client },
    connections: { type: 'array', items: connection },
    apis: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['identifier', 'name', 'scopes'],
        properties: {
          identifier: str,
          name: str,
          scopes: strList,
          allow_offline_access: bool,
          token_lifetime: positive,
        },
      },
    },
    organizations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'members'],
        properties: {
          id: { type: 'string', pattern: '^org_[A-Za-z0-9]{1,32}$' },
          name: { type: 'string', pattern: '^[a-z0-9-]{1,50}$' },
          display_name: str,
          members: strList,
          invitations: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'email'],
              properties: { id: { type: 'string', pattern: '^uinv_[A-Za-z0-9]{1,32}$' }, email: str },
            },
          },
        },
      },
    },
    rate_limits: {
      type: 'object',
      propertyNames: { pattern: '^(\\*|/[^\\s]*)$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['limit', 'window_seconds'],
        properties: { limit: positive, window_seconds: positive },
      },
    },
    brute_force: {
      type: 'object',
      additionalProperties: false,
      properties: { max_attempts: positive, block_seconds: positive, suspicious_ip_threshold: positive },
    },
    captcha: {
      type: 'object',
      additionalProperties: false,
      properties: { default: captcha, signup: captcha, passwordless: captcha, password_reset: captcha },
    },
    passkeys: {
      type: 'object',
      additionalProperties: false,
      properties: {
        rp_id: {
          type: 'string',
          pattern: '^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$',
          // WebAuthn takes no IP address as RP ID.
          not: { pattern: '^[0-9.]+$' },
        },
        rp_name: str,
      },
    },
    token_exchange_profiles: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'subject_token_type'],
        properties: { name: str, subject_token_type: { type: 'string', pattern: '^(urn|https?):[^\\s]+$' } },
      },
    },
  },
} as const;
