/**
 * After the run: every signup that answered 200 must exist (Management API, and a password login
 * for a sample), and every refresh token issued during the run and never presented must work
 * exactly once (the first use answers tokens, the second `invalid_grant`).
 */
import { REALM, SIGNUP_PASSWORD, SPA, type Records } from './load-workload.js';

export interface Losses {
  signupsChecked: number;
  signupsMissing: number;
  signupLoginsChecked: number;
  signupLoginsFailed: number;
  refreshTokensChecked: number;
  refreshTokensNotUsableOnce: number;
}

const LOGIN_SAMPLE = 25;
const PARALLEL = 8;

export async function postForm(
  url: string,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export function passwordLogin(
  url: string,
  username: string,
  password: string,
  scope = 'openid',
): ReturnType<typeof postForm> {
  return postForm(`${url}/oauth/token`, {
    grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
    client_id: SPA,
    realm: REALM,
    username,
    password,
    scope,
  });
}

async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<boolean>): Promise<number> {
  let failures = 0;
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      if (!(await work(item))) failures++;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return failures;
}

export async function verify(url: string, managementToken: string, records: Records): Promise<Losses> {
  const signupsMissing = await eachLimited(records.signups, async ({ email, id }) => {
    const res = await fetch(`${url}/api/v2/users/${encodeURIComponent(`auth0|${id}`)}`, {
      headers: { authorization: `Bearer ${managementToken}` },
    });
    return res.status === 200 && ((await res.json()) as { email?: string }).email === email;
  });
  const sample = records.signups
    .filter((_, i) => i % Math.max(1, Math.floor(records.signups.length / LOGIN_SAMPLE)) === 0)
    .slice(0, LOGIN_SAMPLE);
  const signupLoginsFailed = await eachLimited(
    sample,
    async ({ email }) => (await passwordLogin(url, email, SIGNUP_PASSWORD)).status === 200,
  );
  const tokens = [...records.unusedRefreshTokens].filter((t) => !records.inFlightRefreshTokens.has(t));
  const refreshTokensNotUsableOnce = await eachLimited(tokens, async (token) => {
    const params = { grant_type: 'refresh_token', client_id: SPA, refresh_token: token };
    const first = await postForm(`${url}/oauth/token`, params);
    const second = await postForm(`${url}/oauth/token`, params);
    return first.status === 200 && second.status === 400 && second.body['error'] === 'invalid_grant';
  });
  return {
    signupsChecked: records.signups.length,
    signupsMissing,
    signupLoginsChecked: sample.length,
    signupLoginsFailed,
    refreshTokensChecked: tokens.length,
    refreshTokensNotUsableOnce,
  };
}
