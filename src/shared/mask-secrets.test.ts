import { describe, expect, it } from 'vitest';
import { sendRequest } from '../http/request.js';
import type { TransportError } from '../http/transport-error.js';
import { fakeEnv, json } from '../testing/fake-env.js';
import { MASK, maskSecrets } from './mask-secrets.js';

describe('maskSecrets', () => {
  it('masks a revocation body: its `token` is a refresh token', () => {
    const body = { client_id: 'CID', token: 'RT-SECRET', token_type_hint: 'refresh_token' };
    expect(maskSecrets(body)).toEqual({ client_id: 'CID', token: MASK, token_type_hint: 'refresh_token' });
    expect(maskSecrets({ nested: [{ token: 'RT-SECRET' }] })).toEqual({ nested: [{ token: MASK }] });
  });

  it('a failed revocation: neither the dropped TransportError nor the request handle holds the token', async () => {
    const env = fakeEnv();
    env.respond = () => json({ error: 'server_error' }, 500);
    const body = { client_id: 'CID', token: 'RT-SECRET', token_type_hint: 'refresh_token' };
    const request = { method: 'POST' as const, url: 'https://me.auth0.com/oauth/revoke', body, form: true };
    let handle: ReturnType<typeof sendRequest> | undefined;
    const err = await new Promise<TransportError | null>((resolve) => {
      handle = sendRequest({ env }, request, resolve);
    });
    expect(err!.requestBody).toEqual({ ...body, token: MASK });
    expect(JSON.stringify([handle!.body, handle!.getBody()])).not.toContain('RT-SECRET');
  });
});
