/** The `Auth0-Client` telemetry value: base64 JSON, URL-safe alphabet with `=` padding kept. */
import { VERSION } from '../version.js';

/** Telemetry name for requests from a hosted login page. */
export const ULP_TELEMETRY_NAME = 'auth0.js-ulp';

export interface TelemetryOptions {
  _sendTelemetry?: unknown;
  _telemetryInfo?: Record<string, unknown>;
  universalLoginPage?: unknown;
}

// Every instance encodes the same one or two payloads; btoa was most of the constructor's time.
const encoded: Record<string, string> = {};

/** Encodes the payload the way v10 does: each UTF-16 code unit as one byte (ASCII-safe only). */
export function encodeTelemetry(payload: unknown): string {
  const json = JSON.stringify(payload);
  if (!encoded[json]) {
    let binary = '';
    for (let i = 0; i < json.length; i++) binary += String.fromCharCode(json.charCodeAt(i) & 0xff);
    encoded[json] = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_');
  }
  return encoded[json];
}

// The value without `_telemetryInfo`, by name: every `new WebAuth` asks for it twice.
const plain: Record<string, string> = {};

/** The telemetry value for these options, or `undefined` when telemetry is off. */
export function telemetryFor(options: TelemetryOptions): string | undefined {
  if (options._sendTelemetry === false) return undefined;
  const name = options.universalLoginPage ? ULP_TELEMETRY_NAME : 'auth0.js';
  const info = options._telemetryInfo;
  if (!info) return (plain[name] ??= encodeTelemetry({ name, version: VERSION }));
  const payload = info
    ? { ...info, env: { ...(info.env as Record<string, unknown> | undefined), [name]: VERSION } }
    : { name, version: VERSION };
  return encodeTelemetry(payload);
}
