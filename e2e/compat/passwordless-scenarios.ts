/**
 * Passwordless (reference §5.1–§5.3, §7.6, §7.9, §7.10): argument errors, start/verify requests,
 * the verify URL, and the WebAuth flows that store a transaction or navigate.
 */
import { openApp } from '../support/flow.js';
import {
  argErrors,
  call,
  inPage,
  latestCode,
  navigateBy,
  parseAndRecord,
  type Scenario,
  type ScenarioContext,
} from './scenario.js';

const run = (expr: string) => `return callback((cb) => ${expr});`;
const EMAIL = "connection: 'email', email: 'pat@example.com'";

const ARGUMENT_ERRORS: [string, string[], Record<string, unknown>?][] = [
  [
    'passwordless.start',
    [
      "c.passwordless.start('x', cb)",
      "c.passwordless.start({ send: 'code' }, cb)",
      "c.passwordless.start({ connection: 'email' }, cb)",
      "c.passwordless.start({ connection: 'email', send: 'x' }, cb)",
      "c.passwordless.start({ connection: 'sms', send: 'code', phoneNumber: 1 }, cb)",
      "c.passwordless.start({ connection: 'email', send: 'link', email: 1 }, cb)",
      "c.passwordless.start({ connection: 'email', send: 'link', authParams: 'x' }, cb)",
      "c.passwordless.start({ connection: 'email', send: 'code', email: 'a@b.c', phoneNumber: 1 }, cb)",
      "offline.client.passwordless.start({ connection: 'email', send: 'code' }, cb)",
      "c.passwordless.start({ connection: 'email', send: 'code', email: 'a@b.c' }, 'x')",
      "/*A1*/ offline.client.passwordless.start({ connection: 'email', send: 'code', email: 'a@b.c' })",
    ],
  ],
  [
    'passwordless.verify',
    [
      "c.passwordless.verify('x', cb)",
      "c.passwordless.verify({ verificationCode: '1', email: 'a@b.c' }, cb)",
      "c.passwordless.verify({ connection: 'sms', phoneNumber: '1' }, cb)",
      "c.passwordless.verify({ connection: 'sms', verificationCode: '1' }, cb)",
      "c.passwordless.verify({ connection: 'sms', verificationCode: '1', phoneNumber: 1 }, cb)",
      "c.passwordless.verify({ connection: 'email', verificationCode: '1', email: 1 }, cb)",
      "/*A1*/ offline.client.passwordless.verify({ connection: 'email', verificationCode: '1', email: 'a@b.c' })",
    ],
  ],
  [
    'passwordless.buildVerifyUrl',
    [
      "c.passwordless.buildVerifyUrl('x')",
      "c.passwordless.buildVerifyUrl({ verificationCode: '1', email: 'a@b.c' })",
      "c.passwordless.buildVerifyUrl({ connection: 'email', verificationCode: '1' })",
      "c.passwordless.buildVerifyUrl({ connection: 'email', email: 'a@b.c' })",
    ],
  ],
  [
    'webAuth.passwordlessStart without responseType',
    ["webAuth.passwordlessStart({ connection: 'email', send: 'code', email: 'a@b.c' }, cb)"],
    { responseType: '' },
  ],
  [
    'webAuth.passwordlessStart',
    [
      "webAuth.passwordlessStart({ connection: 'email', send: 'x' }, cb)",
      "webAuth.passwordlessStart({ send: 'code' }, cb)",
    ],
  ],
  [
    'webAuth.passwordlessVerify without responseType',
    ["webAuth.passwordlessVerify({ connection: 'email', verificationCode: '1', email: 'a@b.c' }, cb)"],
    { responseType: '' },
  ],
  [
    'webAuth.passwordlessVerify',
    [
      "webAuth.passwordlessVerify({ connection: 'email', verificationCode: '1', email: 'a@b.c', responseType: '' }, cb)",
      "webAuth.passwordlessVerify({ connection: 'email', email: 'a@b.c' }, cb)",
      "webAuth.passwordlessVerify({ verificationCode: '1', email: 'a@b.c' }, cb)",
    ],
  ],
  [
    'webAuth.passwordlessLogin without responseType',
    ["webAuth.passwordlessLogin({ connection: 'email', verificationCode: '1', email: 'a@b.c' }, cb)"],
    { responseType: '' },
  ],
];

