import { describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { ALICE, BOB, CAROL, DB_CONNECTION, DB_WITH_USERNAME } from '../testing/fixtures.js';
import { UserStore, hashPassword, verifyPassword } from '../state/users.js';
import { startTenant } from '../index.js';

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
    const store = await UserStore.fromDefinition(defaultDefinition());
    const alice = store.findById('auth0|alice');
    expect(alice).toMatchObject({
      email: 'alice@example.com',
      name: 'Alice Example',
      nickname: 'alice',
      connection: DB_CONNECTION,
    });
    expect(JSON.stringify(alice)).not.toContain(ALICE.password);
    expect(alice).not.toHaveProperty('password');
  });

  it('hashes a definition user once per process; each user keeps a salt of their own', async () => {
    const first = await UserStore.fromDefinition(defaultDefinition());
    const again = await UserStore.fromDefinition(defaultDefinition());
    const hashOf = (store: UserStore, id: string) => store.findById(id)?.passwordHash;
    expect(hashOf(again, 'auth0|alice')).toBe(hashOf(first, 'auth0|alice'));
    const salts = first.all().flatMap((u) => (u.passwordHash ? [u.passwordHash.split('$')[4]] : []));
    expect(salts.length).toBeGreaterThan(1);
    expect(new Set(salts).size).toBe(salts.length);
    // Another password for the same user is hashed anew.
    const changed = defaultDefinition();
    const alice = changed.connections.flatMap((c) => c.users ?? []).find((u) => u.user_id === 'auth0|alice')!;
    alice.password = 'another-secret';
    const other = await UserStore.fromDefinition(changed);
    expect(hashOf(other, 'auth0|alice')).not.toBe(hashOf(first, 'auth0|alice'));
    expect(await other.authenticate(DB_CONNECTION, ALICE.email, 'another-secret')).toBeDefined();
  });

  it('authenticates by connection, case-insensitive email and exact password', async () => {
    const store = await UserStore.fromDefinition(defaultDefinition());
    expect((await store.authenticate(DB_CONNECTION, 'Alice@Example.com', ALICE.password))?.userId).toBe('auth0|alice');
    expect(await store.authenticate(DB_CONNECTION, ALICE.email, 'wrong')).toBeUndefined();
    expect(await store.authenticate(DB_CONNECTION, BOB.email, ALICE.password)).toBeUndefined();
    expect(await store.authenticate('other-db', ALICE.email, ALICE.password)).toBeUndefined();
  });

  it('signs carol in with her username or her email in db-with-username', async () => {
    const store = await UserStore.fromDefinition(defaultDefinition());
    expect((await store.authenticate(DB_WITH_USERNAME, 'Carol', CAROL.password))?.userId).toBe('auth0|carol');
    expect((await store.authenticate(DB_WITH_USERNAME, CAROL.email, CAROL.password))?.userId).toBe('auth0|carol');
    expect(await store.authenticate(DB_CONNECTION, 'carol', CAROL.password)).toBeUndefined();
  });

  it('changes passwords, resets to the definition and reports every change', async () => {
    const store = await UserStore.fromDefinition(defaultDefinition());
    let changes = 0;
    store.onChange = () => changes++;
    await store.setPassword('auth0|alice', 'N3w-password!', '2025-01-01T00:00:00.000Z');
    expect(await store.authenticate(DB_CONNECTION, ALICE.email, ALICE.password)).toBeUndefined();
    expect((await store.authenticate(DB_CONNECTION, ALICE.email, 'N3w-password!'))?.updatedAt).toBe(
      '2025-01-01T00:00:00.000Z',
    );
    store.reset();
    expect((await store.authenticate(DB_CONNECTION, ALICE.email, ALICE.password))?.userId).toBe('auth0|alice');
    expect(changes).toBe(2);
  });

  it('hashes at the cost it is given (passwordHashCost), and reads hashes of any cost', async () => {
    const store = await UserStore.fromDefinition(defaultDefinition(), 1024);
    expect(store.findById('auth0|alice')?.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect((await store.authenticate(DB_CONNECTION, ALICE.email, ALICE.password))?.userId).toBe('auth0|alice');
    expect(await store.authenticate(DB_CONNECTION, ALICE.email, 'wrong')).toBeUndefined();
    expect(await store.authenticate(DB_CONNECTION, 'nobody@example.com', ALICE.password)).toBeUndefined();
    await store.setPassword('auth0|alice', 'N3w-password!', '2025-01-01T00:00:00.000Z');
    expect(store.findById('auth0|alice')?.passwordHash).toMatch(/^scrypt\$1024\$/);
    // The default store still hashes at 16384 (a definition hash per cost, not shared).
    const regular = await UserStore.fromDefinition(defaultDefinition());
    expect(regular.findById('auth0|alice')?.passwordHash).toMatch(/^scrypt\$16384\$/);
    expect(await verifyPassword(ALICE.password, regular.findById('auth0|alice')!.passwordHash!)).toBe(true);
  });

  it.each([1000, 512, 2 ** 18, 0, -1024, 1024.5, '1024'])('startTenant refuses passwordHashCost %s', async (cost) => {
    await expect(startTenant({ http: true, passwordHashCost: cost as number })).rejects.toThrow(
      /^Invalid passwordHashCost: .* \(a power of two from 1024 to 131072\)$/,
    );
  });
});
