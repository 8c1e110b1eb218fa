// The current user through the Management API, with the access token of the sign-in (audience
// `…/api/v2/`, scopes read:current_user and update:current_user_metadata).
import { Management, type ManagementUser } from 'webauth-js';
import { TENANT } from './config.js';

export type Metadata = Record<string, unknown>;

const management = (token: string): Management => new Management({ domain: TENANT, token });

/** GET /api/v2/users/{id}. */
export function readProfile(token: string, userId: string): Promise<ManagementUser> {
  return management(token).getUser(userId);
}

/** PATCH /api/v2/users/{id} with `{ user_metadata }`: given keys overwrite, others stay. */
export function saveMetadata(token: string, userId: string, metadata: Metadata): Promise<ManagementUser> {
  return management(token).patchUserMetadata(userId, metadata);
}
