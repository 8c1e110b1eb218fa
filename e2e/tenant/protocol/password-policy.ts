/**
 * Database connection password policies (none, low, fair, good, excellent), reported the way the
 * service's PasswordStrengthError does: a list of rules with `verified` flags and a policy text.
 */
import type { PasswordPolicy } from '../config/definition.js';

export interface PolicyRule {
  message: string;
  format?: Array<string | number>;
  code: string;
  verified: boolean;
  items?: Array<{ message: string; code: string; verified: boolean }>;
}

export interface PolicyResult {
  readonly ok: boolean;
  readonly rules: PolicyRule[];
  /** Human-readable policy, one rule per line (the error's `policy`). */
  readonly policy: string;
}

export const MAX_PASSWORD_LENGTH = 128;

const CHARACTER_TYPES = [
  { message: 'lower case letters (a-z)', code: 'lowerCase', test: /[a-z]/ },
  { message: 'upper case letters (A-Z)', code: 'upperCase', test: /[A-Z]/ },
  { message: 'numbers (i.e. 0-9)', code: 'numbers', test: /[0-9]/ },
  { message: 'special characters (e.g. !@#$%^&*)', code: 'specialCharacters', test: /[^A-Za-z0-9]/ },
];

const SETTINGS: Record<PasswordPolicy, { length: number; types?: { need: number; of: number }; identical?: number }> = {
  none: { length: 1 },
  low: { length: 6 },
  fair: { length: 8, types: { need: 3, of: 3 } },
  good: { length: 8, types: { need: 3, of: 4 } },
  excellent: { length: 10, types: { need: 3, of: 4 }, identical: 2 },
};

export function checkPassword(policy: PasswordPolicy, password: string): PolicyResult {
  const s = SETTINGS[policy];
  const rules: PolicyRule[] = [
    {
      message: 'At least %d characters in length',
      format: [s.length],
      code: 'lengthAtLeast',
      verified: [...password].length >= s.length,
    },
  ];
  const lines = [`* At least ${s.length} characters in length`];
  if (s.types) {
    const items = CHARACTER_TYPES.slice(0, s.types.of).map((t) => ({
      message: t.message,
      code: t.code,
      verified: t.test.test(password),
    }));
    const verified = items.filter((i) => i.verified).length >= s.types.need;
    rules.push({
      message: 'At least %d of the following %d types of characters:',
      format: [s.types.need, s.types.of],
      code: 'containsAtLeast',
      verified,
      items,
    });
    lines.push(
      `* At least ${s.types.need} of the following ${s.types.of} types of characters:`,
      ...items.map((i) => ` * ${i.message}`),
    );
  }
  if (s.identical !== undefined) {
    const verified = !new RegExp(`(.)\\1{${s.identical}}`).test(password);
    rules.push({
      message: 'No more than %d identical characters in a row (e.g., "%s" not allowed)',
      format: [s.identical, 'aaa'],
      code: 'identicalChars',
      verified,
    });
    lines.push(`* No more than ${s.identical} identical characters in a row (e.g., "aaa" not allowed)`);
  }
  return { ok: rules.every((r) => r.verified), rules, policy: lines.join('\n') };
}
