import { describe, expect, it } from 'vitest';
import { findClient } from '../testing/fixtures.js';
import { isValidPattern, matchesAny, matchesPattern, parseCandidate } from './url-rules.js';

const SPA_CLIENT = findClient('spa-client')!;

describe('URL rules', () => {
  it('accepts local callbacks on any port and path, http and https', () => {
    for (const url of [
      'http://localhost:3000/callback',
      'http://127.0.0.1:1/a/b?c=d',
      'https://localhost:8443/',
      'https://127.0.0.1/popup.html',
      'http://localhost/',
    ]) {
      expect(matchesAny(SPA_CLIENT.callbacks, url), url).toBe(true);
    }
  });

  it('refuses other hosts, look-alikes, credentials, fragments and odd schemes', () => {
    for (const url of [
      'https://evil.example/callback',
      'http://localhost.evil.example:3000/',
      'http://127.0.0.2:3000/',
      'http://[::1]:3000/',
      'http://user:pw@localhost:3000/',
      'http://localhost:3000/cb#x',
      'http://localhost:3000/cb#',
      'javascript://localhost:3000/%0aalert(1)',
      'file:///etc/passwd',
      ' http://localhost:3000/',
      'http://localhost:3000/a\nb',
      '',
    ]) {
      expect(matchesAny(SPA_CLIENT.callbacks, url), JSON.stringify(url)).toBe(false);
    }
  });

  it('matches web origins without a path only', () => {
    expect(matchesAny(SPA_CLIENT.webOrigins, 'http://localhost:5173')).toBe(true);
    expect(matchesAny(SPA_CLIENT.webOrigins, 'https://127.0.0.1:8443')).toBe(true);
    expect(matchesAny(SPA_CLIENT.webOrigins, 'http://localhost:5173/path')).toBe(false);
    expect(matchesAny(SPA_CLIENT.webOrigins, 'http://localhost:5173?x')).toBe(false);
    expect(matchesAny(SPA_CLIENT.webOrigins, 'null')).toBe(false);
  });

  it('supports fixed ports and exact paths', () => {
    expect(matchesPattern('http://localhost:3000/cb', 'http://localhost:3000/cb')).toBe(true);
    expect(matchesPattern('http://localhost:3000/cb', 'http://localhost:3001/cb')).toBe(false);
    expect(matchesPattern('http://localhost:3000/cb', 'http://localhost:3000/cb2')).toBe(false);
    expect(matchesPattern('http://localhost:3000/cb', 'http://localhost:3000/cb?x=1')).toBe(false);
  });

  it('parses only plain http(s) URLs', () => {
    expect(parseCandidate('http://localhost:3000/x')?.href).toBe('http://localhost:3000/x');
    expect(parseCandidate('mailto:a@b')).toBeNull();
    expect(parseCandidate('not a url')).toBeNull();
  });

  it('tells well-formed patterns from broken ones', () => {
    expect(isValidPattern('https://localhost:*/*')).toBe(true);
    expect(isValidPattern('https://localhost:*', true)).toBe(true);
    expect(isValidPattern('https://localhost:*/cb', true)).toBe(false);
    expect(isValidPattern('ftp://localhost/*')).toBe(false);
    expect(isValidPattern('localhost:3000')).toBe(false);
  });
});
