/**
 * Attack catalogue: messages between windows (README.md, category MSG). A forged message is ignored;
 * the caller then gets exactly one answer, the genuine one (or the timeout), whatever comes after.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import {
  dispatchMessage,
  fakeEnv,
  fakePopup,
  fakeWindow,
  type FakeEnv,
  type FakeFrame,
  type FakePopup,
} from '../testing/fake-env.js';
import { settle } from '../testing/fuzz.js';
import { atHash, claimsFor, serveJwks } from '../testing/tokens.js';
import { contextOf, testWebAuth } from '../testing/web-auth.js';
import { checkSession, CHECK_SESSION_TIMEOUT_MS } from '../web-auth/silent-auth/check-session.js';
import { verifierKey } from '../web-auth/cross-origin/verification.js';
import { afterChunk } from '../testing/capabilities.js';
import { customEnvironment } from '../types/custom-environment.js';
import { WebAuth } from '../web-auth/web-auth.js';
import { loadCapability } from '../web-auth/load-capability.js';
import { expectOneRejection, foreignHosts, makeRawKeys, title, type RawKeys } from '../testing/attack-catalogue.js';

const TENANT = 'https://me.auth0.com';
const APP = 'https://app.example.com';
const EVIL = 'https://evil.example';
let keys: RawKeys;
let env: FakeEnv;

beforeAll(async () => {
  keys = await makeRawKeys('k1');
});
beforeEach(() => {
  clearJwksMemoryCache();
  env = fakeEnv();
  serveJwks(env, `${TENANT}/.well-known/jwks.json`, keys as never);
});

interface Session {
  frame: FakeFrame;
  state: string;
  nonce: string;
  /** A genuine web_message answer carrying `response`. */
  answer: (response: Record<string, unknown>) => { type: string; response: Record<string, unknown> };
  token: (extra?: Record<string, unknown>) => Promise<string>;
}
type SessionNoise = (s: Session) => void | Promise<void>;

function startSession(cb: (...args: unknown[]) => void): Session {
  checkSession(contextOf(testWebAuth(env)), {}, cb as never);
  const frame = env.frames.at(-1)!;
  const url = new URL(frame.url!);
  const state = url.searchParams.get('state')!;
  const nonce = url.searchParams.get('nonce')!;
  return {
    frame,
    state,
    nonce,
    answer: (response) => ({ type: 'authorization_response', response: { state, ...response } }),
    token: (extra = {}) =>
      keys.signRaw(
        { alg: 'RS256', kid: 'k1' },
        claimsFor(env, `${TENANT}/`, 'CID', { nonce, at_hash: atHash('AT'), ...extra }),
      ),
  };
}

