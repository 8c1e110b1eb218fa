import { describe, expect, it } from 'vitest';
import { camelKey, snakeKey, toCamelCase, toSnakeCase } from './casing.js';

describe('snakeKey', () => {
  it.each([
    ['clientID', 'client_id'],
    ['redirectUri', 'redirect_uri'],
    ['loginTicket', 'login_ticket'],
    ['phoneNumber', 'phone_number'],
    ['maxAge', 'max_age'],
    ['abc1', 'abc_1'],
    ['XMLThing', 'xmlthing'],
    ['already_snake', 'already_snake'],
    ['_csrf', '_csrf'],
  ])('%s → %s', (input, output) => expect(snakeKey(input)).toBe(output));
});

describe('camelKey', () => {
  it.each([
    ['country_code', 'countryCode'],
    ['_id', 'Id'],
    ['a__b', 'aB'],
    ['plain', 'plain'],
  ])('%s → %s', (input, output) => expect(camelKey(input)).toBe(output));
});

describe('object conversion', () => {
  it('recurses into objects but not arrays, and keeps excepted top-level keys', () => {
    const out = toSnakeCase({ clientID: 'c', auth0Client: { innerKey: 1 }, list: [{ aB: 1 }] }, ['auth0Client']);
    expect(out).toEqual({ client_id: 'c', auth0Client: { inner_key: 1 }, list: [{ aB: 1 }] });
  });
  it('prefers an existing camelCase key and can keep originals', () => {
    expect(toCamelCase({ x_y: 1, xY: 2 })).toEqual({ xY: 2 });
    expect(toCamelCase({ a_b: { c_d: 1 } }, true)).toEqual({ aB: { cD: 1, c_d: 1 }, a_b: { cD: 1, c_d: 1 } });
  });
});
