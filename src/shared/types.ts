/**
 * The internal type vocabulary, one name per shape. Public types live in `src/types/` instead.
 */

/**
 * An options or response object read the loose way v10 reads it: any key, values used without
 * narrowing. For the option and wire objects the modules pass along.
 */
export type AnyObject = Record<string, any>;

/**
 * An object whose values are copied or tested but never used without narrowing: what the
 * generic object helpers (`pick`, `omit`, case conversion) hand back.
 */
export type UnknownObject = Record<string, unknown>;

/**
 * The internal callback shape, error first. Public overloads declare `Auth0Callback` (in
 * `src/types/callbacks.ts`) instead, with the error type of the call.
 */
export type NodeCallback<T = unknown> = (err: any, result?: T) => void;
