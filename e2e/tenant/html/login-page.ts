/**
 * The hosted login page. It runs the project's own library (dist/webauth.min.js, served at
 * /static/webauth.min.js) and the page script assets/hosted-login.js; the login transaction
 * reaches them as a JSON data block. Tabs: log in (default, ids `username`, `password`,
 * `submit`), sign up, forgot password, passwordless. No inline script, so CSP stays strict.
 */
import { escapeHtml, jsonForHtml, layout } from './layout.js';

export interface HostedPageConfig {
  /** WebAuth options: the tenant's host:port (how the library knows it runs on the hosted page). */
  domain: string;
  clientID: string;
  redirectUri: string;
  responseType: string;
  responseMode?: string | undefined;
  scope: string;
  audience?: string | undefined;
  nonce?: string | undefined;
  /** The signed login state (the page's transaction) and CSRF token. */
  state: string;
  _csrf: string;
  tenant: string;
  /** The database connection of the login and signup tabs, if any. */
  connection?: string | undefined;
  requiresUsername: boolean;
  passwordless: Array<{ name: string; strategy: 'email' | 'sms' }>;
  captcha: { login: boolean; signup: boolean; passwordless: boolean; reset: boolean };
  initialTab: 'login' | 'signup' | 'passwordless';
}

export interface HostedPageInput {
  config: HostedPageConfig;
  clientName: string;
  loginHint?: string | undefined;
  /** Third-party clients: the scopes the user consents to by signing in. */
  consent?: readonly string[] | undefined;
  organization?: string | undefined;
  /** The built-in definition's user, shown only when the command runs its development defaults. */
  testUser?: { email: string; password: string } | undefined;
}

function tab(id: string, label: string, selected: boolean, shown: boolean): string {
  return shown
    ? `<button type="button" role="tab" id="tab-${id}" aria-controls="panel-${id}" aria-selected="${String(selected)}">${label}</button>`
    : '';
}

export function renderHostedPage(input: HostedPageInput): string {
  const { config } = input;
  const db = config.connection !== undefined;
  const pwless = config.passwordless.length > 0;
  const initial = config.initialTab;
  const hidden = (name: string): string => (initial === name ? '' : ' hidden');
  const usernameLabel = config.requiresUsername ? 'Email or username' : 'Email address';
  const consent =
    input.consent && input.consent.length > 0
      ? `<p class="muted" id="consent">By logging in you allow ${escapeHtml(input.clientName)} to: ${input.consent.map(escapeHtml).join(', ')}.</p>`
      : '';
  const org = input.organization
    ? `<p class="muted" id="organization">Organization: ${escapeHtml(input.organization)}</p>`
    : '';
  const pwlessOptions = config.passwordless
    .map(
      (c) =>
        `<option value="${escapeHtml(c.name)}">${c.strategy === 'sms' ? 'Text message' : 'Email'} (${escapeHtml(c.name)})</option>`,
    )
    .join('');
  const firstPwless = config.passwordless[0];
  const testUser = input.testUser
    ? `<p class="notice" id="test-user">Local tenant, development defaults: sign in as <code>${escapeHtml(input.testUser.email)}</code> with the password <code>${escapeHtml(input.testUser.password)}</code>.</p>\n`
    : '';
  return layout(
    'Log in',
    `<h1>Log in</h1>
<p class="muted">to continue to ${escapeHtml(input.clientName)}</p>
${org}${consent}${testUser}<nav role="tablist">${tab('login', 'Log in', initial === 'login', db)}${tab('signup', 'Sign up', initial === 'signup', db)}${tab('reset', 'Forgot password', false, db)}${tab('passwordless', 'Passwordless', initial === 'passwordless', pwless)}</nav>
<p class="error" id="error" role="alert" hidden></p>
<p class="notice" id="notice" role="status" hidden></p>
<noscript><p class="error">This page needs JavaScript.</p></noscript>
<section id="panel-login" role="tabpanel"${hidden('login')}>
<form id="login-form" method="post" novalidate>
<label for="username">${usernameLabel}</label>
<input id="username" name="username" type="text" inputmode="email" autocomplete="username" value="${escapeHtml(input.loginHint ?? '')}" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div id="login-captcha" hidden></div>
<button id="submit" type="submit" disabled>Continue</button>
</form>
</section>
<section id="panel-signup" role="tabpanel"${hidden('signup')}>
<form id="signup-form" method="post" novalidate>
<label for="signup-email">Email address</label>
<input id="signup-email" name="email" type="email" autocomplete="email" required>
${config.requiresUsername ? '<label for="signup-username">Username</label>\n<input id="signup-username" name="username" type="text" autocomplete="username" required>' : ''}
<label for="signup-password">Password</label>
<input id="signup-password" name="password" type="password" autocomplete="new-password" required>
<div id="signup-captcha" hidden></div>
<button id="signup-submit" type="submit" disabled>Sign up</button>
</form>
</section>
<section id="panel-reset" role="tabpanel" hidden>
<form id="reset-form" method="post" novalidate>
<label for="reset-email">Email address</label>
<input id="reset-email" name="email" type="email" autocomplete="email" required>
<div id="reset-captcha" hidden></div>
<button id="reset-submit" type="submit" disabled>Send reset link</button>
</form>
</section>
<section id="panel-passwordless" role="tabpanel"${hidden('passwordless')}>
<form id="pwless-start-form" method="post" novalidate>
<label for="pwless-connection">Send a code by</label>
<select id="pwless-connection" name="connection">${pwlessOptions}</select>
<label for="pwless-recipient" id="pwless-recipient-label">${firstPwless?.strategy === 'sms' ? 'Phone number (+15551234567)' : 'Email address'}</label>
<input id="pwless-recipient" name="recipient" type="text" autocomplete="email" required>
<div id="pwless-captcha" hidden></div>
<button id="pwless-send" type="submit" disabled>Send code</button>
</form>
<form id="pwless-verify-form" method="post" novalidate hidden>
<label for="pwless-code">Code</label>
<input id="pwless-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required>
<button id="pwless-verify" type="submit">Log in</button>
</form>
</section>
<script type="application/json" id="hosted-config">${jsonForHtml(config)}</script>`,
    '<script src="/static/webauth.min.js" defer></script>\n<script src="/static/hosted-login.js" defer></script>\n',
  );
}
