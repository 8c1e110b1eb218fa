/**
 * A lock across the processes of one test run (vitest's parallel workers): a directory only one of
 * them can create. The holder's pid is written inside, so a lock left by a process that died is
 * taken over instead of blocking every later run.
 */
import { watch } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Resolves when something changes in the lock's folder (its removal), or after `recheckMs` at most. */
function changed(path: string, recheckMs: number): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dirname(path), () => done());
    // A watcher can miss an event on some file systems; the caller looks again either way.
    const timer = setTimeout(() => done(), recheckMs);
    function done(): void {
      clearTimeout(timer);
      watcher.close();
      resolve();
    }
  });
}

async function acquire(path: string): Promise<void> {
  for (;;) {
    try {
      await mkdir(path);
      await writeFile(join(path, 'pid'), String(process.pid));
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(await readFile(join(path, 'pid'), 'utf8').catch(() => ''));
    if (holder && !alive(holder)) await rm(path, { recursive: true, force: true });
    else await changed(path, 1_000);
  }
}

/** Runs `fn` while holding the lock at `path` (a directory path; its parent is created if missing). */
export async function withFileLock<T>(path: string, fn: () => Promise<T>): Promise<T> {
  await mkdir(dirname(path), { recursive: true });
  await acquire(path);
  try {
    return await fn();
  } finally {
    await rm(path, { recursive: true, force: true });
  }
}
