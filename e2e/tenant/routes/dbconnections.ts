/**
 * POST /dbconnections/signup and POST /dbconnections/change_password (database connections).
 * Signup checks everything (shape, connection, captcha, username rule, password policy, breached
 * list, duplicates) before creating the user, so a failed signup creates nothing. change_password
 * answers the same text whether or not the user exists (no user enumeration).
 */
import type { DatabaseConnection } from '../config/model.js';
import { isDatabase } from '../config/model.js';
import type { Handler, RequestContext } from '../http/types.js';
import { answerPreflight, applyCors } from '../protocol/cors.js';
import { HttpError, sendJson } from '../http/http-io.js';
import { bodyObject, isEmail, objectParam, stringParams } from '../http/params.js';
import { checkPassword, MAX_PASSWORD_LENGTH } from '../protocol/password-policy.js';
import { newUserIdBody } from '../state/users.js';
import { captchaBinding, requireCaptcha } from './captcha-check.js';
import { sendResetEmail } from './password-reset.js';

/** A database username (also checked by /passkey/register). */
export const USERNAME = /^[A-Za-z0-9_+\-.!#$'^`~@]{1,15}$/;
const PROFILE_FIELDS = ['given_name', 'family_name', 'name', 'nickname', 'picture'] as const;
const MAX_METADATA_KEYS = 10;
const MAX_METADATA_VALUE = 500;

/** The service's signup error shape: `{ name, code, description, statusCode }` (+ OAuth fields). */
function signupError(
  status: number,
  name: string,
  code: string,
  description: unknown,
  extra: Record<string, unknown> = {},
): never {
  // error_description only for text: the library reads it before `description`.
  throw new SignupError(status, {
    name,
    code,
    description,
    statusCode: status,
    error: code,
    ...(typeof description === 'string' ? { error_description: description } : {}),
    ...extra,
  });
}

export class SignupError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body['description']));
  }
}

function databaseConnection(
  ctx: RequestContext,
  clientConnections: readonly string[],
  name: string,
): DatabaseConnection {
  const connection = ctx.tenant.model.connections.get(name);
  if (!isDatabase(connection) || !clientConnections.includes(name))
    throw new HttpError(400, 'invalid_request', `Unknown or disabled database connection: ${name}`);
  return connection;
}

/** `user_metadata` of a sign-up: at most 10 string fields (also /passkey/register). */
export function metadataOf(body: Record<string, unknown>): Record<string, string> | undefined {
  const metadata = objectParam(body, 'user_metadata');
  if (metadata === undefined) return undefined;
  const entries = Object.entries(metadata);
  if (entries.length > MAX_METADATA_KEYS)
    throw new HttpError(400, 'invalid_request', `user_metadata may have at most ${MAX_METADATA_KEYS} keys.`);
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || value.length > MAX_METADATA_VALUE)
      throw new HttpError(
        400,
        'invalid_request',
        `user_metadata.${key} must be a string of at most ${MAX_METADATA_VALUE} characters.`,
      );
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

