/**
 * Differential scenarios for the Authentication client: synchronous argument errors, and real
 * requests to the tenant whose bodies, headers and mapped callback values are compared.
 */
import { openApp } from '../support/flow.js';
import type { Scenario, ScenarioContext } from './scenario.js';

/** Runs `body` with `lib`, `webAuth` and `arg` in the page; records its JSON-able result. */
async function inPage(ctx: ScenarioContext, label: string, body: string, arg: unknown = null): Promise<void> {
  const value = await ctx.page.evaluate(
    async ([body, arg, config]) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth(config);
      // The transport error kept as `original` is superagent's in auth0-js and ours here
      // (COMPATIBILITY.md D4); everything else of the error must match.
      const plain = (err: any) => {
        if (!err || typeof err !== 'object') return err ?? null;
        const json = JSON.parse(JSON.stringify(err));
        if (err.original instanceof Error) json.original = '<transport error>';
        return json;
      };
      const callback = (run: (cb: (...args: unknown[]) => void) => unknown) =>
        new Promise((resolve) => run((err: any, result: unknown) => resolve({ err: plain(err), result: result ?? null })));
      const fn = new Function('lib', 'webAuth', 'arg', 'callback', `return (async () => { ${body} })();`);
      return fn(lib, webAuth, arg, callback);
    },
    [body, arg, ctx.config()] as const,
  );
  ctx.rec.add('value', { label, value });
  ctx.rec.requests();
}

const THROWS: string[] = [
  "c.login({ password: 'p', realm: 'r' }, cb)",
  "c.login({ username: 'u', realm: 'r' }, cb)",
  "c.login({ username: 'u', password: 'p' }, cb)",
  "c.login({ username: 'u', password: 'p', realm: 'r', scope: 1 }, cb)",
  "c.loginWithDefaultDirectory({ username: 'u' }, cb)",
  "c.oauthToken({}, cb)",
  "c.oauthToken({ grantType: 'x' }, 'nope')",
  "c.loginWithResourceOwner({ username: 'u', password: 'p' }, cb)",
  "c.delegation({}, cb)",
  "c.customTokenExchange({ subjectToken: 's' }, cb)",
  "c.customTokenExchange({ subjectToken: 's', subjectTokenType: 't', organization: 1 }, cb)",
  "c.userInfo(1, cb)",
  "c.buildAuthorizeUrl({ responseType: 'id_token' })",
  "c.buildLogoutUrl('x')",
  "c.passwordless.start({ connection: 'email' }, cb)",
  "c.passwordless.start({ connection: 'email', send: 'x' }, cb)",
  "c.passwordless.start({ connection: 'email', send: 'link', authParams: 'x' }, cb)",
  "c.passwordless.verify({ connection: 'sms', verificationCode: '1' }, cb)",
  "c.passwordless.verify({ connection: 'sms', phoneNumber: '1' }, cb)",
  "c.passwordless.buildVerifyUrl({ connection: 'email', verificationCode: '1' })",
  "c.dbConnection.signup({ connection: 'db', email: 'a@b.c' }, cb)",
  "c.dbConnection.changePassword({ connection: 'db' }, cb)",
  "webAuth.passwordlessVerify({ connection: 'email', verificationCode: '1', email: 'a@b.c', responseType: '' }, cb)",
];

const REQUESTS: [string, string][] = [
  ['password-realm login, wrong password', "return callback((cb) => c.login({ username: ' alice@example.com ', password: 'wrong', realm: 'Username-Password-Authentication', captcha: 'x' }, cb));"],
  ['oauthToken refresh grant', "return callback((cb) => c.oauthToken({ grantType: 'refresh_token', refreshToken: 'nope', scope: '' }, cb));"],
  ['resource owner', "return callback((cb) => c.loginWithResourceOwner({ username: 'u', password: 'p', connection: 'db', device: 'd', x: 1 }, cb));"],
  ['delegation', "return callback((cb) => c.delegation({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', idToken: 'x', apiType: 'app' }, cb));"],
  ['token exchange', "return callback((cb) => c.customTokenExchange({ subjectToken: 'st', subjectTokenType: 'urn:x', customParam: { innerKey: 1 } }, cb));"],
  ['user country', 'return callback((cb) => c.getUserCountry(cb));'],
  ['userinfo with a bad token', "return callback((cb) => c.userInfo('not-a-token', cb));"],
  ['challenge without state', 'return new Promise((resolve) => c.getChallenge((...args) => resolve(args.length)));'],
  ['passwordless start by code', "return callback((cb) => c.passwordless.start({ connection: 'sms', send: 'code', phoneNumber: ' +15550000000 ', xRequestLanguage: 'fr' }, cb));"],
  ['passwordless verify', "return callback((cb) => c.passwordless.verify({ connection: 'email', verificationCode: '000000', email: 'alice@example.com' }, cb));"],
  ['signup of an existing user', "return callback((cb) => c.dbConnection.signup({ connection: 'Username-Password-Authentication', email: 'alice@example.com', password: 'Another-Passw0rd!', userMetadata: { favColor: 'blue' } }, cb));"],
  ['change password', "return callback((cb) => c.dbConnection.changePassword({ connection: 'Username-Password-Authentication', email: 'nobody@example.com', password: 'ignored' }, cb));"],
  ['verify URL', "return c.passwordless.buildVerifyUrl({ connection: 'email', verificationCode: '1', email: 'a@b.c', state: 'S', nonce: 'N' });"],
];

export const CLIENT_SCENARIOS: Scenario[] = [
  {
    name: 'client argument errors',
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      for (const expr of THROWS) {
        await inPage(ctx, expr, `const c = webAuth.client; const cb = () => {}; try { ${expr}; return 'no error'; } catch (e) { return e.message; }`);
      }
    },
  },
  ...REQUESTS.map(([name, body]): Scenario => ({
    name: `client: ${name}`,
    async run(ctx) {
      await openApp(ctx.page, ctx.appOrigin, ctx.lib);
      await inPage(ctx, name, `const c = webAuth.client; ${body}`);
    },
  })),
];
