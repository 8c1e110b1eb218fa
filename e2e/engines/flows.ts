/**
 * The flows the engine suite runs, one body for every engine. Each drives the UMD build on the test
 * app page (http://127.0.0.1:<port>) against the local tenant (https://localhost:<port>): two
 * sites, so the tenant's cookies are third-party in the app's frames, as on a real deployment.
 * Each returns a short outcome word; the suite compares it with what that engine is expected to do.
 */
import type { RunningTenant } from '../tenant/index.js';
import type { EnginePage, EngineSession } from './driver.js';

export interface FlowEnv {
  tenant: RunningTenant;
  appOrigin: string;
}

export const ALICE = { email: 'alice@example.com', password: 'Passw0rd!alice' };
const DB = 'Username-Password-Authentication';

const appPage = (env: FlowEnv) => `${env.appOrigin}/pages/app.html?lib=umd`;
const config = (env: FlowEnv, extra: Record<string, unknown> = {}) => ({
  domain: env.tenant.domain,
  clientID: 'spa-client',
  redirectUri: appPage(env),
  responseType: 'token id_token',
  ...extra,
});

/** Calls `webAuth[method](options, cb)` in the page; a word for the error, or the result. */
function call(page: EnginePage, cfg: object, method: string, options: object = {}) {
  return page.evaluate(
    async ([cfg, method, options]: [any, string, object]) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth(cfg);
      return new Promise<{ error: string | null; hint: string | null; sub: string | null; email: string | null }>(
        (resolve) =>
          webAuth[method](options, (err: any, res: any) =>
            resolve({
              error: err ? String(err.error ?? err.code ?? err.name) : null,
              hint: err?.hint ?? null,
              sub: res?.idTokenPayload?.sub ?? null,
              email: res?.idTokenPayload?.email ?? null,
            }),
          ),
      );
    },
    [cfg, method, options] as [any, string, object],
  );
}

/** Starts `authorize` (the page leaves) and waits for the tenant's login page. */
async function toLoginPage(page: EnginePage, env: FlowEnv, cfg: object, options: object = {}) {
  await page.goto(appPage(env));
  await page.evaluate(
    async ([cfg, options]: [object, object]) => {
      const lib = await (window as any).libReady;
      setTimeout(() => new lib.WebAuth(cfg).authorize(options));
    },
    [cfg, options] as [object, object],
  );
  await page.waitForUrl((url) => url.origin === env.tenant.url && url.pathname === '/authorize');
}

async function submitLogin(page: EnginePage, env: FlowEnv) {
  await page.fill('#username', ALICE.email);
  await page.fill('#password', ALICE.password);
  await page.click('#submit');
  await page.waitForUrl((url) => url.origin === env.appOrigin);
  await page.waitFor(() => (window as any).libReady, null);
}

const ALICE_SUB = 'auth0|alice';
const outcome = (r: { error: string | null; sub: string | null }) =>
  r.error ?? (r.sub === ALICE_SUB ? 'signed in' : `unexpected: ${JSON.stringify(r)}`);

/** Redirect login, then `parseHash`. */
export async function redirectLogin(page: EnginePage, env: FlowEnv, cfg: object = config(env)): Promise<string> {
  await toLoginPage(page, env, cfg);
  await submitLogin(page, env);
  return outcome(await call(page, cfg, 'parseHash'));
}

/** Popup login opened from a real click, the popup's page handing the answer back. */
export async function popupLogin(page: EnginePage, env: FlowEnv): Promise<string> {
  await page.goto(appPage(env));
  const callback = `${env.appOrigin}/pages/v10-popup-callback.html?lib=umd&tenant=${encodeURIComponent(env.tenant.url)}`;
  await page.evaluate(
    async ([cfg, redirectUri]: [object, string]) => {
      const lib = await (window as any).libReady;
      const button = document.createElement('button');
      button.id = 'popup-login';
      button.textContent = 'Log in';
      button.onclick = () =>
        new lib.WebAuth(cfg).popup.authorize({ redirectUri }, (err: any, res: any) => {
          (window as any).popupOutcome = err ? String(err.error ?? err.code) : res?.idTokenPayload?.email;
        });
      document.body.append(button);
    },
    [config(env, { overrides: { __token_issuer: `${env.tenant.url}/` } }), callback] as [object, string],
  );
  const popup = await page.popupFrom(() => page.click('#popup-login'));
  await popup.waitForUrl((url) => url.origin === env.tenant.url);
  await popup.fill('#username', ALICE.email);
  await popup.fill('#password', ALICE.password);
  await popup.click('#submit');
  await page.waitFor(() => (window as any).popupOutcome !== undefined, null);
  await popup.waitForClose();
  const seen = await page.evaluate(() => (window as any).popupOutcome as string, null);
  return seen === ALICE.email ? 'signed in' : seen;
}

