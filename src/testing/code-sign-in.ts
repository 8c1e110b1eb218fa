/** A redirect login with the code flow against a fake browser: authorize, then parseHash of `?code=C`. */
import { expect, vi } from 'vitest';
import type { WebAuth } from '../web-auth/web-auth.js';
import type { FakeEnv } from './fake-env.js';

/** Runs `authorize()` (waits for its navigation), lands on the callback with code `C`, and parses it. */
export async function codeSignIn(env: FakeEnv, webAuth: WebAuth) {
  webAuth.authorize();
  await vi.waitFor(() => expect(env.navigations).toHaveLength(1));
  const url = new URL(env.navigations[0]!);
  env.url = `https://app.example.com/callback?code=C&state=${url.searchParams.get('state')}`;
  return { url, result: await webAuth.parseHash() };
}

/** The options of an app that stays signed in across reloads by refresh token (issue 25). */
export const REFRESH_SESSION = {
  responseType: 'code',
  usePKCE: true,
  useRefreshTokens: true,
  cacheLocation: 'localstorage',
} as const;
