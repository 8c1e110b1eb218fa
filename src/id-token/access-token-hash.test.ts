import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessTokenHash } from './verify.js';

/** OIDC Core 3.2.2.9, computed with Node's crypto rather than the library's code. */
const expected = (token: string) => createHash('sha256').update(token).digest().subarray(0, 16).toString('base64url');

describe('accessTokenHash', () => {
  it('is the unpadded base64url of the left half of SHA-256 over the token', async () => {
    // Two of these hash to standard base64 with '+', which the URL-safe alphabet turns into '-'.
    for (const token of ['AT', 'eyJhbGciOiJSUzI1NiJ9.e30.sig', 'x'.repeat(1000), 'é€']) {
      expect(await accessTokenHash(webcrypto.subtle as SubtleCrypto, token)).toBe(expected(token));
    }
  });
});
