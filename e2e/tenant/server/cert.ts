/**
 * A throwaway self-signed TLS certificate, made in-process at every start (no key material is
 * committed, no openssl binary needed). ECDSA P-256: a key pair takes a millisecond where RSA takes
 * a noticeable part of the start-up.
 */
export interface SelfSignedCert {
  readonly keyPem: string;
  readonly certPem: string;
}

const DNS_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
const VALID_MS = 2 * 24 * 60 * 60 * 1000;
/** Clock skew between this process and a browser on the same machine is small but not zero. */
const BACKDATE_MS = 60 * 1000;

/** `CN=localhost`, subjectAltName `DNS:localhost, IP:127.0.0.1` (and `DNS:<extraHost>`), 2 days. */
export async function createSelfSignedCert(extraHost?: string): Promise<SelfSignedCert> {
  const altNames: Array<{ type: 2; value: string } | { type: 7; ip: string }> = [
    { type: 2, value: 'localhost' },
    { type: 7, ip: '127.0.0.1' },
  ];
  if (extraHost && extraHost !== 'localhost' && extraHost !== '127.0.0.1' && DNS_NAME.test(extraHost)) {
    altNames.push({ type: 2, value: extraHost });
  }
  // Loaded here, not at the top: an HTTP-only start never pays for the X.509 libraries.
  const { generate } = await import('selfsigned');
  const now = Date.now();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - BACKDATE_MS),
    notAfterDate: new Date(now + VALID_MS),
    // Its own trust anchor, so clients can pass `certPem` as their CA.
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { keyPem: pems.private, certPem: pems.cert };
}
