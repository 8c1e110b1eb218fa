/**
 * What each engine does at its default privacy settings, flow by flow: the suite asserts these and
 * prints them as the table of docs/browser-support.md (a test checks the page holds the same).
 */
import type { EngineName } from './driver.js';
import type { FlowName } from './flows.js';

export const EXPECTED: Record<FlowName, Record<EngineName, string>> = {
  'redirect login': { chromium: 'signed in', firefox: 'signed in', webkit: 'signed in' },
  'popup login': { chromium: 'signed in', firefox: 'signed in', webkit: 'signed in' },
  logout: { chromium: 'signed out', firefox: 'signed out', webkit: 'signed out' },
  'checkSession after login': { chromium: 'login_required', firefox: 'signed in', webkit: 'login_required' },
  'usePKCE + useRefreshTokens across a reload': { chromium: 'renewed', firefox: 'renewed', webkit: 'renewed' },
  useDpop: { chromium: 'bound', firefox: 'bound', webkit: 'bound' },
  'embedded login': {
    chromium: 'access_denied (hint)',
    firefox: 'access_denied (hint)',
    webkit: 'access_denied (hint)',
  },
  'passwordless email code': {
    chromium: 'access_denied (hint)',
    firefox: 'access_denied (hint)',
    webkit: 'access_denied (hint)',
  },
  passkeys: {
    chromium: 'signed in',
    firefox: 'skipped: WebDriver BiDi has no virtual authenticator (only classic WebDriver through geckodriver does)',
    webkit: "skipped: WebKitWebDriver answers 'unknown command' to WebDriver's virtual authenticator",
  },
  'session events between tabs': { chromium: 'heard signed_in', firefox: 'heard signed_in', webkit: 'heard signed_in' },
};
