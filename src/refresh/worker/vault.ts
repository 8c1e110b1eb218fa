/**
 * What runs inside the refresh-token worker: it holds one refresh token per client ID and sends
 * the page's token and revocation requests, filling in the placeholder (protocol.ts). Pure apart
 * from the injected `fetch`, so it is tested without a worker. The worker's script is made from
 * these functions' source text (start.ts), so each refers to nothing outside itself: no imports
 * at run time, no module-level helpers.
 */
import type { PageMessage, VaultAnswer, VaultRequest } from './protocol.js';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A vault: `receive` takes each page message and calls `reply` once per request; `HELD_TOKEN`
 * is the placeholder (passed in: this function's text must stand alone).
 *
 * @example
 * ```ts
 * const vault = createVault((url, init) => fetch(url, init), HELD_TOKEN);
 * self.onmessage = (e) => vault.receive(e.data, (m) => self.postMessage(m));
 * ```
 */
export function createVault(send: Fetch, HELD_TOKEN: string) {
  // An answer of the tenant's shape, made here (no request sent).
  const answer = (id: number, status: number, body: object | string): VaultAnswer => ({
    id,
    status,
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const held = new Map<string, string>();
  const running = new Map<number, AbortController>();
  let origin: string | undefined;

  async function request(m: VaultRequest): Promise<VaultAnswer> {
    let url: URL;
    try {
      url = new URL(m.url);
    } catch {
      return { id: m.id, error: 'refused' };
    }
    const endpoint = /\/oauth\/(token|revoke)$/.exec(url.pathname)?.[1];
    // The token goes to the tenant's token and revocation endpoints only.
    if (url.origin !== origin || !endpoint) return { id: m.id, error: 'refused' };
    const revoke = endpoint === 'revoke';
    // Forms (the code flow, refresh, revocation) or JSON (the passkey grant).
    const json = /json/.test(m.headers['content-type'] ?? '');
    let form: Record<string, unknown>;
    try {
      form = json ? JSON.parse(m.body) : Object.fromEntries(new URLSearchParams(m.body));
    } catch {
      return { id: m.id, error: 'refused' };
    }
    if (!form || typeof form !== 'object') return { id: m.id, error: 'refused' };
    const clientId = String(form.client_id ?? '');
    const field = revoke ? 'token' : 'refresh_token';
    const presented = form[field] === HELD_TOKEN ? held.get(clientId) : undefined;
    if (form[field] === HELD_TOKEN) {
      if (!presented) {
        return revoke
          ? answer(m.id, 200, '')
          : answer(m.id, 400, { error: 'invalid_grant', error_description: 'No refresh token is held' });
      }
      form[field] = presented;
      // Revoked or not, a token sent to be revoked is not used again.
      if (revoke) held.delete(clientId);
    }
    const abort = new AbortController();
    running.set(m.id, abort);
    try {
      const init: RequestInit = {
        method: 'POST',
        headers: m.headers,
        body: json ? JSON.stringify(form) : new URLSearchParams(form as Record<string, string>).toString(),
        signal: abort.signal,
      };
      if (m.keepalive) init.keepalive = true;
      const response = await send(url.href, init);
      let body = await response.text();
      if (!revoke) body = keepToken(clientId, presented, response.status, body);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
      return { id: m.id, status: response.status, headers, body };
    } catch {
      return { id: m.id, error: abort.signal.aborted ? 'aborted' : 'network' };
    } finally {
      running.delete(m.id);
    }
  }

  /** Keeps the answer's refresh token (replaced by {@link HELD_TOKEN}); forgets a refused one. */
  function keepToken(clientId: string, presented: string | undefined, status: number, body: string): string {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(body);
    } catch {
      return body;
    }
    if (!json || typeof json !== 'object') return body;
    if (typeof json.refresh_token === 'string') {
      held.set(clientId, json.refresh_token);
      json.refresh_token = HELD_TOKEN;
      return JSON.stringify(json);
    }
    // Only the token that was refused: a rotation that finished meanwhile keeps its successor.
    if (status >= 400 && json.error === 'invalid_grant' && presented && held.get(clientId) === presented) {
      held.delete(clientId);
    }
    return body;
  }

  return {
    receive(m: PageMessage, reply: (a: VaultAnswer) => void): void {
      if (!m || typeof m !== 'object') return;
      if (m.t === 'init') origin ??= new URL(m.origin).origin;
      else if (m.t === 'forget') held.delete(m.clientId);
      else if (m.t === 'abort') running.get(m.id)?.abort();
      else if (m.t === 'fetch') void request(m).then(reply);
      else if (m.t === 'ping') reply({ id: 0 });
    },
  };
}

/**
 * The worker's main function: wires a vault made by `create` (passed in, see above) to the
 * worker's `fetch` and messages.
 */
export function runVault(create: typeof createVault, HELD_TOKEN: string): void {
  const scope = self as unknown as {
    postMessage(message: unknown): void;
    onmessage: ((event: MessageEvent<PageMessage>) => void) | null;
  };
  const vault = create((url, init) => fetch(url, init), HELD_TOKEN);
  scope.onmessage = (event) => vault.receive(event.data, (reply) => scope.postMessage(reply));
}
