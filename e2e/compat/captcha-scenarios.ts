/**
 * Captcha rendering (reference §7.13, §14) on the app page: the challenge request of each flow,
 * what the element shows and what the callback gets, when no captcha is required or the challenge
 * request fails. (Provider widgets need fake provider scripts: e2e/captcha.spec.ts compares those.)
 */
import { call, type Scenario } from './scenario.js';

const METHODS = ['renderCaptcha', 'renderSignupCaptcha', 'renderPasswordlessCaptcha', 'renderPasswordResetCaptcha'];

// The callback's values, the handle's members and value, and the element afterwards. The callback
// is read a tick later, when the handle exists (without a page state it runs synchronously).
const render = (method: string) => `
  const el = document.createElement('div');
  document.body.appendChild(el);
  return await new Promise((resolve) => {
    const handle = webAuth.${method}(el, {}, (err, payload) => setTimeout(() => resolve({
      err: plain(err),
      payload: payload === undefined ? '<undefined>' : payload,
      handle: Object.keys(handle).sort(),
      value: handle.getValue() === undefined ? '<undefined>' : handle.getValue(),
      display: el.style.display,
      html: el.innerHTML,
    })));
  });`;

export const CAPTCHA_SCENARIOS: Scenario[] = METHODS.flatMap((method) => [
  call(`${method}: no page state, so no challenge and a hidden element`, render(method)),
  call(`${method}: a state the tenant does not know (the error template)`, render(method), {
    state: 'not-a-login-state',
  }),
]);
