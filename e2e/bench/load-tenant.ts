/**
 * The load test's tenant: the CLI as `npm run tenant` runs it (one esbuild bundle) in a child
 * process (its own event loop and core, so the load generator does not share one with it), plain HTTP on an ephemeral 127.0.0.1 port, with the
 * built-in definition whose rate limits are raised for the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDefinition } from '../tenant/index.js';

export interface LoadTenant {
  readonly url: string;
  /**
   * CPU time (user + system) the tenant has used so far, in ms: the whole process (thread pool
   * included) and its main thread (the event loop, which bounds the rate). Undefined off Linux.
   */
  cpuMs(): { process: number; mainThread: number } | undefined;
  close(): Promise<void>;
}

/** Requests per minute per endpoint and client IP during the run (every request comes from 127.0.0.1). */
export const LOAD_RATE_LIMIT = 1_000_000;

/** `npm run tenant`'s launcher: the CLI from one esbuild bundle, what users run (no tsx hooks). */
const LAUNCHER = fileURLToPath(new URL('../../scripts/tenant.mjs', import.meta.url));
/** The repository root. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function startLoadTenant(): Promise<LoadTenant> {
  const definition = defaultDefinition();
  const limit = { limit: LOAD_RATE_LIMIT, window_seconds: 60 };
  definition.rate_limits = {
    '*': limit,
    '/dbconnections/signup': limit,
    '/passwordless/start': limit,
    '/api/v2': limit,
  };
  const dir = mkdtempSync(join(tmpdir(), 'webauth-load-'));
  const configFile = join(dir, 'tenant.json');
  writeFileSync(configFile, JSON.stringify(definition));
  // LOAD_CPU_PROF=DIR: the tenant writes a V8 CPU profile there when it stops (for finding hot spots).
  const profile = process.env['LOAD_CPU_PROF'] ? ['--cpu-prof', '--cpu-prof-dir', process.env['LOAD_CPU_PROF']] : [];
  const child = spawn(process.execPath, [...profile, LAUNCHER, '--http', '--port', '0', '--config', configFile], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await readyUrl(child);
    return {
      url,
      cpuMs: () => tenantCpuMs(child.pid),
      close: async () => {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('The tenant did not start within 30 s.')), 30_000);
    child.once('exit', (code) => reject(new Error(`The tenant exited (${code}) before it was ready.`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Local tenant ready at (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
}

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/** utime + stime (fields 14 and 15) of a /proc stat file, in ms. */
function statCpuMs(file: string): number {
  const stat = readFileSync(file, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

/**
 * The child's CPU time from /proc: load-independent enough to compare runs on a shared machine,
 * unlike req/s. The main thread's task id is the process id.
 */
function tenantCpuMs(pid: number | undefined): { process: number; mainThread: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    return { process: statCpuMs(`/proc/${pid}/stat`), mainThread: statCpuMs(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return undefined;
  }
}
