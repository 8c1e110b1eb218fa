/**
 * webAuth.popup (reference §8.3–§8.9, §12) where a single page can show it: what `window.open`
 * is called with (a recording stand-in replaces it, so no window opens), the authorize URL, the
 * error when the stand-in window reports itself closed, and argument errors. Real popups, both
 * libraries on either side of the message protocol, are in e2e/popup.spec.ts.
 */
import { argErrors, call, type Scenario } from './scenario.js';

/**
 * Page code: replaces `window.open` with a recorder returning a stand-in window, runs `body`, and
 * returns the recorded calls with the random `state` and `nonce` removed from URLs. The window's
 * position and size are pinned (fractional centring included).
 */
const withOpenRecorder = (body: string) => `
  // Chromium places each new page's window differently: pin what the centring reads.
  for (const [k, v] of Object.entries({ screenX: 10, screenY: 20, outerWidth: 1201, outerHeight: 900 })) Object.defineProperty(window, k, { value: v, configurable: true });
  const opened = [];
  const clean = (url) => { try { const u = new URL(url); u.searchParams.delete('state'); u.searchParams.delete('nonce'); return u.toString(); } catch { return url; } };
  window.open = (url, name, features) => {
    const win = { closed: false, location: { href: url }, close() { this.closed = true; }, focus() {}, postMessage() {} };
    opened.push({ url: clean(url), name: name === null ? '<null>' : name, features, win });
    return win;
  };
  const result = await (async () => { ${body} })();
  return { result, opened: opened.map(({ win, ...call }) => ({ ...call, navigatedTo: clean(win.location.href), closed: win.closed })) };`;

export const POPUP_SCENARIOS: Scenario[] = [
  call(
    'popup.preload: window.open name, features and URL; a second preload reuses the window',
    withOpenRecorder(`
    const handler = webAuth.popup.preload({ popupOptions: { width: 400, scrollbars: 'yes', left: 10 } });
    handler.preload({});
    const other = webAuth.popup.preload({ url: location.origin + '/wait' });
    other._current_popup.kill();
    return { handlerType: typeof handler.load, killed: other._current_popup };`),
  ),
  call(
    'popup.authorize: window.open arguments, authorize URL, closed window error',
    withOpenRecorder(`
    const r = callback((cb) => void webAuth.popup.authorize({ connection: 'github', popupOptions: { width: 300, height: 400, top: 5, menubar: 'no' }, appState: 'x' }, cb));
    setTimeout(() => { opened[0].win.closed = true; }, 50);
    return r;`),
  ),
  call(
    'popup.authorize: a preloaded window is navigated instead of opening another',
    withOpenRecorder(`
    const popupHandler = webAuth.popup.preload();
    const r = callback((cb) => void webAuth.popup.authorize({ popupHandler }, cb));
    setTimeout(() => { opened[0].win.closed = true; }, 50);
    return r;`),
  ),
  call(
    'popup.authorize: owp',
    withOpenRecorder(`
    const r = callback((cb) => void webAuth.popup.authorize({ owp: true, scope: 'openid' }, cb));
    setTimeout(() => { opened[0].win.closed = true; }, 50);
    return r;`),
  ),
  argErrors('popup.authorize', ["webAuth.popup.authorize({ responseType: '' }, cb)"], { responseType: '' }),
  argErrors(
    'popup.loginWithCredentials',
    ["webAuth.popup.loginWithCredentials({ realm: 'db', username: 'a', password: 'b' }, cb)"],
    { responseType: '' },
  ),
  argErrors('popup.passwordlessVerify', [
    "webAuth.popup.passwordlessVerify({ connection: 'email', email: 'a@b.c' }, cb)",
    "webAuth.popup.passwordlessVerify({ email: 'a@b.c', verificationCode: '1' }, cb)",
    "webAuth.popup.passwordlessVerify({ connection: 'sms', verificationCode: '1', phoneNumber: 1 }, cb)",
  ]),
  argErrors('popup.signupAndLogin', [
    "webAuth.popup.signupAndLogin({ connection: 'db', password: 'x' }, cb)",
    "webAuth.popup.signupAndLogin({ email: 'a@b.c', password: 'x' }, cb)",
  ]),
];
