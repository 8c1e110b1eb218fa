/** Captcha enforcement shared by the endpoints of the four flows, and the challenge endpoints. */
import type { CaptchaFlow } from '../config/definition.js';
import type { Handler, RequestContext } from '../http/types.js';
import { answerPreflight, applyCors } from '../protocol/cors.js';
import { HttpError, sendJson } from '../http/http-io.js';
import { bodyObject, stringParams } from '../http/params.js';
import { verifyValue } from '../protocol/signed-values.js';

/** The hosted page's login transaction named by a `state`, which challenges are bound to. */
export async function captchaBinding(ctx: RequestContext, state: string | undefined): Promise<string | undefined> {
  const payload = await verifyValue(ctx.tenant, 'login-state', state);
  return typeof payload?.['tx'] === 'string' ? payload['tx'] : undefined;
}

export async function requireCaptcha(
  ctx: RequestContext,
  flow: CaptchaFlow,
  bindTo: string | undefined,
  answer: string | undefined,
): Promise<void> {
  if (!ctx.tenant.captcha.verify(flow, bindTo, answer))
    throw new HttpError(400, 'invalid_captcha', 'Invalid captcha value');
}

/** POST <flow>/challenge `{ state }` → the challenge for that flow (answered as is, snake-free). */
function challengeEndpoint(flow: CaptchaFlow): Handler {
  return async (ctx) => {
    applyCors(ctx);
    const { state } = stringParams(bodyObject(ctx, ['json']), { required: ['state'] });
    const tx = await captchaBinding(ctx, state);
    if (tx === undefined || !ctx.tenant.state.getTransaction(tx))
      throw new HttpError(400, 'invalid_request', 'Unknown or expired state.');
    sendJson(ctx.res, 200, ctx.tenant.captcha.challenge(flow, tx));
  };
}

export const loginChallenge = challengeEndpoint('default');
export const signupChallenge = challengeEndpoint('signup');
export const passwordlessChallenge = challengeEndpoint('passwordless');
export const passwordResetChallenge = challengeEndpoint('password_reset');
export const challengePreflight: Handler = (ctx) => answerPreflight(ctx, 'POST');
