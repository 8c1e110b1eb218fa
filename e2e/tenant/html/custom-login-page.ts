/**
 * A custom login page: an HTML template the tenant's operator supplies (`--login-page FILE`), served
 * instead of the built-in hosted page, the way hosted login page customisation works. The tenant
 * replaces each `@@config@@` with the page's configuration as base64-encoded UTF-8 JSON (so nothing
 * in it can break out of a script string), and gives every `<script>` and `<style>` of the template
 * a per-response CSP nonce: the template's own inline code runs, injected markup does not.
 */
import { randomBytes } from 'node:crypto';
import type { HostedPageConfig } from './login-page.js';

/** What the template receives (decode it with `atob` and `TextDecoder`, then `JSON.parse`). */
export interface CustomLoginPageConfig {
  /** The WebAuth `domain`: `host:port`, or the tenant's URL when it serves plain HTTP. */
  auth0Domain: string;
  /** The tenant name (WebAuth `overrides.__tenant`). */
  auth0Tenant: string;
  clientID: string;
  clientName: string;
  /** The application's redirect URI (WebAuth `redirectUri`). */
  callbackURL: string;
  authorizationServer: { url: string; issuer: string };
  /** WebAuth options of this login transaction, to spread into `new WebAuth({ … })`. */
  internalOptions: Record<string, string>;
  /** Hints of the authorization request. */
  extraParams: { login_hint?: string; screen_hint?: string };
  /** The database connection (login, signup, password reset), if the application has one. */
  connection?: string | undefined;
  requiresUsername: boolean;
  passwordless: HostedPageConfig['passwordless'];
}

export function customLoginPageConfig(
  config: HostedPageConfig,
  extra: { clientName: string; url: string; issuer: string; loginHint?: string | undefined },
): CustomLoginPageConfig {
  const internalOptions: Record<string, string> = {
    responseType: config.responseType,
    scope: config.scope,
    state: config.state,
    _csrf: config._csrf,
    _intstate: 'deprecated',
  };
  for (const key of ['responseMode', 'audience', 'nonce'] as const) {
    const value = config[key];
    if (value !== undefined) internalOptions[key] = value;
  }
  const extraParams: CustomLoginPageConfig['extraParams'] = {};
  if (extra.loginHint !== undefined) extraParams.login_hint = extra.loginHint;
  if (config.initialTab === 'signup') extraParams.screen_hint = 'signup';
  return {
    auth0Domain: config.domain,
    auth0Tenant: config.tenant,
    clientID: config.clientID,
    clientName: extra.clientName,
    callbackURL: config.redirectUri,
    authorizationServer: { url: extra.url, issuer: extra.issuer },
    internalOptions,
    extraParams,
    connection: config.connection,
    requiresUsername: config.requiresUsername,
    passwordless: config.passwordless,
  };
}

/** The template with its configuration filled in, and the nonce its CSP must name. */
export function renderCustomLoginPage(
  template: string,
  config: CustomLoginPageConfig,
): { html: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64');
  const encoded = Buffer.from(JSON.stringify(config), 'utf8').toString('base64');
  const html = template.replace(/<(script|style)(?=[\s>])/gi, `<$1 nonce="${nonce}"`).replaceAll('@@config@@', encoded);
  return { html, nonce };
}
