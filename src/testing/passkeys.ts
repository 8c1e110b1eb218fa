/** Credentials as the browser's WebAuthn ceremonies give them, for the passkey tests. */

/** Unpadded base64url of `bytes`, computed with Node's Buffer (not the library's encoder). */
export const b64u = (bytes: number[]) => Buffer.from(bytes).toString('base64url');
/** `bytes` as an ArrayBuffer. */
export const buf = (bytes: number[]) => new Uint8Array(bytes).buffer;

/** A credential as `navigator.credentials.create()` gives it (an attestation). */
export function attestationCredential(extra: Record<string, unknown> = {}) {
  return {
    type: 'public-key',
    id: b64u([1, 2, 3]),
    rawId: buf([1, 2, 3]),
    authenticatorAttachment: 'platform',
    response: { clientDataJSON: buf([10, 11]), attestationObject: buf([20, 21, 255]) },
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
    ...extra,
  };
}

/** A credential as `navigator.credentials.get()` gives it (an assertion). */
export function assertionCredential(extra: Record<string, unknown> = {}, response: Record<string, unknown> = {}) {
  return {
    type: 'public-key',
    id: b64u([1, 2, 3]),
    rawId: buf([1, 2, 3]),
    authenticatorAttachment: 'cross-platform',
    response: {
      clientDataJSON: buf([10, 11]),
      authenticatorData: buf([30, 31]),
      signature: buf([40, 41, 251]),
      userHandle: buf([50]),
      ...response,
    },
    getClientExtensionResults: () => ({}),
    ...extra,
  };
}

/** {@link attestationCredential} as `authn_response`: every binary field unpadded base64url (by hand). */
export const ATTESTATION_JSON = {
  id: 'AQID',
  rawId: 'AQID',
  type: 'public-key',
  authenticatorAttachment: 'platform',
  clientExtensionResults: { credProps: { rk: true } },
  response: { clientDataJSON: 'Cgs', attestationObject: 'FBX_' },
};

/** {@link assertionCredential} as `authn_response`. */
export const ASSERTION_JSON = {
  id: 'AQID',
  rawId: 'AQID',
  type: 'public-key',
  authenticatorAttachment: 'cross-platform',
  clientExtensionResults: {},
  response: { clientDataJSON: 'Cgs', authenticatorData: 'Hh8', signature: 'KCn7', userHandle: 'Mg' },
};
