/** The UMD entry: the global `auth0` with the names auth0-js 10 users already type. */
import { Authentication } from './authentication/authentication.js';
import { Management } from './management/management.js';
import { version } from './version.js';
import { WebAuth } from './web-auth/web-auth.js';

export { Authentication, Management, WebAuth, version };
export default { Authentication, Management, WebAuth, version };