const loginRequired = { error: 'login_required', error_description: 'Login required' };
const ignored: { id: string; source: string; name: string; setup: SessionNoise }[] = [
  {
    id: 'MSG-01',
    source: 'HTML §9.3.3 (check origin)',
    name: 'answer from a foreign origin',
    setup: (s) => dispatchMessage(env, s.answer(loginRequired), EVIL, s.frame.window),
  },
  {
    id: 'MSG-02',
    source: 'HTML §9.3.3 (exact origin)',
    name: 'origin sharing the tenant host as prefix',
    setup: (s) => dispatchMessage(env, s.answer(loginRequired), `${TENANT}.evil.example`, s.frame.window),
  },
  {
    id: 'MSG-03',
    source: 'HTML §9.3.3 (opaque origin)',
    name: 'origin "null" (sandboxed frame)',
    setup: (s) => dispatchMessage(env, s.answer(loginRequired), 'null', s.frame.window),
  },
  {
    id: 'MSG-04',
    source: 'RFC 9700 §4.16 (downgrade)',
    name: 'tenant host over http',
    setup: (s) => dispatchMessage(env, s.answer(loginRequired), 'http://me.auth0.com', s.frame.window),
  },
  {
    id: 'MSG-05',
    source: 'draft-ietf-oauth-browser-based-apps §5.2 (wrong window)',
    name: 'tenant origin, sibling window',
    setup: (s) => dispatchMessage(env, s.answer(loginRequired), TENANT, fakeWindow()),
  },
  {
    id: 'MSG-06',
    source: 'HTML §9.3.3 (event.source)',
    name: 'tenant origin, source null',
    setup: (s) => dispatchMessage(env, s.answer(loginRequired), TENANT, null),
  },
  {
    id: 'MSG-07',
    source: 'OAuth 2.0 Web Message Response Mode §5 (type)',
    name: 'forged type',
    setup: (s) =>
      dispatchMessage(env, { ...s.answer(loginRequired), type: 'authorization_response ' }, TENANT, s.frame.window),
  },
  {
    id: 'MSG-08',
    source: 'RFC 9700 §4.7.1 (state)',
    name: 'state of another request',
    setup: (s) => dispatchMessage(env, s.answer({ ...loginRequired, state: 'other' }), TENANT, s.frame.window),
  },
  {
    id: 'MSG-09',
    source: 'CWE-20 (untyped data)',
    name: 'data null',
    setup: (s) => dispatchMessage(env, null, TENANT, s.frame.window),
  },
  {
    id: 'MSG-10',
    source: 'CWE-20 (untyped data)',
    name: 'data is the answer as a JSON string',
    setup: (s) => dispatchMessage(env, JSON.stringify(s.answer(loginRequired)), TENANT, s.frame.window),
  },
  {
    id: 'MSG-11',
    source: 'CWE-20 (untyped data)',
    name: 'data a number, response missing',
    setup: (s) => {
      dispatchMessage(env, 42, TENANT, s.frame.window);
      dispatchMessage(env, { type: 'authorization_response' }, TENANT, s.frame.window);
    },
  },
  {
    id: 'MSG-12',
    source: 'prototype pollution (CWE-1321)',
    name: 'type and response inherited through __proto__',
    setup: (s) =>
      dispatchMessage(
        env,
        JSON.parse(`{"__proto__":${JSON.stringify(s.answer(loginRequired))}}`),
        TENANT,
        s.frame.window,
      ),
  },
  {
    id: 'MSG-13',
    source: 'RFC 9700 §4.5 (injection)',
    name: 'genuine-looking token answer from a foreign origin',
    setup: async (s) =>
      dispatchMessage(env, s.answer({ access_token: 'AT', id_token: await s.token() }), EVIL, s.frame.window),
  },
];

describe('attack catalogue: checkSession messages', () => {
  it.each(ignored.map((row) => [title(row), row] as const))('%s (ignored, then one timeout)', async (_title, row) => {
    let session!: Session;
    const err = expectOneRejection(
      env,
      (cb) => {
        session = startSession(cb);
        void Promise.resolve(row.setup(session)).then(() => {
          env.advance(CHECK_SESSION_TIMEOUT_MS);
          // A genuine answer after the timeout is not a second callback.
          dispatchMessage(env, session.answer(loginRequired), TENANT, session.frame.window);
        });
      },
      'timeout',
    );
    await err;
  });

  const answered: { id: string; source: string; name: string; error: string; setup: SessionNoise }[] = [
    {
      id: 'MSG-14',
      source: 'OAuth 2.0 Web Message Response Mode (one response)',
      name: 'two genuine answers',
      error: 'login_required',
      setup: (s) => {
        dispatchMessage(env, s.answer(loginRequired), TENANT, s.frame.window);
        dispatchMessage(env, s.answer({ error: 'consent_required' }), TENANT, s.frame.window);
      },
    },
    {
      id: 'MSG-15',
      source: 'OIDC RP rp-nonce-invalid (web_message)',
      name: 'tenant-origin answer with a token for another nonce',
      error: 'invalid_token',
      setup: async (s) =>
        dispatchMessage(
          env,
          s.answer({ access_token: 'AT', id_token: await s.token({ nonce: 'other' }) }),
          TENANT,
          s.frame.window,
        ),
    },
    {
      id: 'MSG-16',
      source: 'OAuth 2.0 Web Message Response Mode (one response)',
      name: 'error answer then a token answer',
      error: 'login_required',
      setup: async (s) => {
        dispatchMessage(env, s.answer(loginRequired), TENANT, s.frame.window);
        dispatchMessage(env, s.answer({ access_token: 'AT', id_token: await s.token() }), TENANT, s.frame.window);
      },
    },
    {
      id: 'MSG-17',
      source: 'RFC 9700 §4.2.4',
      name: 'tenant-origin answer with a swapped access token',
      error: 'invalid_token',
      setup: async (s) =>
        dispatchMessage(env, s.answer({ access_token: 'STOLEN', id_token: await s.token() }), TENANT, s.frame.window),
    },
  ];
  it.each(answered.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    await expectOneRejection(env, (cb) => void row.setup(startSession(cb)), row.error);
    env.advance(CHECK_SESSION_TIMEOUT_MS);
  });
});

