/** The UMD entry: the global `auth0` with the names auth0-js 10 users already type. */
import { Authentication } from './authentication/authentication';
import { Management } from './management/management';
import { version } from './version';
import { WebAuth } from './web-auth/web-auth';

export { Authentication, Management, WebAuth, version };
export default { Authentication, Management, WebAuth, version };
