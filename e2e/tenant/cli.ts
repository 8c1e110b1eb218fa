/**
 * Command line entry: `tenant [--port P] [--http] [--test-endpoints] [--host NAME]`.
 * Prints exactly one line once listening, so scripts can wait for it.
 */
import { parseArgs, USAGE } from './cli-args.js';
import { startTenant } from './server.js';

async function main(): Promise<void> {
  const parsed = parseArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${parsed.message}\n\n${USAGE}`);
    process.exit(2);
  }
  let tenant;
  try {
    tenant = await startTenant(parsed.options);
  } catch (err) {
    process.stderr.write(`Could not start the local tenant: ${(err as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`Local tenant ready at ${tenant.url}\n`);
  const stop = (): void => {
    tenant.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
