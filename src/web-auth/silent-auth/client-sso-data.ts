/**
 * `client.getSSOData` after its argument checks. v10 built a `WebAuth` from the client's options
 * for it; here the client of a `WebAuth` uses that instance's context, and a client made alone
 * gets a context of its own on first use (with the same side effects on its options as v10).
 */
import type { AuthenticationClient } from '../../authentication/client-api.js';
import { buildAuthorizeUrl } from '../../authentication/urls.js';
import { telemetryFor } from '../../http/telemetry.js';
import type { AuthorizeOptions } from '../../types.js';
import { onHostedLoginPage, type WebAuthContext } from '../../flow/context.js';
import { createWebAuthContext } from '../create-context.js';
import { deriveWebAuthOptions, validateWebAuthOptions } from '../options.js';
import { hostedSsoData, ssoDataFromSession } from './sso-data.js';
import { has } from '../../shared/objects.js';
import type { NodeCallback } from '../../shared/types.js';

// Kept on the client under a symbol (not a v10 property name), cheaper than a WeakMap entry per `new WebAuth`.
const CONTEXT = Symbol();
type Linked = { [CONTEXT]?: WebAuthContext };

/** Lets `getSSOData` of a WebAuth's own client use that WebAuth's context. */
export function linkClientContext(client: AuthenticationClient, ctx: WebAuthContext): void {
  (client as Linked)[CONTEXT] = ctx;
}

/** The client's `WebAuth` context (its own one for a client made alone, created on first use). */
export function contextOf(client: AuthenticationClient): WebAuthContext {
  // Own property only: a client derived with Object.create gets a context of its own, as before.
  let ctx = has(client, CONTEXT) ? (client as Linked)[CONTEXT] : undefined;
  if (!ctx) {
    const options = client.baseOptions;
    validateWebAuthOptions(options);
    ctx = createWebAuthContext(deriveWebAuthOptions(options), client.http.env, client);
    (client as Linked)[CONTEXT] = ctx;
  }
  return ctx;
}

export function clientSsoData(
  client: AuthenticationClient,
  withActiveDirectories: boolean,
  cb: NodeCallback<any>,
): void {
  const ctx = contextOf(client);
  // As v10's implicit WebAuth did: the shared options now say hosted page, and its requests
  // (the silent /authorize, or /user/ssodata) report the `auth0.js-ulp` telemetry name.
  ctx.baseOptions.universalLoginPage = true;
  const ulp = { ...client.ctx, http: { ...client.http, telemetry: telemetryFor(ctx.baseOptions) } };
  if (onHostedLoginPage(ctx.env, ctx.baseOptions.domain)) return void hostedSsoData(ulp, withActiveDirectories, cb);
  const ulpClient = Object.assign(Object.create(client) as AuthenticationClient, {
    buildAuthorizeUrl: (options: AuthorizeOptions) =>
      buildAuthorizeUrl({ ...ulp, telemetry: ulp.http.telemetry }, options),
  });
  ssoDataFromSession({ ...ctx, client: ulpClient }, cb);
}
