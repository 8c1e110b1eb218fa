import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, newCursorKey } from './cursor.js';

describe('checkpoint cursors', () => {
  const key = newCursorKey();

  it('round-trip the last id and look opaque', () => {
    const cursor = encodeCursor(key, 'uap_0aLx2Kc9WpEe');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(cursor).not.toContain('uap_');
    expect(decodeCursor(key, cursor)).toBe('uap_0aLx2Kc9WpEe');
  });

  it('refuse edited, truncated, extended and foreign cursors', () => {
    const cursor = encodeCursor(key, 'uap_0aLx2Kc9WpEe');
    const [payload = '', tag = ''] = cursor.split('.');
    const flip = (s: string, i: number): string => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const other = encodeCursor(key, 'uap_Z9yGm4sQn1Tu').split('.')[0] ?? '';
    for (const bad of [
      `${flip(payload, 2)}.${tag}`,
      `${payload}.${flip(tag, 5)}`,
      `${other}.${tag}`,
      cursor.slice(0, -1),
      `${cursor}A`,
      `${payload}.`,
      `.${tag}`,
      payload,
      `${cursor}.${tag}`,
      encodeCursor(newCursorKey(), 'uap_0aLx2Kc9WpEe'),
      'x'.repeat(300),
      'uap_0aLx2Kc9WpEe',
      '',
    ]) {
      expect(decodeCursor(key, bad), bad).toBeUndefined();
    }
  });

  it('refuse a payload whose base64url has stray trailing bits', () => {
    // "ab" encodes as "YWI"; "YWJ" decodes to the same bytes but is not what the tenant wrote.
    const genuine = encodeCursor(key, 'ab');
    expect(genuine.startsWith('YWI.')).toBe(true);
    expect(decodeCursor(key, genuine.replace(/^YWI/, 'YWJ'))).toBeUndefined();
  });
});
