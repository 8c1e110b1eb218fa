/**
 * The tenant's users, of every connection. Passwords are kept only as scrypt hashes so the tenant
 * never holds (or leaks through a debug dump or the --data file) a plain password.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { TenantDefinition, UserDefinition } from '../config/definition.js';

export interface StoredUser {
  /** `<provider>|<id>`, e.g. `auth0|alice`, `email|5f2c…`. */
  readonly userId: string;
  readonly connection: string;
  /** '' for a user without an email address (sms users). */
  readonly email: string;
  readonly emailVerified: boolean;
  readonly username?: string | undefined;
  readonly phoneNumber?: string | undefined;
  readonly phoneVerified?: boolean | undefined;
  readonly name: string;
  readonly nickname: string;
  readonly givenName?: string | undefined;
  readonly familyName?: string | undefined;
  /** An explicit picture URL; without one the tenant serves an avatar (tokens.ts pictureUrl). */
  readonly picture?: string | undefined;
  readonly blocked?: boolean | undefined;
  /** Database users only: `scrypt$N$r$p$salt$hash`. */
  readonly passwordHash?: string | undefined;
  readonly userMetadata?: Readonly<Record<string, unknown>> | undefined;
  readonly appMetadata?: Readonly<Record<string, unknown>> | undefined;
  readonly createdAt?: string | undefined;
  readonly updatedAt: string;
  /** Identities linked into this user through the Management API, in link order (issue 5). */
  readonly linkedIdentities?: readonly LinkedIdentity[] | undefined;
  /** WebAuthn credentials registered through /passkey/register (issue 48). */
  readonly passkeys?: readonly StoredPasskey[] | undefined;
}

/** A passkey as the tenant keeps it: public data only (the private key never leaves the authenticator). */
export interface StoredPasskey {
  /** The credential id, base64url. */
  readonly id: string;
  /** The COSE public key, base64url. */
  readonly publicKey: string;
  /** The signature counter last seen; a response with a lower one is refused. */
  readonly counter: number;
  readonly transports?: readonly string[] | undefined;
  readonly deviceType: string;
  readonly backedUp: boolean;
  readonly createdAt: string;
  readonly lastUsedAt?: string | undefined;
}

/** A secondary user's identity after account linking, as the Management API shows it. */
export interface LinkedIdentity {
  readonly connection: string;
  readonly provider: string;
  /** The id without the provider prefix (`bob` for `auth0|bob`). */
  readonly userId: string;
  /** The secondary's profile when it was linked. */
  readonly profileData: Readonly<Record<string, string | boolean>>;
}

const KEY_LENGTH = 32;
/** scrypt's cost N for new hashes by default: Node's default, still a real memory-hard hash. */
export const DEFAULT_PASSWORD_HASH_COST = 2 ** 14;
/** The range `passwordHashCost` may take (a power of two); stored hashes are read up to the maximum. */
export const MIN_PASSWORD_HASH_COST = 2 ** 10;
export const MAX_PASSWORD_HASH_COST = 2 ** 17;
const R = 8;
const P = 1;

