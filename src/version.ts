/** The library's own version, reported in telemetry and as `auth0.version.raw`. */
export const VERSION = '10.2.0-alpha.2';

/**
 * Version object in the shape auth0-js 10 exposes (`{ raw }`), so `auth0.version.raw` keeps working.
 *
 * @example
 * ```ts
 * import { version } from 'webauth-js';
 * console.log(version.raw);
 * ```
 */
export const version: {
  /** The version string, for example `10.2.0`. */
  readonly raw: string;
} = { raw: VERSION };
