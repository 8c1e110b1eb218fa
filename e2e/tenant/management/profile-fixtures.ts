/**
 * Fixture user attribute profiles. Thirteen, so the default page size (5) gives three pages (5, 5, 3);
 * one has the maximum of 64 attributes; between them every strategy key is used, in both kinds of
 * `strategy_overrides`. Listed out of id order on purpose: the API sorts, the fixtures need not.
 * Validated against the schema when the tenant module loads (profiles.ts).
 */
import { STRATEGY_KEYS } from './types.js';
import type {
  AttributeConfig,
  AttributeStrategyOverride,
  UserAttributeProfile,
  UserIdStrategyOverride,
} from './types.js';

const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';

const EMAIL: AttributeConfig = {
  description: 'Primary email address of the user',
  label: 'Email',
  profile_required: true,
  auth0_mapping: 'email',
  oidc_mapping: { mapping: 'email', display_name: 'Email' },
  saml_mapping: [`${CLAIMS}/emailaddress`],
  scim_mapping: 'emails[primary eq true].value',
};

const GIVEN_NAME: AttributeConfig = {
  description: 'First name',
  label: 'Given name',
  profile_required: false,
  auth0_mapping: 'given_name',
  oidc_mapping: { mapping: 'given_name' },
  saml_mapping: [`${CLAIMS}/givenname`],
  scim_mapping: 'name.givenName',
};

const FAMILY_NAME: AttributeConfig = {
  description: 'Last name',
  label: 'Family name',
  profile_required: false,
  auth0_mapping: 'family_name',
  oidc_mapping: { mapping: 'family_name' },
  saml_mapping: [`${CLAIMS}/surname`],
  scim_mapping: 'name.familyName',
};

function emailWithout(field: keyof AttributeConfig): AttributeConfig {
  // Built without the key (not set to undefined): the schema would see an explicit undefined.
  return Object.fromEntries(Object.entries(EMAIL).filter(([k]) => k !== field)) as unknown as AttributeConfig;
}

function metadataAttribute(key: string, label: string, required = false): AttributeConfig {
  return {
    description: `${label} (kept in user_metadata.${key})`,
    label,
    profile_required: required,
    auth0_mapping: `user_metadata.${key}`,
    scim_mapping: `urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:${key}`,
  };
}

/** The same user-id override for every strategy key. */
function allStrategies<T>(make: (key: string) => T): Record<string, T> {
  return Object.fromEntries(STRATEGY_KEYS.map((k) => [k, make(k)]));
}

/** 64 attributes: the most a profile may have. */
function sixtyFourAttributes(): Record<string, AttributeConfig> {
  const out: Record<string, AttributeConfig> = { email: EMAIL };
  for (let i = 1; Object.keys(out).length < 64; i++) {
    const key = `attribute_${String(i).padStart(2, '0')}`;
    out[key] = metadataAttribute(key, `Attribute ${i}`, i % 7 === 0);
  }
  return out;
}