/** Redirect login, `logout` back to the app, then `authorize` with `prompt=none` (first party). */
export async function logout(page: EnginePage, env: FlowEnv): Promise<string> {
  const signedIn = await redirectLogin(page, env);
  if (signedIn !== 'signed in') return `login: ${signedIn}`;
  await page.evaluate(async (cfg: any) => {
    const lib = await (window as any).libReady;
    setTimeout(() => new lib.WebAuth(cfg).logout({ returnTo: cfg.redirectUri }));
  }, config(env));
  await page.waitForUrl((url) => url.origin === env.appOrigin && !url.hash);
  await page.waitFor(() => (window as any).libReady, null);
  await toLoginPageOrBack(page, env);
  const hash = new URLSearchParams((await page.url()).split('#')[1] ?? '');
  return hash.get('error') === 'login_required' ? 'signed out' : `still signed in (${hash.get('error')})`;
}

/** `authorize({ prompt: 'none' })`: the tenant answers at once, back on the app page. */
async function toLoginPageOrBack(page: EnginePage, env: FlowEnv) {
  await page.evaluate(async (cfg: object) => {
    const lib = await (window as any).libReady;
    setTimeout(() => new lib.WebAuth(cfg).authorize({ prompt: 'none' }));
  }, config(env));
  await page.waitForUrl((url) => url.origin === env.appOrigin && url.hash.length > 1);
}

/** Redirect login, then `checkSession` by hidden iframe: what the engine lets the frame see. */
export async function checkSessionAfterLogin(page: EnginePage, env: FlowEnv): Promise<string> {
  const signedIn = await redirectLogin(page, env);
  if (signedIn !== 'signed in') return `login: ${signedIn}`;
  return outcome(await call(page, config(env), 'checkSession', { timeout: 15_000 }));
}

const codeFlow = (env: FlowEnv, extra: object = {}) =>
  config(env, { responseType: 'code', usePKCE: true, useRefreshTokens: true, cacheLocation: 'localstorage', ...extra });

/** `usePKCE` + `useRefreshTokens` (localStorage): login, reload, `checkSession` renews without an iframe. */
export async function refreshAcrossReload(page: EnginePage, env: FlowEnv): Promise<string> {
  const signedIn = await redirectLogin(page, env, codeFlow(env));
  if (signedIn !== 'signed in') return `login: ${signedIn}`;
  await page.goto(appPage(env));
  const renewed = await call(page, codeFlow(env), 'checkSession');
  const frames = await page.evaluate(() => document.querySelectorAll('iframe').length, null);
  return frames ? 'renewed by iframe' : outcome(renewed) === 'signed in' ? 'renewed' : outcome(renewed);
}

/** `useDpop`: the key pair in IndexedDB is not extractable and the access token is bound to it. */
export async function dpop(page: EnginePage, env: FlowEnv): Promise<string> {
  const cfg = codeFlow(env, { useDpop: true });
  const signedIn = await redirectLogin(page, env, cfg);
  if (signedIn !== 'signed in') return `login: ${signedIn}`;
  return page.evaluate(async (cfg: object) => {
    const lib = await (window as any).libReady;
    const seen = await new Promise<any>((resolve) =>
      new lib.WebAuth(cfg).checkSession({}, (err: any, res: any) => resolve(err ?? res)),
    );
    if (!seen.accessToken) return `renewal: ${seen.error ?? seen.code}`;
    const b64 = (s: string) => atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    const jkt = JSON.parse(b64(seen.accessToken.split('.')[1])).cnf?.jkt;
    const keys: any[] = await new Promise((resolve, reject) => {
      const open = indexedDB.open('webauth-js-dpop');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const all = db.transaction(db.objectStoreNames[0]!).objectStore(db.objectStoreNames[0]!).getAll();
        all.onsuccess = () => resolve(all.result.map((v: any) => v?.keyPair ?? v));
        all.onerror = () => reject(all.error);
      };
    });
    const pair = keys.find((k) => k?.privateKey);
    if (!pair) return 'no key in IndexedDB';
    if (pair.privateKey.extractable) return 'extractable key';
    // The store keeps the public half as a JWK beside the private key.
    const jwk = pair.jwk ?? (await crypto.subtle.exportKey('jwk', pair.publicKey));
    const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical)));
    const thumbprint = btoa(String.fromCharCode(...digest))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    return jkt && jkt === thumbprint ? 'bound' : `not bound (${jkt})`;
  }, cfg);
}

/** Embedded login (`webAuth.login`, /co/authenticate then cross-origin verification), then `parseHash`. */
export async function embeddedLogin(page: EnginePage, env: FlowEnv): Promise<string> {
  await page.goto(appPage(env));
  await page.evaluate(
    async ([cfg, options]: [object, object]) => {
      const lib = await (window as any).libReady;
      new lib.WebAuth(cfg).login(options, (err: any) => ((window as any).loginError = err?.error ?? err?.code));
    },
    [config(env), { realm: DB, username: ALICE.email, password: ALICE.password }] as [object, object],
  );
  await page.waitForUrl((url) => url.origin === env.appOrigin && url.hash.length > 1, 30_000);
  await page.waitFor(() => (window as any).libReady, null);
  return hashOutcome(page, env);
}

