/**
 * Passwordless: POST /passwordless/start (a code or a link, by email or SMS, into the outbox),
 * POST /passwordless/verify (checks a code without using it) and GET /passwordless/verify_redirect
 * (uses the code and signs the user in; on the hosted page it finishes the page's transaction).
 */
import { deliver, deliverError, errorParams } from '../protocol/auth-response.js';
import { checkAuthorizeRequest, KNOWN_PARAMS } from '../protocol/authorize-request.js';
import type { PasswordlessConnection } from '../config/model.js';
import { isPasswordless } from '../config/model.js';
import type { Handler, RequestContext } from '../http/types.js';
import { answerPreflight, applyCors } from '../protocol/cors.js';
import { HttpError, sendHtml, sendJson, sendText } from '../http/http-io.js';
import { htmlHeaders, renderMessagePage } from '../html/layout.js';
import { completeLogin } from '../protocol/login-completion.js';
import { bodyObject, objectParam, stringParams } from '../http/params.js';
import { isRecipient, passwordlessIdBody, passwordlessUser, wrongCodeMessage } from '../protocol/password-login.js';
import { verifyValue } from '../protocol/signed-values.js';
import { captchaBinding, requireCaptcha } from './captcha-check.js';

function passwordlessConnection(
  ctx: RequestContext,
  name: string,
  clientConnections?: readonly string[],
): PasswordlessConnection {
  const connection = ctx.tenant.model.connections.get(name);
  if (!isPasswordless(connection) || (clientConnections && !clientConnections.includes(name))) {
    throw new HttpError(400, 'invalid_request', `Unknown or disabled passwordless connection: ${name}`);
  }
  return connection;
}

/** Exactly one of email / phone_number, the one the connection sends to. */
function recipientOf(connection: PasswordlessConnection, params: Record<string, string>): string {
  const email = params['email'];
  const phone = params['phone_number'];
  if ((email === undefined) === (phone === undefined))
    throw new HttpError(400, 'invalid_request', 'Send exactly one of email and phone_number.');
  const recipient = (connection.strategy === 'sms' ? phone : email)?.trim();
  if (recipient === undefined)
    throw new HttpError(
      400,
      'invalid_request',
      `The ${connection.name} connection needs ${connection.strategy === 'sms' ? 'phone_number' : 'email'}.`,
    );
  if (!isRecipient(connection, recipient)) {
    throw new HttpError(
      400,
      'invalid_request',
      connection.strategy === 'sms'
        ? 'phone_number must be in E.164 format (+15551234567).'
        : 'email must be an email address.',
    );
  }
  return recipient;
}

/** authParams: /authorize parameters (strings) for the link, plus `app_state` (any JSON, unused). */
function authParamsOf(body: Record<string, unknown>): Record<string, string> {
  const raw = objectParam(body, 'authParams') ?? {};
  const { app_state: _appState, ...rest } = raw;
  return stringParams(rest, {
    optional: [...KNOWN_PARAMS].filter((k) => k !== 'client_id'),
    extra: (k) => k.startsWith('ext-'),
  });
}

export const passwordlessStart: Handler = async (ctx) => {
  const { tenant } = ctx;
  applyCors(ctx);
  const body = bodyObject(ctx, ['json']);
  const params = stringParams(body, {
    required: ['client_id', 'connection'],
    optional: ['send', 'email', 'phone_number', 'captcha'],
    objects: ['authParams'],
  });
  const authParams = authParamsOf(body);
  const client = tenant.findClient(params['client_id']);
  if (!client) throw new HttpError(400, 'invalid_request', `Unknown client: ${params['client_id'] ?? ''}`);
  const connection = passwordlessConnection(ctx, params['connection'] ?? '', client.connections);
  const send = params['send'] ?? 'link';
  if (send !== 'link' && send !== 'code') throw new HttpError(400, 'invalid_request', 'send must be "code" or "link".');
  const recipient = recipientOf(connection, params);
  let link: URL | undefined;
  if (send === 'link') {
    // The link is an authorization request: check it now, not when the user clicks.
    const query = { ...authParams, client_id: client.clientId };
    const check = checkAuthorizeRequest(tenant.model, query, []);
    if (check.kind !== 'ok') throw new HttpError(400, 'invalid_request', `authParams: ${check.description}`);
    link = new URL(`${tenant.url}/passwordless/verify_redirect`);
    for (const [k, v] of Object.entries(query)) link.searchParams.set(k, v);
    link.searchParams.set('connection', connection.name);
    link.searchParams.set(connection.strategy === 'sms' ? 'phone_number' : 'email', recipient);
  }
  await requireCaptcha(ctx, 'passwordless', await captchaBinding(ctx, authParams['state']), params['captcha']);

  const otp = tenant.otps.issue(
    connection.name,
    recipient,
    client.clientId,
    connection.otpLength,
    connection.otpTtlSeconds,
  );
  link?.searchParams.set('verification_code', otp.code);
  const language = ctx.req.headers['x-request-language'];
  tenant.outbox.add({
    channel: connection.strategy,
    to: recipient,
    connection: connection.name,
    clientId: client.clientId,
    kind: link ? 'passwordless_link' : 'passwordless_code',
    code: otp.code,
    link: link?.href,
    subject: connection.strategy === 'email' ? `Your ${tenant.model.friendlyName} login` : undefined,
    text: link ? `Click to log in: ${link.href}` : `Your verification code is: ${otp.code}`,
    language: typeof language === 'string' ? language : undefined,
  });
  const id = passwordlessIdBody(ctx, connection, recipient);
  sendJson(
    ctx.res,
    200,
    connection.strategy === 'sms'
      ? { _id: id, phone_number: recipient, request_language: typeof language === 'string' ? language : null }
      : { _id: id, email: recipient, email_verified: false },
  );
};