export const PROFILE_FIXTURES: readonly UserAttributeProfile[] = [
  {
    id: 'uap_5hTqY0mZrVb3',
    name: 'Workforce (all strategies)',
    user_id: {
      oidc_mapping: 'sub',
      saml_mapping: [`${CLAIMS}/nameidentifier`],
      scim_mapping: 'externalId',
      strategy_overrides: allStrategies<UserIdStrategyOverride>((k) =>
        k === 'waad'
          ? { oidc_mapping: 'oid' }
          : k === 'google-apps'
            ? { oidc_mapping: 'email' }
            : { oidc_mapping: 'sub', scim_mapping: 'userName' },
      ),
    },
    user_attributes: {
      email: {
        ...EMAIL,
        strategy_overrides: allStrategies<AttributeStrategyOverride>((k) => ({
          oidc_mapping: { mapping: k === 'waad' ? 'upn' : 'email', display_name: `Email (${k})` },
          saml_mapping: [`${CLAIMS}/upn`],
        })),
      },
      given_name: GIVEN_NAME,
      family_name: FAMILY_NAME,
    },
  },
  {
    id: 'uap_0aLx2Kc9WpEe',
    name: 'Customers',
    user_id: { oidc_mapping: 'sub' },
    user_attributes: { email: EMAIL },
  },
  {
    id: 'uap_Z9yGm4sQn1Tu',
    name: 'Sixty-four attributes',
    user_id: { scim_mapping: 'externalId' },
    user_attributes: sixtyFourAttributes(),
  },
  {
    id: 'uap_3BqRw7nVx2Ha',
    name: 'Partners (SAML)',
    user_id: { saml_mapping: [`${CLAIMS}/nameidentifier`, 'urn:oid:0.9.2342.19200300.100.1.1'] },
    user_attributes: {
      email: EMAIL,
      company: metadataAttribute('company', 'Company', true),
    },
  },
  {
    id: 'uap_8cJd0Lf6Gh2k',
    name: 'Entra ID employees',
    user_id: {
      strategy_overrides: {
        waad: { oidc_mapping: 'oid', saml_mapping: ['http://schemas.microsoft.com/identity/claims/objectidentifier'] },
      },
    },
    user_attributes: {
      email: { ...EMAIL, strategy_overrides: { waad: { oidc_mapping: { mapping: 'upn', display_name: 'UPN' } } } },
      department: metadataAttribute('department', 'Department'),
    },
  },
  {
    id: 'uap_a1b2C3d4E5f6',
    name: 'Okta federation',
    user_id: { strategy_overrides: { okta: { oidc_mapping: 'sub' } } },
    user_attributes: {
      email: { ...EMAIL, strategy_overrides: { okta: { oidc_mapping: { mapping: 'email' } } } },
      given_name: GIVEN_NAME,
    },
  },
  {
    id: 'uap_Kk7mN8pQ9rS0',
    name: 'Google Workspace staff',
    user_id: { strategy_overrides: { 'google-apps': { oidc_mapping: 'email' } } },
    user_attributes: {
      email: { ...EMAIL, strategy_overrides: { 'google-apps': { scim_mapping: 'primaryEmail' } } },
    },
  },
  {
    id: 'uap_Pq1Rs2Tu3Vw4',
    name: 'On-premises AD and ADFS',
    user_id: {
      strategy_overrides: {
        ad: { saml_mapping: ['sAMAccountName'] },
        adfs: { saml_mapping: [`${CLAIMS}/windowsaccountname`], scim_mapping: 'userName' },
      },
    },
    user_attributes: {
      email: EMAIL,
      phone: {
        ...metadataAttribute('phone', 'Phone'),
        strategy_overrides: {
          ad: { saml_mapping: ['telephoneNumber'] },
          adfs: { saml_mapping: [`${CLAIMS}/otherphone`] },
        },
      },
    },
  },
  {
    id: 'uap_b7Cd8Ef9Gh0I',
    name: 'PingFederate contractors',
    user_id: { strategy_overrides: { pingfederate: { saml_mapping: ['uid'] } } },
    user_attributes: {
      email: { ...EMAIL, strategy_overrides: { pingfederate: { saml_mapping: ['mail'] } } },
      contract_end: metadataAttribute('contract_end', 'Contract end', true),
    },
  },
  {
    id: 'uap_Mn0Op1Qr2St3',
    name: 'Generic OIDC and SAML providers',
    user_id: {
      oidc_mapping: 'sub',
      strategy_overrides: { oidc: { oidc_mapping: 'sub' }, samlp: { saml_mapping: [`${CLAIMS}/nameidentifier`] } },
    },
    user_attributes: {
      email: {
        ...EMAIL,
        strategy_overrides: {
          oidc: { oidc_mapping: { mapping: 'email', display_name: 'E-mail' } },
          samlp: { saml_mapping: ['mail'] },
        },
      },
      family_name: FAMILY_NAME,
    },
  },
  {
    id: 'uap_E4fG5hI6jK7l',
    name: 'Minimal',
    user_attributes: { email: { description: 'E', label: 'E', profile_required: false, auth0_mapping: 'email' } },
  },
  {
    id: 'uap_t8Uv9Wx0Yz1A',
    name: 'Provisioning (SCIM only)',
    user_id: { scim_mapping: 'id' },
    user_attributes: {
      email: emailWithout('oidc_mapping'),
      employee_number: metadataAttribute('employee_number', 'Employee number', true),
      cost_center: metadataAttribute('cost_center', 'Cost center'),
    },
  },
  {
    id: 'uap_2Gh3Ij4Kl5Mn',
    // Exactly 128 characters: the longest name the seed allows.
    name: `Long name ${'x'.repeat(118)}`,
    user_id: { oidc_mapping: 'sub', saml_mapping: ['a'] },
    user_attributes: {
      nickname: { description: 'Nickname', label: 'Nickname', profile_required: false, auth0_mapping: 'nickname' },
    },
  },
];
