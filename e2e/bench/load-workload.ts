/**
 * The mixed workload: one autocannon request definition per endpoint, built from material fetched
 * before the run (tokens, refresh tokens), and the records the verification needs afterwards
 * (signups that answered 200, refresh tokens issued and not yet used).
 */
import type { Request } from 'autocannon';

export const SPA = 'spa-client';
export const REALM = 'Username-Password-Authentication';
export const ALICE = { email: 'alice@example.com', password: 'Passw0rd!alice' };
export const ORIGIN = 'http://127.0.0.1:3000';
/** Signups use a password that meets the `good` policy and is on no breached list. */
export const SIGNUP_PASSWORD = 'Load-test-Passw0rd!';
/**
 * Per second, for each endpoint that runs scrypt (N=2^14, tens of ms of CPU per hash): logins and
 * signups are rare next to token refreshes and userinfo calls, and unbounded they take most of 2 cores.
 */
export const HASHING_RATE = 1;

export interface Material {
  readonly accessToken: string;
  readonly managementToken: string;
  /** Refresh tokens to start the rotation chains with (at least one per refresh connection). */
  readonly refreshTokens: string[];
}

export interface Records {
  readonly signups: { email: string; id: string }[];
  /** Refresh tokens issued during the run and never presented (password grants, chain heads). */
  readonly unusedRefreshTokens: Set<string>;
  /** Refresh tokens sent whose answer never came (the run stopped first): neither used nor lost. */
  readonly inFlightRefreshTokens: Set<string>;
}

export interface Endpoint {
  readonly name: string;
  readonly connections: number;
  /** Requests per second for this endpoint (autocannon's `overallRate`); none = as fast as it answers. */
  readonly rate?: number;
  readonly request: Request;
}

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

export function workload(material: Material, records: Records, runId: string): Endpoint[] {
  let signupSeq = 0;
  const chainPool = [...material.refreshTokens];
  const authorize = new URLSearchParams({
    client_id: SPA,
    response_type: 'code',
    redirect_uri: `${ORIGIN}/callback`,
    scope: 'openid profile email',
    state: 'load-state',
    login_hint: ALICE.email,
  });
  return [
    {
      name: 'GET /authorize (login page)',
      connections: 4,
      request: { method: 'GET', path: `/authorize?${authorize}` },
    },
    {
      name: 'GET /userinfo',
      connections: 4,
      request: { method: 'GET', path: '/userinfo', headers: { authorization: `Bearer ${material.accessToken}` } },
    },
    {
      name: 'GET /api/v2/user-attribute-profiles',
      connections: 4,
      request: {
        method: 'GET',
        path: '/api/v2/user-attribute-profiles?take=5',
        headers: { authorization: `Bearer ${material.managementToken}` },
      },
    },
    {
      name: 'POST /oauth/token (refresh_token)',
      connections: 4,
      request: {
        method: 'POST',
        path: '/oauth/token',
        headers: form,
        setupRequest: (req, context) => {
          const token = chainPool.shift() ?? '';
          records.unusedRefreshTokens.delete(token);
          records.inFlightRefreshTokens.add(token);
          context['rt'] = token;
          return {
            ...req,
            body: new URLSearchParams({ grant_type: 'refresh_token', client_id: SPA, refresh_token: token }).toString(),
          };
        },
        onResponse: (status, body, context) => {
          records.inFlightRefreshTokens.delete(context['rt'] as string);
          if (status !== 200) return;
          const next = (JSON.parse(body) as { refresh_token: string }).refresh_token;
          records.unusedRefreshTokens.add(next);
          chainPool.push(next);
        },
      },
    },
    {
      name: 'POST /oauth/token (password-realm)',
      connections: 1,
      rate: HASHING_RATE,
      request: {
        method: 'POST',
        path: '/oauth/token',
        headers: json,
        body: JSON.stringify({
          grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
          client_id: SPA,
          realm: REALM,
          username: ALICE.email,
          password: ALICE.password,
          scope: 'openid offline_access',
        }),
        onResponse: (status, body) => {
          if (status === 200)
            records.unusedRefreshTokens.add((JSON.parse(body) as { refresh_token: string }).refresh_token);
        },
      },
    },
    {
      name: 'POST /co/authenticate',
      connections: 1,
      rate: HASHING_RATE,
      request: {
        method: 'POST',
        path: '/co/authenticate',
        headers: { ...json, origin: ORIGIN },
        body: JSON.stringify({
          client_id: SPA,
          credential_type: 'password',
          username: ALICE.email,
          password: ALICE.password,
        }),
      },
    },
    {
      name: 'POST /dbconnections/signup',
      connections: 1,
      rate: HASHING_RATE,
      request: {
        method: 'POST',
        path: '/dbconnections/signup',
        headers: json,
        setupRequest: (req, context) => {
          const email = `load-${runId}-${++signupSeq}@example.com`;
          context['email'] = email;
          return {
            ...req,
            body: JSON.stringify({ client_id: SPA, connection: REALM, email, password: SIGNUP_PASSWORD }),
          };
        },
        onResponse: (status, body, context) => {
          if (status === 200)
            records.signups.push({ email: context['email'] as string, id: (JSON.parse(body) as { _id: string })._id });
        },
      },
    },
  ];
}