/** popup.authorize on the opener: the answer must come from the redirectUri origin and the popup it opened. */
const popupNoise: { id: string; source: string; name: string; send: (popup: FakePopup) => void }[] = [
  {
    id: 'MSG-18',
    source: 'HTML §9.3.3 (check origin); COMPATIBILITY.md S6',
    name: 'answer from a foreign origin',
    send: (p) => dispatchMessage(env, JSON.stringify({ a: 'response', d: { accessToken: 'EVIL' } }), EVIL, p),
  },
  {
    id: 'MSG-19',
    source: 'HTML §9.3.3 (exact origin)',
    name: 'answer from the tenant origin (not the redirectUri origin)',
    send: (p) => dispatchMessage(env, JSON.stringify({ a: 'response', d: { accessToken: 'EVIL' } }), TENANT, p),
  },
  {
    id: 'MSG-20',
    source: 'draft-ietf-oauth-browser-based-apps §5.2 (wrong window)',
    name: 'app origin, another window',
    send: () => dispatchMessage(env, JSON.stringify({ a: 'response', d: { accessToken: 'EVIL' } }), APP, fakePopup()),
  },
  {
    id: 'MSG-21',
    source: 'CWE-20 (untyped data)',
    name: 'non-JSON string',
    send: (p) => dispatchMessage(env, '{"a":"response",', APP, p),
  },
  {
    id: 'MSG-22',
    source: 'CWE-20 (untyped data)',
    name: 'object instead of a JSON string, and JSON null',
    send: (p) => {
      dispatchMessage(env, { a: 'response', d: { accessToken: 'EVIL' } }, APP, p);
      dispatchMessage(env, 'null', APP, p);
    },
  },
  {
    id: 'MSG-23',
    source: 'prototype pollution (CWE-1321)',
    name: 'a/d inherited through __proto__',
    send: (p) => dispatchMessage(env, '{"__proto__":{"a":"response","d":{"accessToken":"EVIL"}}}', APP, p),
  },
];

describe('attack catalogue: popup messages', () => {
  // The popup chunk's first import (a module transform here) takes a while: done once, before the tests.
  beforeAll(() => loadCapability('popup'));
  /** Runs `send` once the popup chunk has arrived and the opener watches the window (its close poll runs). */
  const whenListening = (send: () => void) =>
    void vi.waitFor(() => expect(env.timers.size).toBeGreaterThan(0)).then(send);
  it.each(popupNoise.map((row) => [title(row), row] as const))(
    '%s (ignored, then the genuine answer once)',
    async (_title, row) => {
      const webAuth = testWebAuth(env);
      await expectOneRejection(
        env,
        (cb) => {
          webAuth.popup.authorize({}, cb as never);
          const popup = env.opened.at(-1)!;
          whenListening(() => {
            row.send(popup);
            const genuine = JSON.stringify({
              a: 'response',
              d: { error: 'access_denied', errorDescription: 'denied' },
            });
            dispatchMessage(env, genuine, APP, popup);
            dispatchMessage(env, genuine, APP, popup); // MSG-24 below: a replay is not a second callback
          });
        },
        'access_denied',
      );
    },
  );

  it('MSG-24 [OAuth 2.0 Web Message Response Mode (one response)] a replayed answer is one callback', async () => {
    const webAuth = testWebAuth(env);
    await expectOneRejection(
      env,
      (cb) => {
        webAuth.popup.authorize({}, cb as never);
        const popup = env.opened.at(-1)!;
        whenListening(() => {
          for (let i = 0; i < 3; i++)
            dispatchMessage(env, JSON.stringify({ a: 'response', d: { error: 'access_denied' } }), APP, popup);
          popup.closed = true;
          env.advance(2000);
        });
      },
      'access_denied',
    );
  });

  it('MSG-25 [HTML §9.3.3 (targetOrigin)] the popup page answers a foreign opener with origin_mismatch, never tokens', async () => {
    env.url = `${APP}/callback#access_token=AT&token_type=Bearer&state=S1`;
    const opener = fakePopup();
    env.openerWindow = opener;
    const webAuth = testWebAuth(env, { responseType: 'token' });
    webAuth.transactionManager.generateTransaction(undefined, 'S1', undefined, undefined, false);
    webAuth.popup.callback();
    await vi.waitFor(() => expect(opener.posted).toHaveLength(1)); // ready: the popup chunk has arrived
    dispatchMessage(env, JSON.stringify({ a: 'request' }), EVIL, opener);
    dispatchMessage(env, JSON.stringify({ a: 'request' }), APP, fakePopup()); // MSG-26: a non-opener gets nothing
    await settle();
    const answers = opener.posted.slice(1).map(([d, o]) => [JSON.parse(d as string), o]);
    expect(answers).toEqual([[{ a: 'response', d: expect.objectContaining({ error: 'origin_mismatch' }) }, EVIL]]);
    expect(JSON.stringify(opener.posted)).not.toContain('AT"');
    expect(foreignHosts(env)).toEqual([]);
  });
});

