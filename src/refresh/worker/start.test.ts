import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_TOKEN, type VaultAnswer } from './protocol.js';
import { startRefreshWorker, workerSource } from './start.js';

const ORIGIN = 'https://tenant.example';
const options = (debug?: (e: unknown) => void) =>
  ({ rootUrl: ORIGIN, clientID: 'c1', debug }) as unknown as Parameters<typeof startRefreshWorker>[0];
const env = { fetch: () => Promise.reject(new Error('page fetch')) } as unknown as Parameters<
  typeof startRefreshWorker
>[1];

afterEach(() => vi.unstubAllGlobals());

describe('the worker script', () => {
  it('stands alone: run with only `self` and `fetch`, it answers and keeps the token from the page', async () => {
    const posted: VaultAnswer[] = [];
    const scope = { postMessage: (m: VaultAnswer) => posted.push(m), onmessage: null as null | ((e: object) => void) };
    const tenantFetch = async () => Response.json({ access_token: 'at', refresh_token: 'rt-secret' });
    new Function('self', 'fetch', workerSource())(scope, tenantFetch);
    const send = (data: object) => scope.onmessage!({ data });
    send({ t: 'ping' });
    send({ t: 'init', origin: ORIGIN });
    send({
      t: 'fetch',
      id: 1,
      url: `${ORIGIN}/oauth/token`,
      headers: {},
      body: 'grant_type=authorization_code&client_id=c1',
    });
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[0]).toEqual({ id: 0 });
    expect(JSON.parse(posted[1]!.body!)).toEqual({ access_token: 'at', refresh_token: HELD_TOKEN });
  });

  it('keeps the token of a JSON grant (the passkey grant) under its client ID', async () => {
    const posted: VaultAnswer[] = [];
    const sent: string[] = [];
    const scope = { postMessage: (m: VaultAnswer) => posted.push(m), onmessage: null as null | ((e: object) => void) };
    const tenantFetch = async (_url: string, init: RequestInit) => {
      sent.push(String(init.body));
      return Response.json({ access_token: 'at', refresh_token: `rt-secret-${sent.length}` });
    };
    new Function('self', 'fetch', workerSource())(scope, tenantFetch);
    const send = (data: object) => scope.onmessage!({ data });
    send({ t: 'init', origin: ORIGIN });
    const json = { 'content-type': 'application/json' };
    send({ t: 'fetch', id: 1, url: `${ORIGIN}/oauth/token`, headers: json, body: JSON.stringify({ client_id: 'c1' }) });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    const body = `grant_type=refresh_token&client_id=c1&refresh_token=${HELD_TOKEN}`;
    send({ t: 'fetch', id: 2, url: `${ORIGIN}/oauth/token`, headers: {}, body });
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(new URLSearchParams(sent[1]).get('refresh_token')).toBe('rt-secret-1');
    expect(JSON.stringify(posted)).not.toContain('rt-secret');
  });
});

describe('startRefreshWorker', () => {
  it('answers undefined without Worker, and the debug hook hears why', async () => {
    vi.stubGlobal('Worker', undefined);
    const events: unknown[] = [];
    expect(
      await startRefreshWorker(
        options((e) => events.push(e)),
        env,
      ),
    ).toBeUndefined();
    expect(events).toEqual([{ flow: 'refresh', step: 'token-in-page', detail: { reason: 'no-worker' } }]);
  });

  it('answers undefined when the worker is refused (a CSP), and terminates it', async () => {
    const terminate = vi.fn();
    vi.stubGlobal(
      'Worker',
      class {
        listeners: Record<string, (e: object) => void> = {};
        addEventListener(type: string, l: (e: object) => void) {
          this.listeners[type] = l;
        }
        removeEventListener() {}
        postMessage() {
          queueMicrotask(() => this.listeners.error!({}));
        }
        terminate = terminate;
      },
    );
    const events: unknown[] = [];
    expect(
      await startRefreshWorker(
        options((e) => events.push(e)),
        env,
      ),
    ).toBeUndefined();
    expect(terminate).toHaveBeenCalled();
    expect(events).toEqual([{ flow: 'refresh', step: 'token-in-page', detail: { reason: 'refused' } }]);
  });
});
