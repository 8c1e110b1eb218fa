/**
 * The database connection's user store. Passwords are kept only as scrypt hashes so the tenant
 * never holds (or leaks through a debug dump) a plain password.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { UserFixture } from './fixtures.js';

/** A fixture user as stored: the plain password replaced by its hash. */
export type StoredUser = Omit<UserFixture, 'password'> & { readonly passwordHash: string };

const KEY_LENGTH = 32;
// N=2^14 is Node's default: fast enough for tests, still a real memory-hard hash.
const COST = { N: 16384, r: 8, p: 1 } as const;

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, COST, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Format: `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const actual = await scryptAsync(password, salt);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export class UserStore {
  private readonly users: StoredUser[] = [];
  // Hashing a throwaway password for unknown emails keeps response times alike for both failures.
  private readonly decoy: Promise<string> = hashPassword(randomBytes(12).toString('hex'));

  static async fromFixtures(fixtures: readonly UserFixture[]): Promise<UserStore> {
    const store = new UserStore();
    for (const f of fixtures) {
      const { password, ...profile } = f;
      await store.add({ ...profile }, password);
    }
    return store;
  }

  async add(profile: Omit<StoredUser, 'passwordHash'>, password: string): Promise<StoredUser> {
    const user: StoredUser = { ...profile, passwordHash: await hashPassword(password) };
    this.users.push(user);
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
    return this.users.find((u) => u.connection === connection && u.email.toLowerCase() === wanted);
  }

  /** Returns the user only when the email exists in the connection and the password matches. */
  async authenticate(connection: string, email: string, password: string): Promise<StoredUser | undefined> {
    const user = this.findByEmail(connection, email);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await this.decoy));
    return ok && user ? user : undefined;
  }
}