async function hashOutcome(page: EnginePage, env: FlowEnv): Promise<string> {
  const seen = await call(page, config(env), 'parseHash');
  const word = outcome(seen);
  return seen.hint ? `${word} (hint)` : word;
}

/** Passwordless email code: start, read the code from the tenant's outbox, log in, `parseHash`. */
export async function passwordless(page: EnginePage, env: FlowEnv): Promise<string> {
  await page.goto(appPage(env));
  const sent = env.tenant.outbox.length;
  const started = await call(page, config(env), 'passwordlessStart', {
    connection: 'email',
    send: 'code',
    email: ALICE.email,
  });
  if (started.error) return `start: ${started.error}`;
  const message = env.tenant.outbox.slice(sent).find((m) => m.code);
  if (!message) return 'no code sent';
  await page.evaluate(
    async ([cfg, options]: [object, object]) => {
      const lib = await (window as any).libReady;
      new lib.WebAuth(cfg).passwordlessLogin(
        options,
        (err: any) => ((window as any).loginError = err?.error ?? err?.code),
      );
    },
    [config(env), { connection: 'email', email: ALICE.email, verificationCode: message.code }] as [object, object],
  );
  await page.waitForUrl((url) => url.origin === env.appOrigin && url.hash.length > 1, 30_000);
  await page.waitFor(() => (window as any).libReady, null);
  return hashOutcome(page, env);
}

/**
 * Passkey sign-up, then sign-in, with the driver's virtual authenticator: the app on
 * `http://localhost` (a secure context; WebAuthn takes no IP address as RP ID), RP ID `localhost`.
 */
export async function passkeys(session: EngineSession, env: FlowEnv): Promise<string> {
  const { page } = session;
  await page.goto(appPage({ ...env, appOrigin: env.appOrigin.replace('127.0.0.1', 'localhost') }));
  const authenticator = await session.addPasskeyAuthenticator(page);
  if (authenticator) return `skipped: ${authenticator.unavailable}`;
  return page.evaluate(
    async ([cfg, email]: [object, string]) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth(cfg);
      try {
        const made = await webAuth.passkey.signup({ email });
        const back = await webAuth.passkey.login();
        return made.idTokenPayload.sub === back.idTokenPayload.sub ? 'signed in' : 'another user';
      } catch (err: any) {
        return String(err.code ?? err.error ?? err.name);
      }
    },
    [
      { domain: env.tenant.domain, clientID: 'spa-client', responseType: 'code', usePKCE: true },
      `engine-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    ] as [object, string],
  );
}

/** Two tabs of one profile: a sign-in in one reaches the other's `onSessionEvent` listener. */
export async function sessionEvents(session: EngineSession, env: FlowEnv): Promise<string> {
  const other = await session.newPage();
  await other.goto(appPage(env));
  await other.evaluate(async (cfg: object) => {
    const lib = await (window as any).libReady;
    (window as any).heard = [];
    await new lib.WebAuth(cfg).onSessionEvent((event: unknown) => (window as any).heard.push(event));
  }, config(env));
  const { page } = session;
  await toLoginPage(page, env, config(env));
  await submitLogin(page, env);
  const signedIn = await page.evaluate(async (cfg: object) => {
    const lib = await (window as any).libReady;
    const webAuth = new lib.WebAuth(cfg);
    await webAuth.onSessionEvent(() => {});
    return new Promise<string>((resolve) => webAuth.parseHash((err: any) => resolve(err ? String(err.error) : 'ok')));
  }, config(env));
  if (signedIn !== 'ok') return `login: ${signedIn}`;
  await other.waitFor(() => (window as any).heard.length > 0, null);
  const heard = await other.evaluate(() => (window as any).heard as Array<Record<string, unknown>>, null);
  const event = heard[0]!;
  const fields = Object.keys(event).sort().join(',');
  return event.type === 'signed_in' && event.sub === ALICE_SUB && fields === 'sub,time,type'
    ? 'heard signed_in'
    : `heard ${JSON.stringify(heard)}`;
}

const onPage = (flow: (page: EnginePage, env: FlowEnv) => Promise<string>) => (session: EngineSession, env: FlowEnv) =>
  flow(session.page, env);

export const FLOWS = {
  'redirect login': onPage((page, env) => redirectLogin(page, env)),
  'popup login': onPage(popupLogin),
  logout: onPage(logout),
  'checkSession after login': onPage(checkSessionAfterLogin),
  'usePKCE + useRefreshTokens across a reload': onPage(refreshAcrossReload),
  useDpop: onPage(dpop),
  'embedded login': onPage(embeddedLogin),
  'passwordless email code': onPage(passwordless),
  passkeys,
  'session events between tabs': sessionEvents,
} as const;

export type FlowName = keyof typeof FLOWS;
