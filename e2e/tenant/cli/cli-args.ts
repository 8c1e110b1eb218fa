/** Argument parsing for cli.ts, kept apart so tests can import it without starting a tenant. */
import type { TenantOptions } from '../server/server.js';

export const USAGE = `Usage: tenant [--port P] [--http] [--host NAME] [--config FILE] [--data FILE]
              [--test-endpoints] [--rotate-keys] [--print-config]

  --port P           port on 127.0.0.1 (default 4400; 0 picks a free port)
  --http             serve plain HTTP instead of HTTPS with a self-signed certificate
  --host NAME        public host name used in URLs and the token issuer (default localhost)
  --config FILE      tenant definition (JSON) instead of the built-in one
  --data FILE        keep users, sessions and refresh tokens in FILE across restarts
  --test-endpoints   enable /__admin/* (requests, reset, outbox, rotate-keys)
  --rotate-keys      start with two signing keys: a previous one and the current one
  --print-config     print the built-in tenant definition (a starting point for --config) and exit
`;

export type ParsedArgs = { kind: 'run'; options: TenantOptions } | { kind: 'help' } | { kind: 'print-config' } | { kind: 'error'; message: string };

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const options: TenantOptions = { port: 4400 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag = '', inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    const flagOnly = (): ParsedArgs | undefined => (inline === undefined ? undefined : { kind: 'error', message: `${flag} takes no value` });
    switch (flag) {
      case '--port': {
        const v = value();
        if (v === undefined || !/^\d{1,5}$/.test(v) || Number(v) > 65535) return { kind: 'error', message: `Invalid --port: ${v ?? '(missing)'}` };
        options.port = Number(v);
        break;
      }
      case '--host':
      case '--config':
      case '--data': {
        const v = value();
        if (!v || v.startsWith('--')) return { kind: 'error', message: `Missing value for ${flag}` };
        if (flag === '--host') options.host = v;
        else if (flag === '--config') options.config = v;
        else options.dataFile = v;
        break;
      }
      case '--http':
      case '--test-endpoints':
      case '--rotate-keys': {
        const error = flagOnly();
        if (error) return error;
        if (flag === '--http') options.http = true;
        else if (flag === '--test-endpoints') options.testEndpoints = true;
        else options.rotateKeys = true;
        break;
      }
      case '--print-config':
        return { kind: 'print-config' };
      case '--help':
      case '-h':
        return { kind: 'help' };
      default:
        return { kind: 'error', message: `Unknown argument: ${arg}` };
    }
  }
  return { kind: 'run', options };
}
