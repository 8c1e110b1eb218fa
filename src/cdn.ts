/** The UMD entry: the global `auth0` with the names auth0-js 10 users already type. */
import { Authentication } from './authentication/authentication.js';
import { Management } from './management/management.js';
import { version } from './version.js';
import { ON_DEMAND } from './web-auth/capabilities-on-demand.js';
import { useCapabilities } from './web-auth/load-capability.js';
import { WebAuth } from './web-auth/web-auth.js';

// The CDN main file loads the rarer capabilities as chunk files beside it (scripts/cdn-chunks.mjs).
useCapabilities(ON_DEMAND);

export { Authentication, Management, WebAuth, version };
export default { Authentication, Management, WebAuth, version };