/** crossOriginVerification on the app's verification page: only the framing tenant gets the verifier. */
const coNoise: { id: string; source: string; name: string; send: (e: FakeEnv, parent: unknown) => void }[] = [
  {
    id: 'MSG-27',
    source: 'COMPATIBILITY.md S6',
    name: 'request from a foreign origin',
    send: (e, p) => dispatchMessage(e, { type: 'co_verifier_request', request: { id: 'co1' } }, EVIL, p),
  },
  {
    id: 'MSG-28',
    source: 'COMPATIBILITY.md S6 (wrong window)',
    name: 'request from a sibling frame at the tenant origin',
    send: (e) => dispatchMessage(e, { type: 'co_verifier_request', request: { id: 'co1' } }, TENANT, fakeWindow()),
  },
  {
    id: 'MSG-29',
    source: 'CWE-20 (forged type)',
    name: 'other message type',
    send: (e, p) => dispatchMessage(e, { type: 'co_verifier_request ', request: { id: 'co1' } }, TENANT, p),
  },
  {
    id: 'MSG-30',
    source: 'CWE-20 (untyped data)',
    name: 'null, string and number data',
    send: (e, p) => {
      dispatchMessage(e, null, TENANT, p);
      dispatchMessage(e, 'co_verifier_request', TENANT, p);
      dispatchMessage(e, 7, TENANT, p);
    },
  },
  {
    id: 'MSG-31',
    source: 'prototype pollution (CWE-1321)',
    name: 'type inherited through __proto__',
    send: (e, p) =>
      dispatchMessage(e, JSON.parse('{"__proto__":{"type":"co_verifier_request","request":{"id":"co1"}}}'), TENANT, p),
  },
];

describe('attack catalogue: cross-origin verification messages', () => {
  it.each(coNoise.map((row) => [title(row), row] as const))(
    '%s (no verifier posted, verifier kept)',
    async (_title, row) => {
      const page = fakeEnv(`${APP}/verify#origin=${encodeURIComponent(TENANT)}`);
      page.parentWindow = fakeWindow();
      const webAuth = new WebAuth({ domain: 'me.auth0.com', clientID: 'CID', [customEnvironment]: page } as never);
      webAuth.transactionManager.storage.set(verifierKey(TENANT, 'co1'), 'VERIFIER', 1 / 96);
      expect(() => webAuth.crossOriginVerification()).not.toThrow();
      await afterChunk('legacy'); // the page's code arrives with its chunk (issue 32)
      expect(() => row.send(page, page.parentWindow)).not.toThrow();
      expect(page.parentWindow.posted).toEqual([[{ type: 'ready' }, TENANT]]);
      expect(webAuth.transactionManager.storage.get(verifierKey(TENANT, 'co1'))).toBe('VERIFIER');
    },
  );

  it('MSG-32 [COMPATIBILITY.md S6] without an origin in the fragment nothing is posted at all', async () => {
    const page = fakeEnv(`${APP}/verify#foo=1`);
    page.parentWindow = fakeWindow();
    const webAuth = new WebAuth({ domain: 'me.auth0.com', clientID: 'CID', [customEnvironment]: page } as never);
    expect(() => webAuth.crossOriginVerification()).not.toThrow();
    await afterChunk('legacy');
    dispatchMessage(page, { type: 'co_verifier_request', request: { id: 'co1' } }, EVIL, page.parentWindow);
    expect(page.parentWindow.posted).toEqual([]);
  });
});
