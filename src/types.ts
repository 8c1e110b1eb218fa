/**
 * Public option and result shapes. The names (and the declared field types) follow the community
 * declarations auth0-js 10 apps already use, `@types/auth0-js` 9.21.6, so their code keeps
 * compiling after the switch; TSDoc says where the run-time values differ from those declarations.
 * Declarations only: nothing here is emitted.
 */
export type * from './types/callbacks.js';
export type * from './types/authorize.js';
export type * from './types/credentials.js';
export type * from './types/passwordless-signup.js';
export type * from './types/popup.js';
export type * from './types/captcha.js';
export type * from './types/results.js';
export type * from './types/telemetry.js';
export type * from './types/options.js';
export type * from './types/browser.js';
export type * from './types/web-auth.js';
export type * from './types/debug.js';
export type * from './types/session-events.js';
export type { PageOptions, UserAttributeProfile, UserAttributeProfilesPage } from './types/management.js';
export type * from './types/passkeys.js';
