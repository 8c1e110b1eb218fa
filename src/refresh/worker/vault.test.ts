import { describe, expect, it } from 'vitest';
import { HELD_TOKEN, type PageMessage, type VaultAnswer } from './protocol.js';
import { vaultFetch, type VaultPort } from './page-fetch.js';
import { createVault } from './vault.js';

const ORIGIN = 'https://tenant.example';
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: 'proof' },
  body: new URLSearchParams(fields).toString(),
});

/** A tenant that rotates: each grant answers a new refresh token, and knows which are live. */
function fakeTenant() {
  let n = 0;
  const live = new Set<string>();
  const sent: { url: string; body: URLSearchParams; init: RequestInit }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const body = new URLSearchParams(String(init.body));
    sent.push({ url, body, init });
    if (url.endsWith('/oauth/revoke')) {
      live.delete(body.get('token')!);
      return new Response('', { status: 200 });
    }
    const grant = body.get('grant_type');
    if (grant === 'refresh_token' && !live.delete(body.get('refresh_token')!)) {
      return Response.json(
        { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' },
        { status: 403 },
      );
    }
    const refresh_token = `rt-secret-${++n}`;
    live.add(refresh_token);
    return Response.json(
      { access_token: `at-${n}`, id_token: 'idt', refresh_token },
      { headers: { 'dpop-nonce': 'n1' } },
    );
  };
  return { fetch, sent, live };
}

/** The page and the worker joined by a port that copies each message, as postMessage does. */
function connect(tenant = fakeTenant()) {
  const vault = createVault(tenant.fetch, HELD_TOKEN);
  const toPage: VaultAnswer[] = [];
  const listeners: ((e: { data: VaultAnswer }) => void)[] = [];
  const port: VaultPort = {
    postMessage: (m: PageMessage) =>
      vault.receive(structuredClone(m), (a) => {
        toPage.push(structuredClone(a));
        for (const l of listeners) l({ data: structuredClone(a) });
      }),
    addEventListener: (_type, l) => listeners.push(l),
  };
  const pageFetch = vaultFetch(port, ORIGIN, () => Promise.reject(new Error('not through the worker')));
  return { tenant, toPage, port, fetch: pageFetch };
}

const exchange = (f: ReturnType<typeof connect>['fetch']) =>
  f(`${ORIGIN}/oauth/token`, form({ grant_type: 'authorization_code', client_id: 'c1', code: 'x' })).then((r) =>
    r.json(),
  );
const refresh = (f: ReturnType<typeof connect>['fetch'], token = HELD_TOKEN) =>
  f(`${ORIGIN}/oauth/token`, form({ grant_type: 'refresh_token', client_id: 'c1', refresh_token: token }));