const REQUESTS: [string, string, Record<string, unknown>?][] = [
  [
    'start: code by SMS',
    run(
      "c.passwordless.start({ connection: 'sms', send: 'code', phoneNumber: ' +15550000000 ', xRequestLanguage: 'fr' }, cb)",
    ),
  ],
  [
    'start: link by email with authParams',
    run(
      `c.passwordless.start({ ${EMAIL}, send: 'link', authParams: { responseMode: 'fragment', state: 'S', nonce: 'N', extraParam: 'x' } }, cb)`,
    ),
    { scope: 'openid email' },
  ],
  [
    'start: code by email, base options merged',
    run(`c.passwordless.start({ ${EMAIL}, send: 'code' }, cb)`),
    { scope: 'openid', audience: 'ignored' },
  ],
  [
    'start: unknown connection',
    run("c.passwordless.start({ connection: 'nope', send: 'code', email: 'pat@example.com' }, cb)"),
  ],
  [
    'start: malformed phone number',
    run("c.passwordless.start({ connection: 'sms', send: 'code', phoneNumber: '555' }, cb)"),
  ],
  ['start: neither email nor phone', run("c.passwordless.start({ connection: 'email', send: 'code' }, cb)")],
  [
    'start: email to an SMS connection',
    run("c.passwordless.start({ connection: 'sms', send: 'code', email: 'pat@example.com' }, cb)"),
  ],
  ['verify: wrong email code', run(`c.passwordless.verify({ ${EMAIL}, verificationCode: '000000' }, cb)`)],
  [
    'verify: wrong SMS code, client id given',
    run(
      "c.passwordless.verify({ connection: 'sms', phoneNumber: '+15550000000', verificationCode: '000000', clientID: 'spa-client', extra: 1 }, cb)",
    ),
  ],
  [
    'buildVerifyUrl: base options',
    "return c.passwordless.buildVerifyUrl({ connection: 'sms', verificationCode: '123', phoneNumber: '+1555' });",
    {
      state: 'S',
      nonce: 'N',
      _csrf: 'C',
      protocol: 'oauth2',
      responseMode: 'fragment',
      audience: 'A',
      scope: 'openid',
    },
  ],
  [
    'buildVerifyUrl: call options',
    "return c.passwordless.buildVerifyUrl({ connection: 'email', verificationCode: '1', email: 'a@b.c', state: 'S', nonce: 'N', redirectUri: 'https://x/cb' });",
  ],
  [
    'buildVerifyUrl: telemetry off',
    "return c.passwordless.buildVerifyUrl({ connection: 'email', verificationCode: '1', email: 'a@b.c' });",
    { _sendTelemetry: false },
  ],
  [
    'webAuth.passwordlessStart: link with appState',
    `const r = await callback((cb) => webAuth.passwordlessStart({ ${EMAIL}, send: 'link', authParams: { appState: { to: '/x' } } }, cb)); return { r, cookies: document.cookie.split('; ').length };`,
  ],
  [
    'webAuth.passwordlessStart: code, response type without id_token',
    run(`webAuth.passwordlessStart({ ${EMAIL}, send: 'code', xRequestLanguage: 'de' }, cb)`),
    { responseType: 'token' },
  ],
  [
    'webAuth.passwordlessVerify: wrong code',
    `return callback((cb) => webAuth.passwordlessVerify({ ${EMAIL}, verificationCode: '000000' }, cb), false);`,
  ],
  [
    'webAuth.passwordlessLogin: wrong code',
    run(`webAuth.passwordlessLogin({ ${EMAIL}, verificationCode: '000000' }, cb)`),
  ],
];

/** Starts a code by email with `c.passwordless.start` and returns the code the tenant sent. */
async function sendCode(ctx: ScenarioContext): Promise<string> {
  await openApp(ctx.page, ctx.appOrigin, ctx.lib);
  await inPage(ctx, 'start', `return callback((cb) => c.passwordless.start({ ${EMAIL}, send: 'code' }, cb));`);
  return latestCode(ctx, 'pat@example.com');
}

export const PASSWORDLESS_SCENARIOS: Scenario[] = [
  ...ARGUMENT_ERRORS.map(([name, expressions, overrides]) => argErrors(name, expressions, overrides)),
  ...REQUESTS.map(([name, body, overrides]) => call(`passwordless: ${name}`, body, overrides)),
  {
    name: 'passwordless: verify the right code',
    async run(ctx) {
      const code = await sendCode(ctx);
      await inPage(
        ctx,
        'verify',
        `return callback((cb) => c.passwordless.verify({ ${EMAIL}, verificationCode: arg }, cb));`,
        code,
      );
    },
  },
  {
    name: 'passwordless: passwordlessVerify signs in, then parseHash',
    async run(ctx) {
      const code = await sendCode(ctx);
      const body = `webAuth.passwordlessVerify({ ${EMAIL}, verificationCode: arg }, (err) => { document.title = JSON.stringify(err); });`;
      await navigateBy(
        ctx,
        body,
        (url) => url.origin === ctx.appOrigin && url.hash.includes('id_token'),
        ctx.config(),
        code,
      );
      await parseAndRecord(ctx);
    },
  },
  {
    name: 'passwordless: passwordlessLogin with the right code (cross-origin)',
    async run(ctx) {
      const code = await sendCode(ctx);
      const body = `webAuth.passwordlessLogin({ ${EMAIL}, verificationCode: arg }, (err) => { document.title = JSON.stringify(err); });`;
      await navigateBy(ctx, body, (url) => url.origin === ctx.appOrigin && url.hash.length > 1, ctx.config(), code);
      await ctx.rec.storage('back on the app');
      await parseAndRecord(ctx);
    },
  },
];
