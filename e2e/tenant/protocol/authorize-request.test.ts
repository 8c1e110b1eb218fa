import { describe, expect, it } from 'vitest';
import { checkAuthorizeRequest } from './authorize-request.js';
import { defaultDefinition } from '../config/defaults.js';
import { buildModel } from '../config/model.js';

const MODEL = buildModel(defaultDefinition(), 'https://localhost:4400/');

const BASE = {
  client_id: 'spa-client',
  redirect_uri: 'http://localhost:3000/cb',
  response_type: 'id_token token',
  nonce: 'n',
  state: 's',
};

function check(extra: Record<string, string | undefined>, repeated: string[] = []) {
  const query = Object.fromEntries(
    Object.entries({ ...BASE, ...extra }).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return checkAuthorizeRequest(MODEL, query, repeated);
}

describe('checkAuthorizeRequest', () => {
  it('accepts the supported response types in any order and picks the default response mode', () => {
    for (const [type, mode] of [
      ['token', 'fragment'],
      ['id_token', 'fragment'],
      ['token id_token', 'fragment'],
      ['id_token token', 'fragment'],
      ['code', 'query'],
    ] as const) {
      const result = check({ response_type: type });
      expect(result.kind, type).toBe('ok');
      if (result.kind === 'ok') expect(result.request.responseMode).toBe(mode);
    }
  });

  it('accepts hybrid response types (fragment by default) and refuses unknown ones', () => {
    for (const type of ['code id_token', 'code token', 'code id_token token']) {
      expect(check({ response_type: type })).toMatchObject({ kind: 'ok', request: { responseMode: 'fragment' } });
    }
    for (const type of ['token token', 'foo', 'code code']) {
      expect(check({ response_type: type })).toMatchObject({
        kind: 'redirect',
        error: 'unsupported_response_type',
        state: 's',
      });
    }
    expect(check({ response_type: undefined })).toMatchObject({
      kind: 'redirect',
      error: 'invalid_request',
      mode: 'query',
    });
  });

  it('keeps errors on a page until client and redirect URI are trusted', () => {
    expect(check({ client_id: undefined })).toMatchObject({ kind: 'page' });
    expect(check({ redirect_uri: undefined })).toMatchObject({ kind: 'page' });
    expect(check({}, ['redirect_uri'])).toMatchObject({ kind: 'page' });
    expect(check({ redirect_uri: 'https://evil.example/', response_type: 'bogus' })).toMatchObject({ kind: 'page' });
  });

  it('validates response_mode, prompt, max_age, connection and repeated parameters', () => {
    expect(check({ response_mode: 'form_post' })).toMatchObject({ kind: 'ok', request: { responseMode: 'form_post' } });
    expect(check({ response_mode: 'web_message' })).toMatchObject({
      kind: 'ok',
      request: { responseMode: 'web_message' },
    });
    expect(check({ response_mode: 'bogus' })).toMatchObject({
      kind: 'redirect',
      error: 'invalid_request',
      mode: 'fragment',
    });
    expect(check({ response_mode: 'query' })).toMatchObject({
      kind: 'redirect',
      error: 'invalid_request',
      mode: 'query',
    });
    expect(check({ prompt: 'none login' })).toMatchObject({ kind: 'redirect', error: 'invalid_request' });
    expect(check({ max_age: '-1' })).toMatchObject({ kind: 'redirect', error: 'invalid_request' });
    expect(check({ connection: 'github' })).toMatchObject({ kind: 'redirect', error: 'invalid_request' });
    expect(check({}, ['scope'])).toMatchObject({ kind: 'redirect', error: 'invalid_request' });
    expect(check({ connection: 'Username-Password-Authentication', max_age: '60', prompt: 'login' })).toMatchObject({
      kind: 'ok',
      request: { connection: 'Username-Password-Authentication', maxAge: 60, prompt: ['login'] },
    });
  });

  it('does not require a nonce without id_token, and defaults the scope to openid', () => {
    const result = check({ response_type: 'token', nonce: undefined, scope: undefined });
    expect(result).toMatchObject({ kind: 'ok', request: { scope: 'openid', nonce: undefined } });
  });
});
