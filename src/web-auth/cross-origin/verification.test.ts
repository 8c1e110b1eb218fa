import { describe, expect, it } from 'vitest';
import { dispatchMessage, fakeEnv, fakeWindow } from '../../testing/fake-env.js';
import { verifierKey } from './verification.js';
import { customEnvironment } from '../../types/custom-environment.js';
import { WebAuth } from '../web-auth.js';
import { afterChunk } from '../../testing/capabilities.js';

const TENANT = 'https://me.auth0.com';

function setup(hash = `#foo=1&origin=${encodeURIComponent(TENANT)}`) {
  const env = fakeEnv(`https://app.example.com/verify${hash}`);
  env.parentWindow = fakeWindow();
  const webAuth = new WebAuth({ domain: 'me.auth0.com', clientID: 'CID', [customEnvironment]: env } as never);
  webAuth.transactionManager.storage.set(verifierKey(TENANT, 'co1'), 'VERIFIER', 1 / 96);
  return { env, webAuth, parent: env.parentWindow };
}

describe('crossOriginVerification', () => {
  it('tells the framing page it is ready, then hands out the verifier once', async () => {
    const { env, webAuth, parent } = setup();
    webAuth.crossOriginVerification();
    // The page's code arrives with the legacy chunk (issue 32).
    expect(parent.posted).toEqual([]);
    await afterChunk('legacy');
    expect(parent.posted).toEqual([[{ type: 'ready' }, TENANT]]);
    dispatchMessage(env, { type: 'co_verifier_request', request: { id: 'co1' } }, TENANT, parent);
    dispatchMessage(env, { type: 'co_verifier_request', request: { id: 'co1' } }, TENANT, parent);
    expect(parent.posted.slice(1)).toEqual([
      [{ type: 'co_verifier_response', response: { verifier: 'VERIFIER' } }, TENANT],
      [{ type: 'co_verifier_response', response: { verifier: '' } }, TENANT],
    ]);
  });

  it('ignores other message types, other origins and other windows (the verifier stays)', async () => {
    const { env, webAuth, parent } = setup();
    webAuth.crossOriginAuthenticationCallback();
    await afterChunk('legacy');
    dispatchMessage(env, { type: 'something_else', request: { id: 'co1' } }, TENANT, parent);
    dispatchMessage(env, { type: 'co_verifier_request', request: { id: 'co1' } }, 'https://evil.example', parent);
    dispatchMessage(env, { type: 'co_verifier_request', request: { id: 'co1' } }, TENANT, fakeWindow());
    dispatchMessage(env, null, TENANT, parent);
    expect(parent.posted).toEqual([[{ type: 'ready' }, TENANT]]);
    expect(webAuth.transactionManager.storage.get(verifierKey(TENANT, 'co1'))).toBe('VERIFIER');
  });

  it('does nothing without an origin in the fragment or when not framed', async () => {
    const noOrigin = setup('#foo=1');
    noOrigin.webAuth.crossOriginVerification();
    await afterChunk('legacy');
    expect(noOrigin.parent.posted).toEqual([]);
    expect(noOrigin.env.listeners.size).toBe(0);
    const top = setup();
    top.env.parentWindow = null;
    top.webAuth.crossOriginVerification();
    await afterChunk('legacy');
    expect(top.env.listeners.size).toBe(0);
  });
});
