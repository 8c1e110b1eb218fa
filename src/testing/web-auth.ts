/** The WebAuth most unit tests build: a fixed tenant and client, wired to a fake browser. */
import type { WebAuthContext } from '../flow/context.js';
import { customEnvironment } from '../types/custom-environment.js';
import { WebAuth } from '../web-auth/web-auth.js';
import type { FakeEnv } from './fake-env.js';

export const TEST_REDIRECT_URI = 'https://app.example.com/callback';

/** `new WebAuth` for tenant me.auth0.com and client CID on `env`; `extra` overrides any option. */
export function testWebAuth(env: FakeEnv, extra: Record<string, unknown> = {}): WebAuth {
  return new WebAuth({
    domain: 'me.auth0.com',
    clientID: 'CID',
    redirectUri: TEST_REDIRECT_URI,
    responseType: 'token id_token',
    [customEnvironment]: env,
    ...extra,
  } as never);
}

/** The internal context the modules receive (not public API). */
export const contextOf = (webAuth: WebAuth): WebAuthContext => (webAuth as unknown as { ctx: WebAuthContext }).ctx;