function scryptAsync(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Whether `n` is a cost `passwordHashCost` accepts. */
export const isPasswordHashCost = (n: unknown): n is number =>
  Number.isInteger(n) &&
  (n as number) >= MIN_PASSWORD_HASH_COST &&
  (n as number) <= MAX_PASSWORD_HASH_COST &&
  ((n as number) & ((n as number) - 1)) === 0;

/** Format: `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>`. */
export async function hashPassword(password: string, N: number = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * The hashes of definition users' plain-text passwords, kept for the process: every tenant started
 * from the same definition would hash the same passwords again, at about 50 ms of CPU each (the
 * tenant's own tests computed about 530 a run; issue 34). Keyed by connection, user id, password
 * and cost, so each user still has a salt of their own.
 */
const definitionHashes = new Map<string, Promise<string>>();

function definitionHash(connection: string, userId: string, password: string, N: number): Promise<string> {
  const key = JSON.stringify([connection, userId, password, N]);
  let hash = definitionHashes.get(key);
  if (!hash) {
    hash = hashPassword(password, N);
    definitionHashes.set(key, hash);
    // A failed hash is not kept: the next tenant tries again.
    hash.catch(() => definitionHashes.delete(key));
  }
  return hash;
}

/**
 * A throwaway password's hash per cost, hashed against for unknown users (at the store's cost, so
 * both failures take alike); one per process and cost, made on first use.
 */
const decoyHashes = new Map<number, Promise<string>>();
function decoy(N: number): Promise<string> {
  let hash = decoyHashes.get(N);
  if (!hash) decoyHashes.set(N, (hash = hashPassword(randomBytes(12).toString('hex'), N)));
  return hash;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || N > MAX_PASSWORD_HASH_COST || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const actual = await scryptAsync(password, salt, { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A new user id body in the service's style (24 hex characters). */
export function newUserIdBody(): string {
  return randomBytes(12).toString('hex');
}

async function fromDefinition(connection: string, u: UserDefinition, N: number): Promise<StoredUser> {
  const email = u.email ?? '';
  const now = '2024-01-01T00:00:00.000Z';
  const nickname = u.nickname ?? (u.username || email.split('@')[0] || u.phone_number || u.user_id);
  return {
    userId: u.user_id,
    connection,
    email,
    emailVerified: u.email_verified ?? false,
    username: u.username,
    phoneNumber: u.phone_number,
    phoneVerified: u.phone_number ? true : undefined,
    name: u.name ?? (email || u.phone_number || nickname),
    nickname,
    givenName: u.given_name,
    familyName: u.family_name,
    picture: u.picture,
    blocked: u.blocked,
    passwordHash:
      u.password_hash ??
      (u.password !== undefined ? await definitionHash(connection, u.user_id, u.password, N) : undefined),
    userMetadata: u.user_metadata,
    appMetadata: u.app_metadata,
    createdAt: u.created_at ?? now,
    updatedAt: u.updated_at ?? now,
  };
}

export class UserStore {
  private users: StoredUser[] = [];
  private initial: readonly StoredUser[] = [];
  /** Called after every change (persistence listens). */
  onChange: () => void = () => undefined;
  // Hashing against a throwaway password for unknown users keeps response times alike for both
  // failures (the process's decoy for this cost is made when a store starts, not at an unknown login).
  private readonly decoy: Promise<string>;

  /** `hashCost`: scrypt's N for the passwords this store hashes (see `TenantOptions.passwordHashCost`). */
  constructor(private readonly hashCost: number = DEFAULT_PASSWORD_HASH_COST) {
    this.decoy = decoy(hashCost);
  }

  /** The users of every connection of the definition, hashed in parallel. */
  static async fromDefinition(def: TenantDefinition, hashCost?: number): Promise<UserStore> {
    const store = new UserStore(hashCost);
    const pending = def.connections.flatMap((c) =>
      (c.users ?? []).map((u) => fromDefinition(c.name, u, store.hashCost)),
    );
    store.users = await Promise.all(pending);
    store.initial = [...store.users];
    return store;
  }

  all(): readonly StoredUser[] {
    return this.users;
  }

  /** Replaces every user (loading a --data file). */
  replaceAll(users: readonly StoredUser[]): void {
    this.users = [...users];
    this.onChange();
  }

  /** The ids of the users the definition seeded (what `--data` keeps apart from run-time users). */
  definitionUserIds(): string[] {
    return this.initial.map((u) => u.userId);
  }

  /** Back to the definition's users (admin reset). */
  reset(): void {
    this.users = [...this.initial];
    this.onChange();
  }

  /** A new database user; the password is hashed first. */
  /**
   * Hashes `password`, then runs `check` (which may throw) and inserts with no await in between, so
   * a duplicate another request created while the hash was computed is still caught.
   */
  async add(
    profile: Omit<StoredUser, 'passwordHash'>,
    password: string,
    check: () => void = () => {},
  ): Promise<StoredUser> {
    const passwordHash = await hashPassword(password, this.hashCost);
    check();
    return this.insert({ ...profile, passwordHash });
  }

  insert(user: StoredUser): StoredUser {
    this.users.push(user);
    this.onChange();
    return user;
  }

  findById(userId: string): StoredUser | undefined {
    return this.users.find((u) => u.userId === userId);
  }

  findByNickname(nickname: string): StoredUser | undefined {
    return this.users.find((u) => u.nickname === nickname);
  }

  findByEmail(connection: string, email: string): StoredUser | undefined {
    const wanted = email.trim().toLowerCase();
    if (wanted === '') return undefined;
    return this.users.find((u) => u.connection === connection && u.email.toLowerCase() === wanted);
  }

  findByUsername(connection: string, username: string): StoredUser | undefined {
    const wanted = username.trim().toLowerCase();
    return this.users.find((u) => u.connection === connection && u.username?.toLowerCase() === wanted);
  }

  findByPhone(connection: string, phone: string): StoredUser | undefined {
    return this.users.find((u) => u.connection === connection && u.phoneNumber === phone);
  }

  /** A database login name: an email, or a username in connections that have them. */
  findByLogin(connection: string, login: string): StoredUser | undefined {
    return login.includes('@') ? this.findByEmail(connection, login) : this.findByUsername(connection, login);
  }

  /**
   * The user when `login` exists in the connection and the password matches (blocked users too:
   * callers decide what a blocked user gets, after the password proved who it is).
   */
  async authenticate(connection: string, login: string, password: string): Promise<StoredUser | undefined> {
    const user = this.findByLogin(connection, login);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await this.decoy));
    return ok && user ? user : undefined;
  }

  async setPassword(userId: string, password: string, updatedAt: string): Promise<StoredUser | undefined> {
    const passwordHash = await hashPassword(password, this.hashCost);
    return this.replace(userId, (u) => ({ ...u, passwordHash, updatedAt }));
  }

  /** Marks the email (or phone) verified, e.g. after a passwordless login proved it. */
  markVerified(userId: string, updatedAt: string): StoredUser | undefined {
    return this.replace(userId, (u) => ({
      ...u,
      emailVerified: u.email !== '' || u.emailVerified,
      phoneVerified: u.phoneNumber ? true : u.phoneVerified,
      updatedAt,
    }));
  }

  private replace(userId: string, change: (u: StoredUser) => StoredUser): StoredUser | undefined {
    const index = this.users.findIndex((u) => u.userId === userId);
    const current = this.users[index];
    if (!current) return undefined;
    const updated = change(current);
    this.users[index] = updated;
    this.onChange();
    return updated;
  }

  // --- Management API (issue 5): profile edits and account linking. ---

  /** Replaces the stored record with the given profile changes; undefined for an unknown user. */
  update(
    userId: string,
    changes: Partial<
      Pick<StoredUser, 'name' | 'nickname' | 'email' | 'emailVerified' | 'userMetadata' | 'appMetadata' | 'updatedAt'>
    >,
  ): StoredUser | undefined {
    return this.replace(userId, (current) => ({ ...current, ...changes }));
  }

  /**
   * Account linking in one step: the secondary stops being a user and becomes an identity of the
   * primary (its metadata is dropped, not merged). Undefined, with nothing changed, when either is unknown.
   */
  link(primaryId: string, secondaryId: string, identity: LinkedIdentity): StoredUser | undefined {
    if (primaryId === secondaryId || !this.findById(primaryId) || !this.findById(secondaryId)) return undefined;
    this.users = this.users.filter((u) => u.userId !== secondaryId);
    return this.replace(primaryId, (u) => ({ ...u, linkedIdentities: [...(u.linkedIdentities ?? []), identity] }));
  }

  // --- Passkeys (issue 48). ---

  /** The user holding the credential `credentialId` (base64url), with that passkey. */
  findByPasskey(credentialId: string): { user: StoredUser; passkey: StoredPasskey } | undefined {
    for (const user of this.users) {
      const passkey = user.passkeys?.find((p) => p.id === credentialId);
      if (passkey) return { user, passkey };
    }
    return undefined;
  }

  /** Records a sign-in: the new counter and when. */
  passkeyUsed(userId: string, credentialId: string, counter: number, at: string): StoredUser | undefined {
    return this.replace(userId, (u) => ({
      ...u,
      passkeys: (u.passkeys ?? []).map((p) => (p.id === credentialId ? { ...p, counter, lastUsedAt: at } : p)),
    }));
  }

  /** The user an identity (`<provider>|<id>`) was linked into, if any. */
  findLinkedInto(identityUserId: string): StoredUser | undefined {
    return this.users.find((u) => u.linkedIdentities?.some((i) => `${i.provider}|${i.userId}` === identityUserId));
  }
}