describe('refresh-token worker protocol', () => {
  it('answers the code exchange with the placeholder, never the token', async () => {
    const c = connect();
    const body = await exchange(c.fetch);
    expect(body).toEqual({ access_token: 'at-1', id_token: 'idt', refresh_token: HELD_TOKEN });
    expect(JSON.stringify(c.toPage)).not.toContain('rt-secret');
  });

  it('fills in the held token, keeps the rotated one, and passes headers both ways', async () => {
    const c = connect();
    await exchange(c.fetch);
    const r1 = await refresh(c.fetch);
    expect(r1.headers.get('dpop-nonce')).toBe('n1');
    expect((await r1.json()).access_token).toBe('at-2');
    expect(c.tenant.sent[1]!.body.get('refresh_token')).toBe('rt-secret-1');
    expect(new Headers(c.tenant.sent[1]!.init.headers).get('dpop')).toBe('proof');
    await refresh(c.fetch);
    expect(c.tenant.sent[2]!.body.get('refresh_token')).toBe('rt-secret-2');
    expect(JSON.stringify(c.toPage)).not.toContain('rt-secret');
  });

  it('forgets a refused token and answers invalid_grant without a request after that', async () => {
    const c = connect();
    await exchange(c.fetch);
    c.tenant.live.clear();
    expect((await refresh(c.fetch)).status).toBe(403);
    const again = await refresh(c.fetch);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');
    expect(c.tenant.sent).toHaveLength(2);
  });

  it('revokes the held token once, with keepalive, and forgets it', async () => {
    const c = connect();
    await exchange(c.fetch);
    const revoke = () =>
      c.fetch(`${ORIGIN}/oauth/revoke`, { ...form({ client_id: 'c1', token: HELD_TOKEN }), keepalive: true });
    expect((await revoke()).status).toBe(200);
    expect(c.tenant.sent[1]!.body.get('token')).toBe('rt-secret-1');
    expect(c.tenant.sent[1]!.init.keepalive).toBe(true);
    expect(c.tenant.live.size).toBe(0);
    await revoke();
    expect(c.tenant.sent).toHaveLength(2); // nothing left to revoke
  });

  it('forgets on request (a remote sign-out) without revoking', async () => {
    const c = connect();
    await exchange(c.fetch);
    c.port.postMessage({ t: 'forget', clientId: 'c1' });
    expect((await refresh(c.fetch)).status).toBe(400);
    expect(c.tenant.sent).toHaveLength(1);
  });

  it('keeps one token per client ID', async () => {
    const c = connect();
    await exchange(c.fetch);
    const other = await refresh(c.fetch).then(() =>
      c.fetch(
        `${ORIGIN}/oauth/token`,
        form({ grant_type: 'refresh_token', client_id: 'c2', refresh_token: HELD_TOKEN }),
      ),
    );
    expect(other.status).toBe(400);
  });

  it('sends the token to the origin it was given first, and to no other path', async () => {
    const tenant = fakeTenant();
    const c = connect(tenant);
    await exchange(c.fetch);
    const replies: VaultAnswer[] = [];
    // A page script that reached the worker tries to move the tenant elsewhere.
    c.port.postMessage({ t: 'init', origin: 'https://evil.example' });
    const vault = (m: PageMessage) => c.port.postMessage(m);
    for (const url of ['https://evil.example/oauth/token', `${ORIGIN}/userinfo`, 'not a url']) {
      vault({
        t: 'fetch',
        id: 900,
        url,
        headers: {},
        body: `grant_type=refresh_token&client_id=c1&refresh_token=${HELD_TOKEN}`,
      });
    }
    await new Promise((r) => setTimeout(r));
    replies.push(...c.toPage.filter((a) => a.id === 900));
    expect(replies.map((a) => a.error)).toEqual(['refused', 'refused', 'refused']);
    expect(tenant.sent).toHaveLength(1);
  });

  it('aborts a request the page gave up on, and reports a network failure without content', async () => {
    let release!: () => void;
    const vault = createVault(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          release = () => reject(new TypeError('secret detail'));
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      HELD_TOKEN,
    );
    const answers: VaultAnswer[] = [];
    vault.receive({ t: 'init', origin: ORIGIN }, () => {});
    vault.receive({ t: 'fetch', id: 1, url: `${ORIGIN}/oauth/token`, headers: {}, body: '' }, (a) => answers.push(a));
    await Promise.resolve();
    vault.receive({ t: 'abort', id: 1 }, () => {});
    vault.receive({ t: 'fetch', id: 2, url: `${ORIGIN}/oauth/token`, headers: {}, body: '' }, (a) => answers.push(a));
    await Promise.resolve();
    release();
    await new Promise((r) => setTimeout(r));
    expect(answers).toEqual([
      { id: 1, error: 'aborted' },
      { id: 2, error: 'network' },
    ]);
  });

  it('rejects on the page when the deadline aborts, and sends other requests as before', async () => {
    const c = connect();
    const deadline = new AbortController();
    deadline.abort();
    await expect(
      refresh(c.fetch).then(() => c.fetch(`${ORIGIN}/oauth/token`, { ...form({}), signal: deadline.signal })),
    ).rejects.toThrow('aborted');
    await expect(c.fetch(`${ORIGIN}/userinfo`)).rejects.toThrow('not through the worker');
  });
});
