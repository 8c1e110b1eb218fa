#!/usr/bin/env node
/**
 * Command line entry (see cli-args.ts for the flags). Prints one line once listening,
 * `Local tenant ready at <url>`, so scripts can wait for it (with `--test-endpoints`, the admin
 * token's line `Admin token: <token>` comes just before it, and with the built-in definition the
 * client, user and login URL to try before those); stops cleanly on SIGINT/SIGTERM.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs, USAGE } from './cli-args.js';
import { defaultDefinition } from '../config/defaults.js';
import { developmentHints } from './dev-hints.js';
import { startTenant } from '../server/server.js';
import type { RunningTenant } from '../server/server.js';

async function main(): Promise<void> {
  const parsed = parseArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (parsed.kind === 'print-config') {
    process.stdout.write(`${JSON.stringify(defaultDefinition(), null, 2)}\n`);
    return;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${parsed.message}\n\n${USAGE}`);
    process.exit(2);
  }
  let tenant: RunningTenant;
  try {
    // Without /__admin/requests nobody outside can read the request log: do not keep one.
    tenant = await startTenant({
      recordRequests: parsed.options.testEndpoints === true,
      showTestUser: parsed.options.config === undefined,
      ...parsed.options,
    });
    // Written before the ready line, so a client that waits for it finds the file.
    if (parsed.certFile !== undefined) writeFileSync(parsed.certFile, tenant.certPem ?? '');
  } catch (err) {
    process.stderr.write(`Could not start the local tenant: ${(err as Error).message}\n`);
    process.exit(1);
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    // close() also waits for the last --data write.
    tenant.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Only with the built-in definition: never a word about the clients or users of a user's own.
  if (parsed.options.config === undefined) process.stdout.write(developmentHints(tenant.url));
  if (parsed.options.testEndpoints === true) process.stdout.write(`Admin token: ${tenant.adminToken}\n`);
  // Only now: whoever reads this line may signal us at once.
  process.stdout.write(`Local tenant ready at ${tenant.url}\n`);
}

void main();
