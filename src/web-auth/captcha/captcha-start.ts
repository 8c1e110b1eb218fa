/**
 * The captcha methods' part in the main file: argument checks (synchronous, as in v10), the handle,
 * and the challenge request, sent together with the first load of the captcha chunk so the two
 * travel in parallel, not in series (issue 32).
 */
import type { DBConnection } from '../../authentication/db-connection.js';
import type { PasswordlessAuthentication } from '../../authentication/passwordless.js';
import { ArgumentError } from '../../errors.js';
import { checkValue } from '../../shared/assert.js';
import type { NodeCallback } from '../../shared/types.js';
import type { Auth0Challenge, BrowserEnv, Captcha, CaptchaConfiguration, DoneCallback } from '../../types.js';
import { loadCapability } from '../load-capability.js';

/** The flows with a captcha, each with its own challenge endpoint. */
export type CaptchaFlow = 'default' | 'signup' | 'passwordless' | 'password_reset';

/** What the captcha asks of the `Authentication` client: its challenge endpoints. */
export interface ChallengeClient {
  getChallenge(cb: NodeCallback<any>): unknown;
  dbConnection: Pick<DBConnection, 'getSignupChallenge' | 'getPasswordResetChallenge'>;
  passwordless: Pick<PasswordlessAuthentication, 'getChallenge'>;
}

type Fetch = (client: ChallengeClient, cb: NodeCallback<Auth0Challenge>) => unknown;
const FETCH_CHALLENGE: Record<CaptchaFlow, Fetch> = {
  default: (client, cb) => client.getChallenge(cb as never),
  signup: (client, cb) => client.dbConnection.getSignupChallenge(cb as never),
  passwordless: (client, cb) => client.passwordless.getChallenge(cb as never),
  password_reset: (client, cb) => client.dbConnection.getPasswordResetChallenge(cb as never),
};

/**
 * Renders the captcha of `flow` into `element` and returns its handle at once; the rendering code
 * arrives with the captcha chunk. A chunk that fails to load reaches `callback` as a ChunkLoadError.
 */
export function startCaptcha(
  env: BrowserEnv,
  client: ChallengeClient,
  flow: CaptchaFlow,
  element: HTMLElement,
  options?: CaptchaConfiguration | null,
  callback?: NodeCallback<any>,
): Captcha {
  if (!element || typeof element.querySelector !== 'function')
    throw new ArgumentError('element parameter is not valid');
  checkValue(options, 'object', 'options parameter is not valid', true);
  checkValue(callback, 'function', 'callback parameter is not valid', true);
  const fetch = (cb: NodeCallback<Auth0Challenge>) => FETCH_CHALLENGE[flow](client, cb);
  // The first challenge is requested now; the chunk's first fetch takes its answer.
  let prefetched = true;
  let early: unknown[] | undefined;
  let deliver: ((answer: unknown[]) => void) | undefined;
  fetch((...answer: unknown[]) => (deliver ? deliver(answer) : (early = answer)));
  const fetchChallenge = (cb: NodeCallback<Auth0Challenge>) => {
    if (!prefetched) return void fetch(cb);
    prefetched = false;
    const give = (answer: unknown[]) => (cb as (...a: unknown[]) => void)(...answer);
    // Out of the loader's promise job, so a throwing callback is reported as it was in v10.
    if (early) queueMicrotask(() => give(early!));
    else deliver = give;
  };

  let handle: Promise<Captcha | undefined>;
  const render = (done?: DoneCallback) => {
    handle = loadCapability('captcha').then(
      (chunk) => chunk.renderCaptcha(env, fetchChallenge, element, options, done),
      (err: Error) => {
        // Retried by the next reload; a later render asks for a fresh challenge.
        prefetched = false;
        done?.(err as never);
        return undefined;
      },
    );
  };
  const [err, challenge] = (early ?? []) as [unknown, Auth0Challenge | undefined];
  if (early && !err && !challenge?.required) {
    // Answered at once (no page state): nothing to show, called back synchronously as in v10,
    // and no chunk to load until a reload.
    prefetched = false;
    element.style.display = 'none';
    element.replaceChildren();
    handle = Promise.resolve(undefined);
    callback?.(undefined, undefined);
  } else render(callback);
  return {
    reload: (done?: DoneCallback) => {
      checkValue(done, 'function', 'callback parameter is not valid', true);
      void handle.then((captcha) => (captcha ? captcha.reload(done!) : render(done)));
    },
    // Declared `string` as in @types; undefined while no captcha input is shown.
    getValue: () => element.querySelector<HTMLInputElement>('input[name="captcha"]')?.value as string,
  };
}