export const passwordlessVerify: Handler = (ctx) => {
  applyCors(ctx);
  const params = stringParams(bodyObject(ctx, ['json']), {
    required: ['connection', 'verification_code'],
    optional: ['email', 'phone_number', 'client_id'],
  });
  const client = params['client_id'] === undefined ? undefined : ctx.tenant.findClient(params['client_id']);
  if (params['client_id'] !== undefined && !client)
    throw new HttpError(400, 'invalid_request', `Unknown client: ${params['client_id']}`);
  const connection = passwordlessConnection(ctx, params['connection'] ?? '', client?.connections);
  const recipient = recipientOf(connection, params);
  if (ctx.tenant.otps.check(connection.name, recipient, params['verification_code'] ?? '') !== 'ok') {
    throw new HttpError(403, 'access_denied', wrongCodeMessage(connection));
  }
  sendText(ctx.res, 200, 'OK');
};

export const passwordlessPreflight: Handler = (ctx) => answerPreflight(ctx, 'POST');

const VERIFY_PARAMS = ['connection', 'verification_code', 'email', 'phone_number'];

export const passwordlessVerifyRedirect: Handler = async (ctx) => {
  const { tenant } = ctx;
  const query: Record<string, string> = { ...ctx.query };
  const verify: Record<string, string> = {};
  for (const name of VERIFY_PARAMS) {
    if (query[name] !== undefined) verify[name] = query[name];
    delete query[name];
  }
  const check = checkAuthorizeRequest(tenant.model, query, ctx.repeatedParams);
  if (check.kind === 'page') {
    sendHtml(ctx.res, 400, renderMessagePage('Invalid login link', check.description, check.error), htmlHeaders());
    return;
  }
  if (check.kind === 'redirect') {
    deliver(ctx.res, check, errorParams(check.error, check.description, check.state));
    return;
  }
  // From the hosted page, `state` is the page's signed login state: finish its transaction.
  const txId = (await verifyValue(tenant, 'login-state', check.request.state))?.['tx'];
  const tx = typeof txId === 'string' ? tenant.state.getTransaction(txId) : undefined;
  if (tx && tx.request.clientId !== check.client.clientId) {
    deliverError(ctx.res, check.request, 'invalid_request', 'The login state belongs to another client.');
    return;
  }
  const request = tx?.request ?? check.request;
  const connection = tenant.model.connections.get(verify['connection'] ?? '');
  if (!isPasswordless(connection) || !check.client.connections.includes(connection.name)) {
    deliverError(
      ctx.res,
      request,
      'invalid_request',
      `Unknown or disabled passwordless connection: ${verify['connection'] ?? '(none)'}`,
    );
    return;
  }
  const recipient = (connection.strategy === 'sms' ? verify['phone_number'] : verify['email'])?.trim() ?? '';
  if (
    !isRecipient(connection, recipient) ||
    tenant.otps.consume(connection.name, recipient, verify['verification_code'] ?? '') !== 'ok'
  ) {
    deliverError(ctx.res, request, 'access_denied', wrongCodeMessage(connection));
    return;
  }
  if (tx) tenant.state.deleteTransaction(tx.id);
  await completeLogin(ctx, request, check.client, passwordlessUser(ctx, connection, recipient), connection.name);
};
