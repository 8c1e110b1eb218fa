/**
 * Argument checks with auth0-js 10's semantics: an optional value is only type-checked when truthy,
 * `'array'` accepts any object, and a failing check throws an `ArgumentError` with the given message.
 */
import { ArgumentError } from '../errors.js';

type TypeName = 'string' | 'number' | 'boolean' | 'object' | 'function' | 'array';

/** One attribute rule: `[key, type, message, options]`. */
export interface Rule {
  key: string;
  type: TypeName;
  message: string;
  optional?: boolean;
  /** The check runs only when this returns true. */
  when?: (obj: Record<string, unknown>) => boolean;
  values?: readonly string[];
  valuesMessage?: string;
}

function hasType(value: unknown, type: TypeName): boolean {
  return typeof value === (type === 'array' ? 'object' : type);
}

/** Throws `message` unless `value` is of `type` (skipped for a falsy optional value). */
export function checkValue(value: unknown, type: TypeName, message: string, optional = false): void {
  if ((!optional || value) && !hasType(value, type)) throw new ArgumentError(message);
}

/** Checks an options object and then each rule, in order. */
export function checkOptions(obj: unknown, message: string, rules: readonly Rule[], optional = false): void {
  checkValue(obj, 'object', message, optional);
  // null passes v10's typeof check, which then crashed reading the first rule's key (a TypeError);
  // here it is the options error, and never a request sent without its required fields.
  if (obj === null && !optional && rules.length) throw new ArgumentError(message);
  if (!obj) return;
  const record = obj as Record<string, unknown>;
  for (const rule of rules) {
    const value = record[rule.key];
    if (rule.optional && !value) continue;
    if (rule.when && !rule.when(record)) continue;
    if (!hasType(value, rule.type)) throw new ArgumentError(rule.message);
    if (rule.values && !rule.values.includes(value as string)) {
      throw new ArgumentError(rule.valuesMessage ?? rule.message);
    }
  }
}

/** Shorthand for a required string rule. */
export const required = (key: string, message = `${key} option is required`): Rule => ({
  key,
  type: 'string',
  message,
});

/** Shorthand for an optional rule. */
export const optional = (key: string, type: TypeName, message: string): Rule => ({
  key,
  type,
  message,
  optional: true,
});

/** An options object is required: a missing or non-object one is v10's options error (v10 crashed reading it). */
export function checkOptionsObject(options: unknown): asserts options is Record<string, any> {
  if (!options || typeof options !== 'object') throw new ArgumentError('options parameter is not valid');
}
