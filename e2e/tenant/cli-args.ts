/** Argument parsing for cli.ts, kept apart so tests can import it without starting a tenant. */
import type { TenantOptions } from './server.js';

export const USAGE = `Usage: tenant [--port P] [--http] [--test-endpoints] [--host NAME]

  --port P           port on 127.0.0.1 (default 4400; 0 picks a free port)
  --http             serve plain HTTP instead of HTTPS with a self-signed certificate
  --test-endpoints   enable /__admin/requests and /__admin/reset
  --host NAME        public host name used in URLs and the token issuer (default localhost)
`;

export type ParsedArgs = { kind: 'run'; options: TenantOptions } | { kind: 'help' } | { kind: 'error'; message: string };

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const options: TenantOptions = { port: 4400 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag = '', inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--port': {
        const v = value();
        if (v === undefined || !/^\d{1,5}$/.test(v) || Number(v) > 65535) return { kind: 'error', message: `Invalid --port: ${v ?? '(missing)'}` };
        options.port = Number(v);
        break;
      }
      case '--host': {
        const v = value();
        if (!v) return { kind: 'error', message: 'Missing value for --host' };
        options.host = v;
        break;
      }
      case '--http':
        options.http = true;
        break;
      case '--test-endpoints':
        options.testEndpoints = true;
        break;
      case '--help':
      case '-h':
        return { kind: 'help' };
      default:
        return { kind: 'error', message: `Unknown argument: ${arg}` };
    }
  }
  return { kind: 'run', options };
}
