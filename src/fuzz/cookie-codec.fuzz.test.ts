/** Properties of the cookie codec: whatever a name and value hold, they read back unchanged. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeCookieName, encodeCookieValue, parseCookies } from '../storage/cookie-codec.js';
import { fuzzParams } from '../testing/fuzz.js';

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('"quoted"', 'a; b=c', '%41%', '%E0%A4%A', '{"json":[1]}', ' '),
);

describe('cookie codec', () => {
  it('encodes to cookie-safe text (no separators, controls or spaces)', () => {
    fc.assert(
      fc.property(text, text, (name, value) => {
        expect(encodeCookieName(name)).not.toMatch(/[\s;,=()"\\\u0000-\u001f\u007f-\uffff]/);
        expect(encodeCookieValue(value)).not.toMatch(/[\s;,"\\\u0000-\u001f\u007f-\uffff]/);
      }),
      fuzzParams(300),
    );
  });

  it('round-trips any set of distinct names and values through a cookie header', () => {
    const jar = fc.uniqueArray(
      fc.tuple(
        text.filter((n) => n.length > 0),
        text,
      ),
      { selector: ([n]) => n, maxLength: 6 },
    );
    fc.assert(
      fc.property(jar, (cookies) => {
        const header = cookies.map(([n, v]) => `${encodeCookieName(n)}=${encodeCookieValue(v)}`).join('; ');
        expect(parseCookies(header)).toEqual(new Map(cookies));
      }),
      fuzzParams(300),
    );
  });
});
