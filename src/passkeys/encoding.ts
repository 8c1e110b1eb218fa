/**
 * The wire shapes of the passkey API: the tenant's challenge options (binary fields as unpadded
 * base64url) decoded for `navigator.credentials`, and a `PublicKeyCredential` encoded back as the
 * token request's `authn_response`.
 */
import { encodeBase64url } from '../shared/base64url.js';
import type { AnyObject } from '../shared/types.js';
import { PasskeyError } from './passkey-error.js';

/** Unpadded base64url (or padded, or standard base64) to bytes. */
export function decodeBase64url(text: unknown): ArrayBuffer {
  let binary: string;
  try {
    binary = atob((text as string).replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw invalidOptions(); // not a string, or not base64
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

const invalidOptions = () =>
  new PasskeyError('passkey_invalid_credential', "The tenant's passkey options are not valid WebAuthn options");

/** True for an ArrayBuffer (of any realm) or a view of one. */
const isBinary = (value: unknown): value is ArrayBuffer | ArrayBufferView =>
  ArrayBuffer.isView(value) || Object.prototype.toString.call(value) === '[object ArrayBuffer]';

const bytesOf = (value: ArrayBuffer | ArrayBufferView) =>
  ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : new Uint8Array(value);

/** The credential descriptors of a challenge (`allowCredentials`, `excludeCredentials`), ids decoded. */
const descriptors = (list: unknown) =>
  Array.isArray(list) ? list.map((d: AnyObject) => ({ ...d, id: decodeBase64url(d.id) })) : undefined;

const withList = (options: AnyObject, key: string) => {
  const list = descriptors(options[key]);
  if (list) options[key] = list;
  return options;
};

/** The sign-up challenge's `authn_params_public_key`, ready for `navigator.credentials.create()`. */
export function creationOptions(json: unknown): PublicKeyCredentialCreationOptions {
  const o = json as AnyObject;
  if (!o || typeof o !== 'object' || !o.user || typeof o.user !== 'object') throw invalidOptions();
  const options = {
    ...o,
    challenge: decodeBase64url(o.challenge),
    user: { ...o.user, id: decodeBase64url(o.user.id) },
  };
  return withList(options, 'excludeCredentials') as PublicKeyCredentialCreationOptions;
}

/** The sign-in challenge's `authn_params_public_key`, ready for `navigator.credentials.get()`. */
export function requestOptions(json: unknown): PublicKeyCredentialRequestOptions {
  const o = json as AnyObject;
  if (!o || typeof o !== 'object') throw invalidOptions();
  return withList(
    { ...o, challenge: decodeBase64url(o.challenge) },
    'allowCredentials',
  ) as PublicKeyCredentialRequestOptions;
}

/** Extension results with any binary value (a PRF output, say) as base64url. */
function jsonOf(value: unknown): unknown {
  if (isBinary(value)) return encodeBase64url(bytesOf(value));
  if (Array.isArray(value)) return value.map(jsonOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonOf(v)]));
  }
  return value;
}

/** Which ceremony made a credential: `create` (attestation) or `get` (assertion). */
export type CeremonyKind = 'create' | 'get';

const ATTESTATION = ['clientDataJSON', 'attestationObject'];
const ASSERTION = ['clientDataJSON', 'authenticatorData', 'signature'];

/**
 * `credential` as the token request's `authn_response`: every binary field as unpadded base64url,
 * the response's fields for its kind (an attestation from sign-up, an assertion from sign-in), a
 * null `authenticatorAttachment` or `userHandle` left out. Throws `passkey_invalid_credential` for
 * anything else, or when `expected` names the other kind.
 */
export function serializeCredential(
  credential: unknown,
  expected?: CeremonyKind,
): { kind: CeremonyKind; json: AnyObject } {
  const c = credential as AnyObject | null;
  const response = c?.response as AnyObject | undefined;
  const invalid = (why: string) => new PasskeyError('passkey_invalid_credential', `The passkey credential ${why}`);
  if (!c || c.type !== 'public-key' || typeof c.id !== 'string' || !isBinary(c.rawId) || !response) {
    throw invalid('is not a public-key credential');
  }
  const has = (fields: string[]) => fields.every((f) => isBinary(response[f]));
  const kind: CeremonyKind | undefined = has(ATTESTATION) ? 'create' : has(ASSERTION) ? 'get' : undefined;
  if (!kind) throw invalid('has neither an attestation nor an assertion response');
  if (expected && kind !== expected) {
    throw invalid(expected === 'create' ? 'is an assertion, not a new passkey' : 'is a new passkey, not an assertion');
  }
  const fields = kind === 'create' ? ATTESTATION : [...ASSERTION, 'userHandle'];
  const out: AnyObject = {};
  for (const f of fields) if (isBinary(response[f])) out[f] = encodeBase64url(bytesOf(response[f]));
  const json: AnyObject = { id: c.id, rawId: encodeBase64url(bytesOf(c.rawId)), type: 'public-key', response: out };
  if (c.authenticatorAttachment) json.authenticatorAttachment = c.authenticatorAttachment;
  if (typeof c.getClientExtensionResults === 'function') {
    json.clientExtensionResults = jsonOf(c.getClientExtensionResults());
  }
  return { kind, json };
}
