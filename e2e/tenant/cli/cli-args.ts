/** Argument parsing for cli.ts, kept apart so tests can import it without starting a tenant. */
import { parseArgs as parseNodeArgs } from 'node:util';
import type { TenantOptions } from '../server/server.js';

export const USAGE = `Usage: webauth-local-tenant [--port P] [--http] [--host NAME] [--config FILE] [--data FILE]
              [--login-page FILE] [--cert-file FILE] [--signing-key FILE] [--test-endpoints]
              [--allowed-host NAME]... [--rotate-keys] [--block-third-party-cookies] [--dpop-nonce]
              [--print-config]

  --port P           port on 127.0.0.1 (default 4400; 0 picks a free port)
  --http             serve plain HTTP instead of HTTPS with a self-signed certificate
  --host NAME        public host name used in URLs and the token issuer (default localhost)
  --allowed-host NAME
                     also answer requests whose Host header names NAME (repeatable); beside
                     --host, localhost, 127.0.0.1 and the custom domain, every other Host gets 403
  --config FILE      tenant definition (JSON) instead of the built-in one
  --data FILE        keep users, sessions and refresh tokens in FILE across restarts
  --login-page FILE  serve this HTML template as the login page (@@config@@ is filled in)
  --cert-file FILE   write the HTTPS certificate (PEM) to FILE, e.g. for NODE_EXTRA_CA_CERTS
  --signing-key FILE sign tokens with this private RSA JWK (JSON) instead of a new key per start
  --test-endpoints   enable /__admin/* (requests, reset, outbox, rotate-keys, switches); each
                     request needs the header X-Tenant-Admin-Token with the token printed at start
  --rotate-keys      start with two signing keys: a previous one and the current one
  --block-third-party-cookies
                     refuse the tenant's cookies in cross-site iframes and fetches, as browsers
                     that block third-party cookies do (also /__admin/switches)
  --dpop-nonce       require the tenant's nonce in DPoP proofs (use_dpop_nonce; also /__admin/switches)
  --print-config     print the built-in tenant definition (a starting point for --config) and exit
`;

export type ParsedArgs =
  | { kind: 'run'; options: TenantOptions; certFile?: string }
  | { kind: 'help' }
  | { kind: 'print-config' }
  | { kind: 'error'; message: string };

const OPTIONS = {
  port: { type: 'string' },
  http: { type: 'boolean' },
  host: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  config: { type: 'string' },
  data: { type: 'string' },
  'login-page': { type: 'string' },
  'cert-file': { type: 'string' },
  'signing-key': { type: 'string' },
  'test-endpoints': { type: 'boolean' },
  'rotate-keys': { type: 'boolean' },
  'block-third-party-cookies': { type: 'boolean' },
  'dpop-nonce': { type: 'boolean' },
  'print-config': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Strict parsing by node:util: unknown flags, positional arguments, a missing value, a value on a
 * flag that takes none and a value that looks like a flag (`--data --http`) are errors.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  let values;
  try {
    ({ values } = parseNodeArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (err) {
    return { kind: 'error', message: (err as Error).message };
  }
  if (values.help) return { kind: 'help' };
  if (values['print-config']) return { kind: 'print-config' };
  const options: TenantOptions = { port: 4400 };
  if (values.port !== undefined) {
    if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535)
      return { kind: 'error', message: `Invalid --port: ${values.port || '(missing)'}` };
    options.port = Number(values.port);
  }
  for (const flag of ['host', 'config', 'data', 'login-page', 'cert-file'] as const) {
    if (values[flag] === '') return { kind: 'error', message: `Missing value for --${flag}` };
  }
  if (values.host !== undefined) options.host = values.host;
  if (values['allowed-host'] !== undefined) {
    if (values['allowed-host'].includes('')) return { kind: 'error', message: 'Missing value for --allowed-host' };
    options.allowedHosts = values['allowed-host'];
  }
  if (values.config !== undefined) options.config = values.config;
  if (values.data !== undefined) options.dataFile = values.data;
  if (values['login-page'] !== undefined) options.loginPage = values['login-page'];
  if (values['signing-key'] !== undefined) options.signingKey = values['signing-key'];
  if (values.http) options.http = true;
  if (values['test-endpoints']) options.testEndpoints = true;
  if (values['rotate-keys']) options.rotateKeys = true;
  if (values['block-third-party-cookies']) options.blockThirdPartyCookies = true;
  if (values['dpop-nonce']) options.dpopNonce = true;
  if (values['cert-file'] === undefined) return { kind: 'run', options };
  if (options.http) return { kind: 'error', message: '--cert-file needs HTTPS (drop --http)' };
  return { kind: 'run', options, certFile: values['cert-file'] };
}
