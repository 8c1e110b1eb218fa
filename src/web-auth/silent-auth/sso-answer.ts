/** `client.getSSOData` away from the hosted page, once its silent `checkSession` answered (loaded on first use). */
import type { SsoHint } from '../../storage/sso-data-storage.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';

/** What `getSSOData` reports. */
export interface SsoData {
  sso: boolean;
  lastUsedConnection?: { name?: string };
  lastUsedUserID?: string;
  lastUsedUsername?: string;
  lastUsedClientID?: string;
  sessionClients?: string[];
}

const CONSENT_DESCRIPTION =
  'Consent required. When using `getSSOData`, the user has to be authenticated with the following scope: `openid profile email`.';

/** Maps the session check's answer to v10's SSO-data shape (`{ sso: false }` without a session). */
export function ssoDataAnswer(
  hint: SsoHint,
  clientID: string,
  err: any,
  result: AnyObject | undefined,
  cb: NodeCallback<SsoData>,
): void {
  if (err) {
    if (err.error === 'login_required') return cb(null, { sso: false });
    if (err.error === 'consent_required') err.error_description = CONSENT_DESCRIPTION;
    return cb(err, { sso: false });
  }
  const claims = result!.idTokenPayload;
  if (hint.lastUsedSub && hint.lastUsedSub !== claims.sub) return cb(null, { sso: false });
  cb(null, {
    lastUsedConnection: { name: hint.lastUsedConnection },
    lastUsedUserID: claims.sub,
    lastUsedUsername: claims.email || claims.name,
    lastUsedClientID: clientID,
    sessionClients: [clientID],
    sso: true,
  });
}
