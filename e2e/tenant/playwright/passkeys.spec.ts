/**
 * `addVirtualAuthenticator` in Chromium against the tenant's passkey endpoints (issue 48): the app
 * page is `http://localhost:<port>` (a secure context whose host is the RP ID `localhost`), served
 * on loopback (a page Playwright's routing makes up counts as public, and Chromium then refuses its
 * requests to the loopback tenant); the tenant is another origin, so every JSON POST is preflighted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { launchChromium, newTestContext } from '../../support/browser.js';
import { startTenant, type RunningTenant } from '../server/server.js';
import { addVirtualAuthenticator } from './index.js';

let app: Server;
let appUrl: string;
let tenant: RunningTenant;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>passkey app</title>');
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://localhost:${(app.address() as AddressInfo).port}/`;
  [tenant, browser] = await Promise.all([startTenant({ http: true }), launchChromium()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), tenant?.close(), new Promise((resolve) => app?.close(resolve))]);
});
beforeEach(async () => {
  await context?.close();
  context = await newTestContext(browser);
  page = await context.newPage();
  await page.goto(appUrl);
});

type Outcome = { sub?: string; error?: string; description?: string };

/** Sign-up (`email`) or sign-in (no email) in the page, as a browser library would: the token answer. */
function ceremony(email?: string): Promise<Outcome> {
  return page.evaluate(
    async ({ tenantUrl, email }) => {
      const bytes = (s: string) =>
        Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const text = (b: ArrayBuffer | null) =>
        b === null
          ? undefined
          : btoa(String.fromCharCode(...new Uint8Array(b)))
              .replace(/\+/g, '-')
              .replace(/\//g, '_')
              .replace(/=+$/, '');
      const post = async (path: string, body: unknown) =>
        (
          await fetch(tenantUrl + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
      const start = await post(email ? '/passkey/register' : '/passkey/challenge', {
        client_id: 'spa-client',
        ...(email ? { user_profile: { email } } : {}),
      });
      const options = start.authn_params_public_key;
      options.challenge = bytes(options.challenge);
      let credential: PublicKeyCredential;
      let response: Record<string, unknown>;
      if (email) {
        options.user.id = bytes(options.user.id);
        credential = (await navigator.credentials.create({ publicKey: options })) as PublicKeyCredential;
        const r = credential.response as AuthenticatorAttestationResponse;
        response = { clientDataJSON: text(r.clientDataJSON), attestationObject: text(r.attestationObject) };
      } else {
        credential = (await navigator.credentials.get({ publicKey: options })) as PublicKeyCredential;
        const r = credential.response as AuthenticatorAssertionResponse;
        response = {
          clientDataJSON: text(r.clientDataJSON),
          authenticatorData: text(r.authenticatorData),
          signature: text(r.signature),
          userHandle: text(r.userHandle),
        };
      }
      const tokens = await post('/oauth/token', {
        grant_type: 'urn:okta:params:oauth:grant-type:webauthn',
        client_id: 'spa-client',
        auth_session: start.auth_session,
        authn_response: {
          id: credential.id,
          rawId: text(credential.rawId),
          type: credential.type,
          authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
          response,
        },
      });
      if (!tokens.id_token) return { error: tokens.error, description: tokens.error_description };
      return { sub: JSON.parse(atob(tokens.id_token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sub };
    },
    { tenantUrl: tenant.url, email },
  );
}

describe('webauth-local-tenant/playwright: addVirtualAuthenticator in Chromium', () => {
  it('passkey sign-up then sign-in give the same user', async () => {
    const authenticator = await addVirtualAuthenticator(context, page);
    const up = await ceremony('browser-user@example.com');
    expect(up.sub).toMatch(/^auth0\|/);
    const credentials = await authenticator.credentials();
    expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);
    expect(credentials[0]).not.toHaveProperty('privateKey');
    expect(await ceremony()).toEqual({ sub: up.sub });
    await authenticator.remove();
  });
});
