import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Wiring = typeof import('./lazy-refresh-worker.js');
type Seam = typeof import('../load-capability.js');

const options = (extra: object = {}) =>
  ({ rootUrl: 'https://tenant.example', clientID: 'c1', useRefreshTokens: true, ...extra }) as never;
const pageFetch = vi.fn(async () => new Response('from the page'));
const env = { fetch: pageFetch } as never;

/** The wiring and the loading seam as a fresh page has them (the chunk is cached per page). */
async function freshPage(chunk: () => Promise<unknown>): Promise<Wiring> {
  vi.resetModules();
  const seam: Seam = await import('../load-capability.js');
  const { ON_DEMAND } = await import('../capabilities-on-demand.js');
  seam.useCapabilities({ ...ON_DEMAND, refreshWorker: chunk as never });
  return import('./lazy-refresh-worker.js');
}

beforeEach(() => pageFetch.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('lazyRefreshWorker', () => {
  it('wires nothing without useRefreshTokens, or with the localstorage cache', async () => {
    const { lazyRefreshWorker } = await freshPage(() => Promise.reject(new Error('not loaded')));
    expect(lazyRefreshWorker(options({ useRefreshTokens: false }), env)).toBeUndefined();
    expect(lazyRefreshWorker(options({ cacheLocation: 'localstorage' }), env)).toBeUndefined();
  });

  it('sends from the page when the chunk cannot load, and tries to load it once per page', async () => {
    const load = vi.fn(() => Promise.reject(new Error('blocked')));
    const { lazyRefreshWorker } = await freshPage(load);
    const a = lazyRefreshWorker(options(), env)!;
    const b = lazyRefreshWorker(options(), env)!;
    expect(await (await a.env.fetch('https://tenant.example/oauth/token', {})).text()).toBe('from the page');
    expect(await (await b.env.fetch('https://tenant.example/oauth/token', {})).text()).toBe('from the page');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets without loading the chunk when no request has loaded it', async () => {
    const load = vi.fn(() => Promise.reject(new Error('not wanted')));
    const { lazyRefreshWorker } = await freshPage(load);
    lazyRefreshWorker(options(), env)!.forget();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
  });

  it('routes through the chunk once loaded: one worker per tenant for every instance, forget by client', async () => {
    const started: string[] = [];
    const forgotten: string[] = [];
    // A Worker that answers its ping, echoes requests and records what it is told to forget.
    vi.stubGlobal(
      'Worker',
      class {
        listeners: ((e: object) => void)[] = [];
        constructor() {
          started.push('worker');
        }
        addEventListener(_type: string, l: (e: object) => void) {
          this.listeners.push(l);
        }
        removeEventListener(_type: string, l: (e: object) => void) {
          this.listeners = this.listeners.filter((x) => x !== l);
        }
        postMessage(m: { t: string; id?: number; clientId?: string }) {
          const answer = (data: object) => queueMicrotask(() => this.listeners.forEach((l) => l({ data })));
          if (m.t === 'ping') answer({ id: 0 });
          if (m.t === 'fetch') answer({ id: m.id, status: 200, headers: {}, body: 'from the worker' });
          if (m.t === 'forget') forgotten.push(m.clientId!);
        }
        terminate() {}
      },
    );
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, { createObjectURL: () => 'blob:x', revokeObjectURL() {} }),
    );
    const { lazyRefreshWorker } = await freshPage(() => import('../../chunks/worker.js'));
    const a = lazyRefreshWorker(options(), env)!;
    const b = lazyRefreshWorker(options({ clientID: 'c2' }), env)!;
    expect(await (await a.env.fetch('https://tenant.example/oauth/token', {})).text()).toBe('from the worker');
    expect(await (await b.env.fetch('https://tenant.example/oauth/revoke', {})).text()).toBe('from the worker');
    // Any other request of the tenant stays the page's.
    expect(await (await a.env.fetch('https://tenant.example/userinfo', {})).text()).toBe('from the page');
    expect(started).toEqual(['worker']);
    b.forget();
    await vi.waitFor(() => expect(forgotten).toEqual(['c2']));
  });
});
