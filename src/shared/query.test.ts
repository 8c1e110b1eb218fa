import { describe, expect, it } from 'vitest';
import { encodeRfc3986, joinUrl, parseQuery, stringifyQuery } from './query.js';

describe('stringifyQuery', () => {
  it('encodes like RFC 3986 and keeps insertion order', () => {
    expect(stringifyQuery({ b: 'a b', a: "x!'()*~", c: undefined, d: null, e: () => 1 })).toBe(
      'b=a%20b&a=x%21%27%28%29%2A~&d=',
    );
  });
  it('gives the same encoding on the unreserved fast path as the full encoder', () => {
    const full = (t: string) =>
      encodeURIComponent(t).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    const samples = [
      '',
      'abc_XYZ-0.9~',
      'a b',
      'a+b',
      'é',
      '😀',
      'x\ny',
      "!'()*",
      'http://a/b?c=d#e',
      'a\u0000b',
      '[1]',
    ];
    for (let code = 0; code < 0x300; code++) samples.push('k' + String.fromCharCode(code) + 'v');
    for (const text of samples) expect(encodeRfc3986(text)).toBe(full(text));
  });
  it('uses brackets for nested objects and indices for arrays', () => {
    expect(stringifyQuery({ a: { b: 1 }, l: ['x', 'y'] })).toBe('a%5Bb%5D=1&l%5B0%5D=x&l%5B1%5D=y');
  });
});

describe('parseQuery', () => {
  it('decodes form style and turns repeated keys into arrays', () => {
    const parsed = parseQuery('a=x+y&b=%2F&a=2&flag&bad=%E0%A4%A');
    expect({ ...parsed }).toEqual({ a: ['x y', '2'], b: '/', flag: '', bad: '%E0%A4%A' });
  });
  it('reads at most 1000 parameters, as v10 did, and collects repeated keys', () => {
    expect(parseQuery('a=1&a=2&a=3&b=4')).toEqual({ a: ['1', '2', '3'], b: '4' });
    const many = parseQuery('a&'.repeat(50_000) + 'state=late');
    expect(many.a).toHaveLength(1000);
    expect(many.state).toBeUndefined();
  });
  it('cannot be used to pollute prototypes', () => {
    const parsed = parseQuery('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('joinUrl', () => {
  it('collapses duplicate slashes but keeps the protocol and a trailing slash', () => {
    expect(joinUrl('https://t.example.com/', '/authorize')).toBe('https://t.example.com/authorize');
    expect(joinUrl('https://t.example.com/', '.well-known/jwks.json')).toBe(
      'https://t.example.com/.well-known/jwks.json',
    );
    expect(joinUrl('http://localhost:3000', 'v2', 'logout')).toBe('http://localhost:3000/v2/logout');
    expect(joinUrl('https://t/api/v2', 'users/')).toBe('https://t/api/v2/users/');
  });
});
