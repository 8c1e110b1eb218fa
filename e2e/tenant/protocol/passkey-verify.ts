/**
 * Checks of the webauthn grant's `authn_response` (issue 48). The shape, the client data (type,
 * challenge, origin) and the credential's owner are checked here; the cryptography, the RP ID
 * hash, the flags (presence, verification) and the signature counter by @simplewebauthn/server,
 * a maintained WebAuthn server library (README: "Passkeys"). Every refusal is an HttpError with
 * the service's codes: `invalid_request` for a malformed response, `invalid_grant` otherwise.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyUserVerification } from '../config/definition.js';
import type { Client } from '../config/model.js';
import { HttpError } from '../http/http-io.js';
import type { StoredPasskey } from '../state/users.js';
import { isClientWebOrigin } from './cors.js';

/** What the session and the tenant expect of a response. */
export interface PasskeyExpectations {
  readonly challenge: string;
  readonly rpId: string;
  readonly client: Client;
  readonly userVerification: PasskeyUserVerification;
}

export type AuthnResponse =
  { kind: 'attestation'; json: RegistrationResponseJSON } | { kind: 'assertion'; json: AuthenticationResponseJSON };

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const ATTACHMENTS = new Set(['platform', 'cross-platform']);

const invalidRequest = (description: string): HttpError => new HttpError(400, 'invalid_request', description);
const invalidGrant = (description: string): HttpError => new HttpError(400, 'invalid_grant', description);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function binary(source: Record<string, unknown>, name: string, required: boolean): void {
  const value = source[name];
  if (value === undefined && !required) return;
  if (typeof value !== 'string' || value === '' || !BASE64URL.test(value))
    throw invalidRequest(`"authn_response.${name}" must be a base64url string.`);
}

/** The `authn_response` parameter as a registration (sign-up) or an authentication (sign-in) response. */
export function readAuthnResponse(value: unknown): AuthnResponse {
  if (!isObject(value)) throw invalidRequest('"authn_response" must be of type object');
  const response = value['response'];
  if (!isObject(response)) throw invalidRequest('"authn_response.response" must be of type object');
  binary(value, 'id', true);
  binary(value, 'rawId', true);
  if (value['id'] !== value['rawId']) throw invalidRequest('"authn_response.id" and "rawId" must be equal.');
  if (value['type'] !== 'public-key') throw invalidRequest('"authn_response.type" must be "public-key".');
  const attachment = value['authenticatorAttachment'];
  if (attachment !== undefined && attachment !== null && !ATTACHMENTS.has(attachment as string))
    throw invalidRequest('"authn_response.authenticatorAttachment" must be "platform" or "cross-platform".');
  const extensions = value['clientExtensionResults'];
  if (extensions !== undefined && !isObject(extensions))
    throw invalidRequest('"authn_response.clientExtensionResults" must be of type object');
  binary(response, 'clientDataJSON', true);
  const attestation = response['attestationObject'] !== undefined;
  const assertion = response['authenticatorData'] !== undefined || response['signature'] !== undefined;
  if (attestation === assertion)
    throw invalidRequest('"authn_response.response" must hold either an attestation or an assertion.');
  const json = { ...value, clientExtensionResults: extensions ?? {} };
  if (attestation) {
    binary(response, 'attestationObject', true);
    // The service needs to know where the passkey lives (D3): sign-up requires it.
    if (attachment === undefined || attachment === null)
      throw invalidRequest('"authn_response.authenticatorAttachment" is required for a sign-up.');
    return { kind: 'attestation', json: json as unknown as RegistrationResponseJSON };
  }
  binary(response, 'authenticatorData', true);
  binary(response, 'signature', true);
  if (response['userHandle'] !== undefined && response['userHandle'] !== null) binary(response, 'userHandle', true);
  return { kind: 'assertion', json: json as unknown as AuthenticationResponseJSON };
}

/** Whether a page at `origin` may use `rpId`: its host or a parent domain, over https (http only on localhost). */
function originFitsRpId(origin: URL, rpId: string): boolean {
  const host = origin.hostname;
  const secure = origin.protocol === 'https:' || host === 'localhost' || host.endsWith('.localhost');
  return secure && (host === rpId || host.endsWith(`.${rpId}`));
}

