/**
 * Captcha (bot detection) per flow. The tenant never contacts a provider, so:
 * - `auth0` is the tenant's own image challenge: an SVG showing a code, bound to the hosted
 *   page's login state; a test script can read the code from the image (it is SVG text). One
 *   answer per challenge: a wrong one needs a new challenge.
 * - the third-party providers (reCAPTCHA, hCaptcha, Friendly Captcha, Arkose, Turnstile) get the
 *   challenge description the library needs to render them, and their answer is accepted only
 *   when it equals the configured `test_token` (default `<provider>-test-token`). The library's
 *   fail-open hint `BYPASS_CAPTCHA` is refused.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { CaptchaDefinition, CaptchaFlow } from '../config/definition.js';
import { ExpiringMap } from '../core/expiring-map.js';

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type Challenge =
  | { required: false }
  | { required: true; provider: 'auth0'; image: string; type: 'code' }
  | { required: true; provider: string; siteKey: string; clientSubdomain?: string };

interface Pending {
  readonly answer: string;
  readonly expiresAt: number;
}

export function testTokenOf(def: CaptchaDefinition): string {
  return def.test_token ?? `${def.provider}-test-token`;
}

function svgImage(code: string): string {
  const letters = [...code].map((c, i) => `<text x="${18 + i * 22}" y="${30 + (i % 2) * 6}">${c}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="50" font-family="monospace" font-size="24" fill="#1d1f24"><rect width="160" height="50" fill="#e8ecf4"/>${letters}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Reads the code back out of a challenge image (what a test script does). */
export function solveImage(image: string): string {
  const svg = Buffer.from(image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
}

export class CaptchaService {
  private readonly pending: ExpiringMap<Pending>;

  constructor(
    private readonly now: () => number,
    private readonly config: Readonly<Record<CaptchaFlow, CaptchaDefinition>>,
  ) {
    this.pending = new ExpiringMap(now);
  }

  isRequired(flow: CaptchaFlow): boolean {
    return this.config[flow].provider !== 'none';
  }

  /** A new challenge for `flow`, bound to `bindTo` (the hosted page's transaction). */
  challenge(flow: CaptchaFlow, bindTo: string): Challenge {
    const def = this.config[flow];
    if (def.provider === 'none') return { required: false };
    if (def.provider === 'auth0') {
      const answer = Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
      this.pending.set(`${flow}|${bindTo}`, { answer, expiresAt: this.now() + CAPTCHA_TTL_MS });
      return { required: true, provider: 'auth0', image: svgImage(answer), type: 'code' };
    }
    return {
      required: true,
      provider: def.provider,
      siteKey: def.site_key ?? '',
      ...(def.client_subdomain ? { clientSubdomain: def.client_subdomain } : {}),
    };
  }

  /** True when `answer` solves the flow's captcha (always true when the flow has none). */
  verify(flow: CaptchaFlow, bindTo: string | undefined, answer: string | undefined): boolean {
    const def = this.config[flow];
    if (def.provider === 'none') return true;
    // One try per challenge: the pending answer is used up whatever was sent.
    const pending =
      def.provider === 'auth0' && bindTo !== undefined ? this.pending.take(`${flow}|${bindTo}`) : undefined;
    if (!answer || answer === 'BYPASS_CAPTCHA') return false;
    let expected: string;
    if (def.provider === 'auth0') {
      if (!pending) return false;
      expected = pending.answer;
      answer = answer.trim().toUpperCase();
    } else {
      expected = testTokenOf(def);
    }
    const a = Buffer.from(answer);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  clear(): void {
    this.pending.clear();
  }
}
