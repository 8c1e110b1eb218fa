import { describe, expect, it, vi } from 'vitest';
import type { RedirectContext } from '../../flow/context.js';
import { PARTITIONED_HINT, withPartitionedHint } from './partitioned-hint.js';
import { verifierKey } from './verifier-key.js';
import { fakeEnv, memoryStorage } from '../../testing/fake-env.js';
import { testWebAuth } from '../../testing/web-auth.js';

const ROOT = 'https://tenant.example.com';

function context(cookies: string, local: Record<string, string> = {}) {
  const remove = vi.fn();
  const keys = Object.keys(local);
  const storage = { length: keys.length, key: (i: number) => keys[i] ?? null } as unknown as Storage;
  const ctx = {
    baseOptions: { rootUrl: ROOT },
    env: { readCookies: () => cookies, localStorage: () => storage },
    transactionManager: { storage: { remove } },
  } as unknown as RedirectContext;
  return { ctx, remove };
}

const cookieName = (key: string) => encodeURIComponent(key);

describe('withPartitionedHint', () => {
  it('names partitioned storage when the verifier of the failed login is still here, and leaves it stored as v10 does', () => {
    const key = verifierKey(ROOT, 'co-123');
    const { ctx, remove } = context(`a=1; ${cookieName(key)}=%22v%22; b=2`);
    const err = withPartitionedHint(ctx, { error: 'access_denied' } as { error: string; hint?: string });
    expect(err.hint).toBe(PARTITIONED_HINT);
    expect(remove).not.toHaveBeenCalled();
  });

  it('finds a verifier kept in a __Host- cookie or in localStorage', () => {
    const key = verifierKey(ROOT, 'co-9');
    for (const { ctx, remove } of [context(`__Host-${cookieName(key)}=%22v%22`), context('', { [key]: '"v"' })]) {
      expect(withPartitionedHint(ctx, { error: 'access_denied' } as { error: string; hint?: string }).hint).toBe(
        PARTITIONED_HINT,
      );
      expect(remove).not.toHaveBeenCalled();
    }
  });

  it('adds nothing when the verifier was handed out, or belongs to another tenant', () => {
    const other = verifierKey('https://other.example.com', 'co-1');
    const { ctx, remove } = context(`${cookieName(other)}=%22v%22`);
    expect(
      withPartitionedHint(ctx, { error: 'access_denied' } as { hint?: string; error: string }).hint,
    ).toBeUndefined();
    expect(remove).not.toHaveBeenCalled();
  });

  it('leaves other errors alone', () => {
    const { ctx, remove } = context(`${cookieName(verifierKey(ROOT, 'x'))}=%22v%22`);
    expect(
      withPartitionedHint(ctx, { error: 'login_required' } as { hint?: string; error: string }).hint,
    ).toBeUndefined();
    expect(remove).not.toHaveBeenCalled();
  });
});

describe('parseHash with an access_denied answer', () => {
  it('calls back with the error even when the check for the hint throws', async () => {
    const env = fakeEnv('https://app.example.com/callback#error=access_denied&error_description=denied');
    const broken = memoryStorage();
    Object.defineProperty(broken, 'length', { get: () => 1 });
    broken.key = () => {
      throw new Error('storage went away');
    };
    env.storage = broken;
    const err = await new Promise<unknown>((resolve) => testWebAuth(env).parseHash({}, (e) => resolve(e)));
    expect(err).toMatchObject({ error: 'access_denied', errorDescription: 'denied' });
    expect((err as { hint?: string }).hint).toBeUndefined();
  });
});
