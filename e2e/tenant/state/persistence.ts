/**
 * `--data FILE`: users, sessions and refresh tokens survive restarts. Every change schedules one
 * write; writes never overlap, and each goes to a temporary file in the same directory that is
 * fsynced and then renamed over FILE, so FILE is always either the old or the new complete state.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { TenantContext } from './context.js';
import type { RefreshToken } from './refresh-tokens.js';
import type { Session } from './state.js';
import { parseStrictJson } from '../core/strict-json.js';
import { defaultDefinition } from '../config/defaults.js';
import type { StoredUser } from './users.js';

export interface SavedState {
  version: 1;
  users: StoredUser[];
  /**
   * The ids of the users the definition in force seeded (absent in files written before it was
   * kept): a restart under another definition drops those its definition does not have.
   */
  definitionUsers?: string[];
  sessions: Session[];
  refreshTokens: RefreshToken[];
}

function isRecordArray(value: unknown, keys: readonly string[]): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (v) =>
        typeof v === 'object' && v !== null && keys.every((k) => typeof (v as Record<string, unknown>)[k] === 'string'),
    )
  );
}

/** What `--data` saves: the state a restart must not lose (also what tests compare around a rejected request). */
export function durableState(tenant: TenantContext): SavedState {
  return {
    version: 1,
    users: [...tenant.users.all()],
    definitionUsers: tenant.users.definitionUserIds(),
    sessions: tenant.state.allSessions(),
    refreshTokens: tenant.refreshTokens.all(),
  };
}

/**
 * The users of the current definition: its own (a saved copy wins, keeping a password changed at
 * run time) and the users made at run time (sign-ups, passwordless) on a connection it still has.
 * A user another definition seeded stays out: the built-in users, whose passwords are published,
 * must not come back under a `--config` without them.
 */
function restoredUsers(tenant: TenantContext, saved: SavedState): StoredUser[] {
  const byId = new Map(tenant.users.all().map((u) => [u.userId, u]));
  // A file from before `definitionUsers` was kept: only the built-in definition can have seeded it.
  const seeded = new Set(saved.definitionUsers ?? builtInUserIds());
  for (const u of saved.users) {
    const own = byId.get(u.userId);
    const keep =
      own !== undefined
        ? own.connection === u.connection
        : !seeded.has(u.userId) && tenant.model.connections.has(u.connection);
    if (keep) byId.set(u.userId, u);
  }
  return [...byId.values()];
}

function builtInUserIds(): string[] {
  return defaultDefinition().connections.flatMap((c) => (c.users ?? []).map((u) => u.user_id));
}

export class DataFile {
  private tenant: TenantContext | undefined;
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(readonly path: string) {}

  /** The saved state, or undefined when the file does not exist yet; throws when it is unusable. */
  load(): SavedState | undefined {
    let raw: Buffer;
    try {
      raw = readFileSync(this.path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`Cannot read the data file ${this.path}: ${(err as Error).message}`, { cause: err });
    }
    const parsed = parseStrictJson(raw);
    const value = parsed.ok ? (parsed.value as Partial<SavedState> | null) : null;
    if (
      !value ||
      typeof value !== 'object' ||
      value.version !== 1 ||
      !isRecordArray(value.users, ['userId', 'connection', 'name']) ||
      !isRecordArray(value.sessions, ['id', 'userId', 'sid']) ||
      !isRecordArray(value.refreshTokens, ['token', 'family', 'clientId', 'userId']) ||
      !(
        value.definitionUsers === undefined ||
        (Array.isArray(value.definitionUsers) && value.definitionUsers.every((id) => typeof id === 'string'))
      )
    ) {
      throw new Error(`The data file ${this.path} is not a tenant data file (version 1); move it away or fix it.`);
    }
    return value as SavedState;
  }

  /** Restores `saved` into the tenant and starts saving every change. */
  attach(tenant: TenantContext, saved: SavedState | undefined): void {
    if (saved) {
      const users = restoredUsers(tenant, saved);
      tenant.users.replaceAll(users);
      const kept = new Set(users.map((u) => u.userId));
      tenant.state.restoreSessions(saved.sessions.filter((s) => kept.has(s.userId)));
      tenant.refreshTokens.restore(saved.refreshTokens.filter((t) => kept.has(t.userId)));
    }
    this.tenant = tenant;
    const schedule = (): void => this.schedule();
    tenant.users.onChange = schedule;
    tenant.state.onChange = schedule;
    tenant.refreshTokens.onChange = schedule;
    this.schedule();
  }

  private snapshot(tenant: TenantContext): SavedState {
    return durableState(tenant);
  }

  private schedule(): void {
    if (this.scheduled || !this.tenant) return;
    this.scheduled = true;
    const tenant = this.tenant;
    // Coalesce the changes of one request into one write, after the ones already running.
    this.writing = this.writing.then(
      () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            this.scheduled = false;
            try {
              this.writeAtomically(JSON.stringify(this.snapshot(tenant), null, 1));
            } catch (err) {
              console.error(`[tenant] could not write ${this.path}:`, (err as Error).message);
            }
            resolve();
          }),
        ),
    );
  }

  private writeAtomically(text: string): void {
    const tmp = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      const fd = openSync(tmp, 'wx', 0o600);
      try {
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.path);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
  }

  /** Resolves once every scheduled write has finished. */
  async flush(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.writing;
      await current;
    } while (current !== this.writing);
  }
}
