/**
 * The page's side of the refresh-token worker: a `fetch` that sends the tenant's token and
 * revocation requests through the worker (which holds the refresh token) and every other request
 * as before. Answers come back as `Response`s, so the HTTP layer above does not know the worker.
 */
import type { PageMessage, VaultAnswer } from './protocol.js';

/** What this side needs of a `Worker` (a fake in tests). */
export interface VaultPort {
  postMessage(message: PageMessage): void;
  addEventListener(type: 'message', listener: (event: { data: VaultAnswer }) => void): void;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const throughVault = (url: string) => /\/oauth\/(token|revoke)$/.test(new URL(url).pathname);

/**
 * A `fetch` for tenant `origin` that routes `/oauth/token` and `/oauth/revoke` through `port`.
 *
 * @example
 * ```ts
 * env.fetch = vaultFetch(new Worker(url), 'https://tenant.example', env.fetch);
 * ```
 */
export function vaultFetch(port: VaultPort, origin: string, fallback: Fetch): Fetch {
  const waiting = new Map<number, (answer: VaultAnswer) => void>();
  let next = 0;
  port.addEventListener('message', ({ data }) => {
    const settle = data && waiting.get(data.id);
    waiting.delete(data?.id);
    settle?.(data);
  });
  port.postMessage({ t: 'init', origin });
  return (input, init = {}) => {
    if (!throughVault(input)) return fallback(input, init);
    const id = ++next;
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      const onAbort = () => {
        waiting.delete(id);
        port.postMessage({ t: 'abort', id });
        reject(new DOMException('The request was aborted', 'AbortError'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.set(id, (a) => {
        signal?.removeEventListener('abort', onAbort);
        if (a.error !== undefined) return reject(new TypeError('Failed to fetch'));
        resolve(
          new Response(a.status === 204 || a.status === 205 ? null : a.body, { status: a.status, headers: a.headers }),
        );
      });
      port.postMessage({
        t: 'fetch',
        id,
        url: input,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: String(init.body ?? ''),
        keepalive: init.keepalive,
      });
    });
  };
}
