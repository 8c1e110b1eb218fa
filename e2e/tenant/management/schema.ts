/**
 * The user attribute profile schema (user-attribute-profiles.schema.json), compiled once with ajv in
 * strict mode so a typo in the schema itself fails loudly instead of validating nothing.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import schema from './user-attribute-profiles.schema.json' with { type: 'json' };
import type { UserAttributeProfile, UserAttributeProfileList } from './types.js';

/** The seed names the format without defining it; this tenant's ids are `uap_` + 1–32 letters/digits. */
export const PROFILE_ID_PATTERN = /^uap_[0-9A-Za-z]{1,32}$/;

const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addFormat('user-attribute-profile-id', PROFILE_ID_PATTERN);
ajv.addSchema(schema);

const SCHEMA_ID = schema.$id;

function compile<T>(def: string): ValidateFunction<T> {
  const fn = ajv.getSchema<T>(`${SCHEMA_ID}#/$defs/${def}`);
  if (!fn) throw new Error(`user attribute profile schema has no $defs/${def}`);
  return fn;
}

export const validateProfileList: ValidateFunction<UserAttributeProfileList> = compile('ListResponse');
export const validateProfile: ValidateFunction<UserAttributeProfile> = compile('UserAttributeProfile');

/** One line per ajv error, e.g. `/user_attributes/email/label must NOT have fewer than 1 characters`. */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`.trim()).join('; ');
}

/** Throws with every schema violation when `value` is not a valid list response. */
export function assertProfileList(value: unknown): asserts value is UserAttributeProfileList {
  if (!validateProfileList(value))
    throw new Error(`invalid list response: ${describeErrors(validateProfileList.errors)}`);
}