/**
 * The client data's origin, once its type, challenge and origin are what this session expects:
 * the origin must be one of the client's Allowed Web Origins and fit the RP ID.
 */
function checkClientData(clientDataJSON: string, type: string, expected: PasskeyExpectations): string {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    throw invalidRequest('"authn_response.response.clientDataJSON" is not JSON.');
  }
  if (!isObject(data)) throw invalidRequest('"authn_response.response.clientDataJSON" is not a JSON object.');
  if (data['type'] !== type) throw invalidGrant(`The client data type must be ${type}.`);
  if (data['challenge'] !== expected.challenge)
    throw invalidGrant('The challenge does not belong to this auth_session.');
  const origin = data['origin'];
  let parsed: URL | undefined;
  try {
    parsed = typeof origin === 'string' ? new URL(origin) : undefined;
  } catch {
    parsed = undefined;
  }
  if (
    typeof origin !== 'string' ||
    !parsed ||
    parsed.origin !== origin ||
    !isClientWebOrigin(expected.client, origin) ||
    !originFitsRpId(parsed, expected.rpId)
  )
    throw invalidGrant('The origin of the passkey response is not an allowed web origin of the client.');
  return origin;
}

/**
 * The library, loaded at the first passkey response: importing it takes about a second (its
 * X.509 and ASN.1 stack), which every tenant start, and every test file, would otherwise pay.
 */
type WebAuthnLibrary = typeof import('@simplewebauthn/server');
let webauthn: Promise<WebAuthnLibrary> | undefined;
const loadLibrary = (): Promise<WebAuthnLibrary> => (webauthn ??= import('@simplewebauthn/server'));

/** Runs a library verification; its refusal becomes invalid_grant, without the values it quotes. */
async function library<T extends { verified: boolean }>(verify: (lib: WebAuthnLibrary) => Promise<T>): Promise<T> {
  const lib = await loadLibrary();
  let result: T;
  try {
    result = await verify(lib);
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/"[^"]*"/g, '"…"') : 'unknown reason';
    throw invalidGrant(`The passkey response could not be verified: ${reason}`);
  }
  if (!result.verified) throw invalidGrant('The passkey response could not be verified.');
  return result;
}

/** Verifies a sign-up's attestation; answers the passkey to keep. */
export async function verifyPasskeySignup(
  response: RegistrationResponseJSON,
  expected: PasskeyExpectations,
  now: string,
): Promise<StoredPasskey> {
  const origin = checkClientData(response.response.clientDataJSON, 'webauthn.create', expected);
  const result = await library((lib) =>
    lib.verifyRegistrationResponse({
      response,
      expectedChallenge: expected.challenge,
      expectedOrigin: origin,
      expectedRPID: expected.rpId,
      requireUserVerification: expected.userVerification === 'required',
    }),
  );
  if (!result.registrationInfo) throw invalidGrant('The passkey response could not be verified.');
  const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  if (credential.id !== response.id) throw invalidGrant('The credential id does not match the attested credential.');
  const transports = response.response.transports;
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    ...(Array.isArray(transports) ? { transports: transports.filter((t) => typeof t === 'string') } : {}),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    createdAt: now,
  };
}

/** Verifies a sign-in's assertion by `passkey`; answers its new signature counter. */
export async function verifyPasskeySignIn(
  response: AuthenticationResponseJSON,
  expected: PasskeyExpectations,
  passkey: StoredPasskey,
): Promise<number> {
  const origin = checkClientData(response.response.clientDataJSON, 'webauthn.get', expected);
  const result = await library((lib) =>
    lib.verifyAuthenticationResponse({
      response,
      expectedChallenge: expected.challenge,
      expectedOrigin: origin,
      expectedRPID: expected.rpId,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
      },
      requireUserVerification: expected.userVerification === 'required',
    }),
  );
  return result.authenticationInfo.newCounter;
}

/** The WebAuthn user handle of a user: the UTF-8 bytes of its user id, base64url (no personal data). */
export function userHandleOf(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}
