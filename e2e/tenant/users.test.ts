import { describe, expect, it } from 'vitest';
import { ALICE, DB_CONNECTION, USERS } from './fixtures.js';
import { UserStore, hashPassword, verifyPassword } from './users.js';

describe('user store', () => {
  it('stores scrypt hashes with a random salt, never the password', async () => {
    const a = await hashPassword('secret');
    const b = await hashPassword('secret');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(await verifyPassword('secret', a)).toBe(true);
    expect(await verifyPassword('Secret', a)).toBe(false);
    expect(await verifyPassword('secret', 'plain:secret')).toBe(false);
  });

  it('loads the fixtures without keeping plain passwords', async () => {
    const store = await UserStore.fromFixtures(USERS);
    const alice = store.findById('auth0|alice');
    expect(alice).toMatchObject({ email: 'alice@example.com', name: 'Alice Example', nickname: 'alice', connection: DB_CONNECTION });
    expect(JSON.stringify(alice)).not.toContain(ALICE.password);
    expect(alice).not.toHaveProperty('password');
  });

  it('authenticates by connection, case-insensitive email and exact password', async () => {
    const store = await UserStore.fromFixtures(USERS);
    expect((await store.authenticate(DB_CONNECTION, 'Alice@Example.com', ALICE.password))?.userId).toBe('auth0|alice');
    expect(await store.authenticate(DB_CONNECTION, ALICE.email, 'wrong')).toBeUndefined();
    expect(await store.authenticate(DB_CONNECTION, 'bob@example.com', ALICE.password)).toBeUndefined();
    expect(await store.authenticate('other-db', ALICE.email, ALICE.password)).toBeUndefined();
  });
});
