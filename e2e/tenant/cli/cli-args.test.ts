import { describe, expect, it } from 'vitest';
import { parseArgs } from './cli-args.js';

describe('CLI arguments', () => {
  it('defaults to HTTPS on port 4400', () => {
    expect(parseArgs([])).toEqual({ kind: 'run', options: { port: 4400 } });
  });

  it('reads every flag, in both --flag value and --flag=value forms', () => {
    expect(parseArgs(['--port', '0', '--http', '--test-endpoints', '--host=auth.localtest'])).toEqual({
      kind: 'run',
      options: { port: 0, http: true, testEndpoints: true, host: 'auth.localtest' },
    });
    expect(parseArgs(['--port=5000'])).toEqual({ kind: 'run', options: { port: 5000 } });
    expect(parseArgs(['--config', 'tenant.json', '--data=state.json', '--rotate-keys'])).toEqual({
      kind: 'run',
      options: { port: 4400, config: 'tenant.json', dataFile: 'state.json', rotateKeys: true },
    });
    expect(parseArgs(['--block-third-party-cookies', '--dpop-nonce'])).toEqual({
      kind: 'run',
      options: { port: 4400, blockThirdPartyCookies: true, dpopNonce: true },
    });
    expect(parseArgs(['--allowed-host', 'a.test', '--allowed-host=b.test'])).toEqual({
      kind: 'run',
      options: { port: 4400, allowedHosts: ['a.test', 'b.test'] },
    });
    expect(parseArgs(['--print-config'])).toEqual({ kind: 'print-config' });
  });

  it('reports unknown flags and bad values as errors', () => {
    expect(parseArgs(['--verbose'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--port'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--port', '70000'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--port', 'abc'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--host'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['extra'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--config'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--data', '--http'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--http=yes'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--block-third-party-cookies=no'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseArgs(['-h'])).toEqual({ kind: 'help' });
  });

  it('names the problem in its message', () => {
    expect(parseArgs(['--verbose'])).toEqual({ kind: 'error', message: expect.stringContaining("'--verbose'") });
    expect(parseArgs(['--port', 'abc'])).toEqual({ kind: 'error', message: 'Invalid --port: abc' });
    expect(parseArgs(['--host='])).toEqual({ kind: 'error', message: 'Missing value for --host' });
    expect(parseArgs(['--allowed-host='])).toEqual({ kind: 'error', message: 'Missing value for --allowed-host' });
    expect(parseArgs(['--data', '--http'])).toEqual({ kind: 'error', message: expect.stringContaining('--data') });
    expect(parseArgs(['--http=yes'])).toEqual({ kind: 'error', message: expect.stringContaining('--http') });
  });
});
