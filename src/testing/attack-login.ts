/** A redirect login on the fake tenant whose response an attack case forges; see attack-catalogue.ts. */
import { describe, expect, it } from 'vitest';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { fakeEnv, json, memoryStorage, type FakeEnv } from './fake-env.js';
import { atHash, claimsFor } from './tokens.js';
import { testWebAuth } from './web-auth.js';
import type { WebAuth } from '../web-auth/web-auth.js';
import { expectOneRejection, segment, title, type AttackCase, type RawKeys } from './attack-catalogue.js';

export const ISSUER = 'https://me.auth0.com/';
export const JWKS_URL = 'https://me.auth0.com/.well-known/jwks.json';

export interface LoginCtx {
  env: FakeEnv;
  auth: WebAuth;
  keys: RawKeys;
  state: string;
  nonce: string;
  /** Valid claims for this login (nonce and at_hash of 'AT' included), with `extra` merged; `undefined` values drop a claim. */
  claims(extra?: Record<string, unknown>): Record<string, unknown>;
  /** RS256 with the tenant key, header `{ alg, kid: 'k1', typ }` merged with `header`. */
  sign(extra?: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>;
}

export interface TokenSetup {
  /** The forged ID token. */
  token?: (ctx: LoginCtx) => Promise<string> | string;
  /** The fragment (default: access_token=AT, the token, the login's state). */
  hash?: (ctx: LoginCtx, idToken: string) => string;
  /** WebAuth options. */
  options?: Record<string, unknown>;
  /** authorize() options. */
  authorize?: Record<string, unknown>;
  /** What the tenant's key-set URL answers (default: the tenant key); a body, a Response or a pending one. */
  jwks?: (keys: RawKeys) => unknown;
  /** Runs before parseHash (plant storage, advance the clock, …). */
  before?: (ctx: LoginCtx) => Promise<void> | void;
}

export const encode = segment;

/** Starts a login on a fresh page whose tenant serves `keys`. */
export function startLogin(keys: RawKeys, setup: TokenSetup = {}): LoginCtx {
  clearJwksMemoryCache();
  const env = fakeEnv();
  const served = setup.jwks ? setup.jwks(keys) : keys.jwks;
  env.respond = (url) =>
    url !== JWKS_URL
      ? new Response('nope', { status: 404 })
      : served instanceof Response || served instanceof Promise
        ? (served as Response | Promise<Response>)
        : json(served);
  if (setup.options?.__tryLocalStorageFirst) env.storage = memoryStorage();
  const auth = testWebAuth(env, setup.options);
  auth.authorize(setup.authorize ?? {});
  const url = new URL(env.navigations.at(-1)!);
  const state = url.searchParams.get('state')!;
  const nonce = url.searchParams.get('nonce')!;
  const claims = (extra: Record<string, unknown> = {}) => {
    const all: Record<string, unknown> = claimsFor(env, ISSUER, 'CID', { nonce, at_hash: atHash('AT'), ...extra });
    for (const key of Object.keys(all)) if (all[key] === undefined) delete all[key];
    return all;
  };
  const ctx: LoginCtx = {
    env,
    auth,
    keys,
    state,
    nonce,
    claims,
    sign: (extra, header) => keys.signRaw({ alg: 'RS256', kid: 'k1', typ: 'JWT', ...header }, claims(extra)),
  };
  return ctx;
}

/** Runs one catalogue row: forge the response, parseHash it, expect one rejection with the row's code. */
export async function rejectsLogin(keys: RawKeys, row: AttackCase<TokenSetup>): Promise<LoginCtx> {
  const ctx = startLogin(keys, row.setup);
  await row.setup.before?.(ctx);
  const idToken = row.setup.token ? await row.setup.token(ctx) : await ctx.sign();
  const hash = row.setup.hash
    ? row.setup.hash(ctx, idToken)
    : `#access_token=AT&id_token=${idToken}&state=${ctx.state}`;
  await expectOneRejection(ctx.env, (cb) => ctx.auth.parseHash({ hash }, cb as never), row.error, row.reason);
  return ctx;
}

/** The control of a table: the same login, unforged, succeeds (so a rejection is the attack's doing). */
export async function acceptsLogin(keys: RawKeys, setup: TokenSetup = {}): Promise<unknown[]> {
  const ctx = startLogin(keys, setup);
  const idToken = await ctx.sign();
  return new Promise((resolve) =>
    ctx.auth.parseHash({ hash: `#access_token=AT&id_token=${idToken}&state=${ctx.state}` }, (...args) => resolve(args)),
  );
}

/**
 * A catalogue table of forged redirect logins: a control (the unforged login succeeds), then one
 * test per row; `after` adds a check to every row.
 */
export function describeLoginAttacks(
  name: string,
  keys: () => RawKeys,
  cases: AttackCase<TokenSetup>[],
  after?: (ctx: LoginCtx) => void,
): void {
  describe(name, () => {
    it('control: the unforged login is accepted', async () => {
      const [err, result] = await acceptsLogin(
        keys(),
        cases.find((row) => row.setup.options?.__tryLocalStorageFirst)?.setup,
      );
      expect(err).toBeNull();
      expect(result).toMatchObject({ accessToken: 'AT' });
    });

    it.each(cases.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
      // Not `after?.(await …)`: an optional call skips evaluating its arguments when `after` is absent.
      const ctx = await rejectsLogin(keys(), row);
      after?.(ctx);
    });
  });
}
