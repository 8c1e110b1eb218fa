import { describe, expect, it } from 'vitest';
import { creationOptions, decodeBase64url, requestOptions, serializeCredential } from './encoding.js';
import { PasskeyError } from './passkey-error.js';
import {
  ASSERTION_JSON,
  assertionCredential,
  ATTESTATION_JSON,
  attestationCredential,
  b64u,
  buf,
} from '../testing/passkeys.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(PasskeyError);
    return (err as PasskeyError).code;
  }
  throw new Error('did not throw');
};

describe('serializeCredential', () => {
  it('encodes every binary field of an attestation as unpadded base64url', () => {
    const { kind, json } = serializeCredential(attestationCredential());
    expect(kind).toBe('create');
    expect(json).toEqual(ATTESTATION_JSON);
  });

  it('encodes every binary field of an assertion, userHandle included, and no attestation field', () => {
    const { kind, json } = serializeCredential(assertionCredential());
    expect(kind).toBe('get');
    expect(json).toEqual(ASSERTION_JSON);
    expect(JSON.stringify(json)).not.toMatch(/[=+/]/);
  });

  it('leaves out a null userHandle and a null authenticatorAttachment; accepts typed-array views', () => {
    const view = new Uint8Array([0, 9, 9, 0]).subarray(1, 3);
    const { json } = serializeCredential(
      assertionCredential({ authenticatorAttachment: null, rawId: view }, { userHandle: null }),
    );
    expect(json.response).not.toHaveProperty('userHandle');
    expect(json).not.toHaveProperty('authenticatorAttachment');
    expect(json.rawId).toBe('CQk');
  });

  it('encodes binary extension results (a PRF output) as base64url', () => {
    const cred = assertionCredential({
      getClientExtensionResults: () => ({ prf: { results: { first: buf([1, 2]) } } }),
    });
    expect(serializeCredential(cred).json.clientExtensionResults).toEqual({ prf: { results: { first: 'AQI' } } });
  });

  it('refuses the other kind of credential than the flow made, and anything that is not one', () => {
    expect(codeOf(() => serializeCredential(assertionCredential(), 'create'))).toBe('passkey_invalid_credential');
    expect(codeOf(() => serializeCredential(attestationCredential(), 'get'))).toBe('passkey_invalid_credential');
    for (const bad of [
      null,
      'credential',
      { ...attestationCredential(), type: 'password' },
      { ...attestationCredential(), rawId: 'AQID' },
      { ...attestationCredential(), id: undefined },
      { ...attestationCredential(), response: {} },
      { ...assertionCredential(), response: { clientDataJSON: buf([1]), signature: buf([2]) } },
      { ...attestationCredential(), response: { clientDataJSON: 'Cgs', attestationObject: 'FBX_' } },
    ]) {
      expect(codeOf(() => serializeCredential(bad))).toBe('passkey_invalid_credential');
    }
  });
});

describe('challenge options', () => {
  it('decodes the sign-up challenge, user id and excluded credential ids; keeps the rest', () => {
    const options = creationOptions({
      challenge: b64u([1, 2, 3, 4]),
      timeout: 60000,
      rp: { id: 'localhost', name: 'Local' },
      user: { id: b64u([9, 8]), name: 'ana@example.com', displayName: 'Ana' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      excludeCredentials: [{ type: 'public-key', id: b64u([7]) }],
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    expect(new Uint8Array(options.challenge as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3, 4]));
    expect(new Uint8Array(options.user.id as ArrayBuffer)).toEqual(new Uint8Array([9, 8]));
    expect(new Uint8Array(options.excludeCredentials![0]!.id as ArrayBuffer)).toEqual(new Uint8Array([7]));
    expect(options).toMatchObject({ timeout: 60000, rp: { id: 'localhost' }, user: { name: 'ana@example.com' } });
  });

  it('decodes the sign-in challenge (no allowCredentials: discoverable)', () => {
    const options = requestOptions({
      challenge: b64u([5, 6]),
      timeout: 1000,
      rpId: 'localhost',
      userVerification: 'preferred',
    });
    expect(new Uint8Array(options.challenge as ArrayBuffer)).toEqual(new Uint8Array([5, 6]));
    expect(options).not.toHaveProperty('allowCredentials');
    expect(options.rpId).toBe('localhost');
  });

  it('refuses options that are not WebAuthn options', () => {
    expect(codeOf(() => creationOptions({ challenge: 'AQ' }))).toBe('passkey_invalid_credential');
    expect(codeOf(() => requestOptions(undefined))).toBe('passkey_invalid_credential');
    expect(codeOf(() => requestOptions({ challenge: 42 }))).toBe('passkey_invalid_credential');
    expect(codeOf(() => decodeBase64url('not base64!'))).toBe('passkey_invalid_credential');
  });
});
