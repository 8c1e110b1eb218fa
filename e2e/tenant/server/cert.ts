/**
 * A throwaway self-signed TLS certificate, made with the openssl CLI at start so no key material is
 * ever committed. Node has no certificate builder, hence the CLI.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SelfSignedCert {
  readonly keyPem: string;
  readonly certPem: string;
}

const DNS_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

export function createSelfSignedCert(extraHost?: string): SelfSignedCert {
  const names = ['DNS:localhost', 'IP:127.0.0.1'];
  if (extraHost && extraHost !== 'localhost' && extraHost !== '127.0.0.1' && DNS_NAME.test(extraHost)) {
    names.push(`DNS:${extraHost}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'webauth-tenant-cert-'));
  try {
    const keyPath = join(dir, 'key.pem');
    const certPath = join(dir, 'cert.pem');
    const args = [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2',
      '-subj', '/CN=localhost',
      '-addext', `subjectAltName=${names.join(',')}`,
      '-keyout', keyPath, '-out', certPath,
    ];
    try {
      execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
      if (e.code === 'ENOENT') {
        throw new Error(
          'The local tenant needs the `openssl` command to create its HTTPS certificate, and it was not found. ' +
            'Install openssl, or run the tenant over plain HTTP with `--http` (or `startTenant({ http: true })`).',
        );
      }
      const detail = e.stderr ? e.stderr.toString().trim() : e.message;
      throw new Error(`openssl failed to create the tenant certificate: ${detail}. Try \`--http\` instead.`);
    }
    return { keyPem: readFileSync(keyPath, 'utf8'), certPem: readFileSync(certPath, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
