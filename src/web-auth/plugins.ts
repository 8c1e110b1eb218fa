/** v10's plugin mechanism: plugins declare the SDK version they target and extensibility points they support. */
import { WebAuthError } from '../errors.js';

/** The auth0-js API level webauth-js implements; plugins written for it declare this version. */
export const API_LEVEL = '10.2.1';

/** A v10 plugin (for example the Cordova plugin). */
export interface WebAuthPlugin {
  version: string;
  setWebAuth(webAuth: unknown): void;
  supports(extensibilityPoint: string): boolean;
  init(): unknown;
}

/** Replaces `baseOptions.plugins`: the plugins and a lookup by extensibility point. */
export class PluginHandler {
  readonly plugins: WebAuthPlugin[];

  constructor(webAuth: unknown, plugins: WebAuthPlugin[] | undefined) {
    this.plugins = plugins || [];
    for (const plugin of this.list()) {
      if (plugin.version !== API_LEVEL) {
        const name = (plugin.constructor && plugin.constructor.name) || '';
        throw new WebAuthError(
          `Plugin ${name} version (${plugin.version}) is not compatible with the SDK version (${API_LEVEL})`,
        );
      }
      plugin.setWebAuth(webAuth);
    }
  }

  // The option is only checked to be an object (v10's "array" rule), so read it like an array-like.
  private list(): WebAuthPlugin[] {
    return Array.prototype.slice.call(this.plugins);
  }

  /** A fresh handler from the first plugin supporting `extensibilityPoint`, or null. */
  get(extensibilityPoint: string): unknown {
    const plugin = this.list().find((p) => p.supports(extensibilityPoint));
    return plugin ? plugin.init() : null;
  }
}
