/**
 * The cross-origin login after `POST /co/authenticate` answered (loaded on first use, issue 32):
 * v10's error shape, or the verifier kept for the verification page and `/authorize` with the
 * login ticket (a redirect, or a hidden iframe in popup mode). The request itself is sent by the
 * main file (./cross-origin-login.ts) together with this chunk's load.
 */
import { toRequestError, wrapCallback } from '../../http/response-handler.js';
import { TransportError } from '../../http/transport-error.js';
import { afterResponse, tapError } from '../../shared/callback.js';
import { withHint } from '../../shared/debug.js';
import { omit } from '../../shared/objects.js';
import { authorize } from '../../flow/authorize.js';
import type { WebAuthContext } from '../../flow/context.js';
import { verifierKey } from './verifier-key.js';
import { whenRedirecting } from '../redirect/on-redirecting.js';
import { runWebMessage } from '../silent-auth/web-message.js';
import { announced } from '../session-events/announce.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';

/** The verifier lives 15 minutes (v10). */
const VERIFIER_DAYS = 1 / 96;

/**
 * The error v10 reports for `/co/authenticate`: the JSON body, or `request_error` for anything else.
 * Unlike v10, the description never contains the request (and so never the password).
 */
function credentialError(err: unknown): unknown {
  const response = err instanceof TransportError ? err.response : undefined;
  if (response && response.body) return response.body;
  const detail = response
    ? { status: response.status, statusText: response.statusText, text: response.text }
    : { message: 'Request has been terminated' };
  return { error: 'request_error', error_description: JSON.stringify(detail) };
}

/** Finishes a cross-origin login with `/co/authenticate`'s answer (`err`, or `result`). */
export function afterCoAuthenticate(
  ctx: WebAuthContext,
  params: AnyObject,
  err: any,
  result: AnyObject | undefined,
  done: NodeCallback<never>,
): void {
  // A 429's rateLimit (COMPATIBILITY A5) comes from the transport error, not from the body.
  if (err)
    return done(
      withHint(
        Object.assign(
          toRequestError(credentialError(err.original), { forceLegacyError: true }),
          err.rateLimit && { rateLimit: err.rateLimit },
        ),
      ),
    );
  whenRedirecting(params, () =>
    afterResponse(done, (report) => {
      ctx.transactionManager.storage.set(
        verifierKey(ctx.baseOptions.rootUrl, result!.coId),
        result!.coVerifier,
        VERIFIER_DAYS,
      );
      const authorizeOptions = {
        ...omit(params, ['password', 'credentialType', 'otp', 'popup', 'onRedirecting']),
        loginTicket: result!.loginTicket,
      };
      if (params.popup === true)
        runWebMessage(
          ctx,
          authorizeOptions,
          // The iframe gets the session cookie set by /co/authenticate only as a third party.
          wrapCallback(
            tapError(announced(ctx, 'signed_in', report), (e) => withHint(e, true)),
            { forceLegacyError: true },
          ),
        );
      else authorize(ctx, authorizeOptions);
    }),
  );
}