async function signup(ctx: RequestContext): Promise<void> {
  const { tenant } = ctx;
  const body = bodyObject(ctx, ['json']);
  const params = stringParams(body, {
    required: ['client_id', 'connection', 'email', 'password'],
    optional: ['username', 'state', 'captcha', 'phone_number', ...PROFILE_FIELDS],
    objects: ['user_metadata'],
  });
  const metadata = metadataOf(body);
  const client = tenant.findClient(params['client_id']);
  if (!client) throw new HttpError(400, 'invalid_request', `Unknown client: ${params['client_id'] ?? ''}`);
  const connection = databaseConnection(ctx, client.connections, params['connection'] ?? '');
  const email = (params['email'] ?? '').trim();
  if (!isEmail(email)) throw new HttpError(400, 'invalid_request', 'email must be an email address.');
  const username = params['username'];
  if (connection.requiresUsername && !username)
    throw new HttpError(
      400,
      'invalid_request',
      `Missing required parameter: username (${connection.name} requires a username).`,
    );
  if (!connection.requiresUsername && username !== undefined)
    throw new HttpError(400, 'invalid_request', `The connection ${connection.name} does not use usernames.`);
  if (username !== undefined && !USERNAME.test(username))
    throw new HttpError(400, 'invalid_request', "username must be 1 to 15 letters, digits or _+-.!#$'^`~@.");
  const password = params['password'] ?? '';
  if (password.length > MAX_PASSWORD_LENGTH)
    throw new HttpError(400, 'invalid_request', `password must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  await requireCaptcha(ctx, 'signup', await captchaBinding(ctx, params['state']), params['captcha']);

  const policy = checkPassword(connection.passwordPolicy, password);
  if (!policy.ok) {
    signupError(
      400,
      'PasswordStrengthError',
      'invalid_password',
      { rules: policy.rules, verified: false },
      { message: 'Password is too weak', policy: policy.policy },
    );
  }
  if (connection.breachedPasswords.has(password)) {
    signupError(
      400,
      'BadRequestError',
      'password_leaked',
      'This password has previously appeared in a data breach and cannot be used.',
    );
  }
  const assertNew = () => {
    if (tenant.users.findByEmail(connection.name, email))
      signupError(400, 'BadRequestError', 'user_exists', 'The user already exists.');
    if (username !== undefined && tenant.users.findByUsername(connection.name, username))
      signupError(400, 'BadRequestError', 'username_exists', 'The username already exists.');
  };
  assertNew();

  const now = new Date(tenant.state.now()).toISOString();
  const id = newUserIdBody();
  const user = await tenant.users.add(
    {
      userId: `auth0|${id}`,
      connection: connection.name,
      email,
      emailVerified: false,
      username,
      name: params['name'] ?? email,
      nickname: params['nickname'] ?? username ?? email.split('@')[0] ?? email,
      givenName: params['given_name'],
      familyName: params['family_name'],
      picture: params['picture'],
      userMetadata: metadata,
      createdAt: now,
      updatedAt: now,
    },
    password,
    assertNew,
  ); // again after the hash: a concurrent signup may have taken the email meanwhile
  sendJson(ctx.res, 200, {
    _id: id,
    email_verified: user.emailVerified,
    email: user.email,
    ...(username !== undefined ? { username } : {}),
    ...(metadata ? { user_metadata: metadata } : {}),
  });
}

export const dbSignup: Handler = async (ctx) => {
  applyCors(ctx);
  try {
    await signup(ctx);
  } catch (err) {
    if (!(err instanceof SignupError)) throw err;
    sendJson(ctx.res, err.status, err.body);
  }
};

export const dbChangePassword: Handler = async (ctx) => {
  applyCors(ctx);
  const params = stringParams(bodyObject(ctx, ['json']), {
    required: ['client_id', 'connection', 'email'],
    optional: ['state', 'captcha'],
  });
  const client = ctx.tenant.findClient(params['client_id']);
  if (!client) throw new HttpError(400, 'invalid_request', `Unknown client: ${params['client_id'] ?? ''}`);
  const connection = databaseConnection(ctx, client.connections, params['connection'] ?? '');
  const email = (params['email'] ?? '').trim();
  if (!isEmail(email)) throw new HttpError(400, 'invalid_request', 'email must be an email address.');
  await requireCaptcha(ctx, 'password_reset', await captchaBinding(ctx, params['state']), params['captcha']);
  const user = ctx.tenant.users.findByEmail(connection.name, email);
  if (user && !user.blocked) sendResetEmail(ctx, user, client.clientId);
  const text = "We've just sent you an email to reset your password.";
  ctx.res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(text),
  });
  ctx.res.end(text);
};

export const dbPreflight: Handler = (ctx) => answerPreflight(ctx, 'POST');
