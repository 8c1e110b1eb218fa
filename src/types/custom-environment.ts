/**
 * Advanced injection through symbol-keyed options, so v10 option names stay untouched.
 *
 * @example
 * ```ts
 * new WebAuth({ domain, clientID, [customEnvironment]: myTestEnv });
 * ```
 */
export const customEnvironment: unique symbol = Symbol.for('webauth-js.customEnvironment');
