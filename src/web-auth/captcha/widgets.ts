/**
 * Mounting a provider's widget once its script has loaded: the parameters each provider takes,
 * copying its token into the captcha input, and the retry rules for Arkose and Turnstile, which
 * end in the fail-open hint `BYPASS_CAPTCHA` (the server decides whether to honour it).
 */
import { WebAuthError } from '../../errors.js';
import type { Auth0Challenge, BrowserEnv } from '../../types.js';
import { providerGlobal, type ScriptProvider } from './providers.js';
import { MAX_RETRY } from './script-loader.js';
import type { CaptchaError, CaptchaLoaded } from './types.js';

export const BYPASS_CAPTCHA = 'BYPASS_CAPTCHA';
const ARKOSE_RETRY_DELAY_MS = 500;

/** A completion callback that runs at most once; `called` tells whether it has. */
export type Done = ((err?: CaptchaError | null, result?: CaptchaLoaded) => void) & { called?: boolean };

/** State of one rendered captcha (v10 kept these per page; here each render has its own). */
export interface CaptchaInstance {
  /** The completion callback of the latest load (Arkose reports through it after a reset). */
  done: Done;
  /** Set by `reload()`, so Arkose's next `onReady` reports again. */
  reloaded: boolean;
  /** The mounted widget, reset on the next load instead of being rendered again. */
  widget?: { provider: ScriptProvider; reset(): void };
}

export interface MountContext {
  env: BrowserEnv;
  element: HTMLElement;
  container: Element | null;
  challenge: Auth0Challenge;
  provider: ScriptProvider;
  lang: string;
  appearance: string;
  successCallback: () => void;
  instance: CaptchaInstance;
  /** Completion of the load that injected the script. */
  done: Done;
  setValue(value?: string): void;
}

/** Renders the widget of `ctx.provider`; `loaded` is what the script passed to its callback. */
export function mountWidget(ctx: MountContext, loaded: unknown): void {
  const win = ctx.env.window();
  if (ctx.provider === 'arkose') return mountArkose(ctx, loaded as any);
  const api = providerGlobal(ctx.provider, win);
  if (!api) throw new WebAuthError(`${ctx.provider} failed to load`);
  if (ctx.provider === 'friendly_captcha') {
    const widget = new api.WidgetInstance(ctx.container, {
      sitekey: ctx.challenge.siteKey,
      language: ctx.lang,
      doneCallback: (solution: string) => ctx.setValue(solution),
      errorCallback: () => ctx.setValue(),
    });
    win['auth0FCInstance'] = widget; // v10 published it there
    ctx.instance.widget = { provider: ctx.provider, reset: () => widget.reset() };
    return ctx.done();
  }
  let widgetId: unknown;
  const params: Record<string, unknown> = {
    callback: (token: string) => {
      ctx.setValue(token);
      if (ctx.provider === 'auth0_v2') ctx.successCallback();
    },
    'expired-callback': () => ctx.setValue(),
    'error-callback': () => ctx.setValue(),
    sitekey: ctx.challenge.siteKey,
  };
  if (ctx.provider === 'auth0_v2') {
    let retries = 0;
    Object.assign(params, {
      language: ctx.lang,
      appearance: ctx.appearance,
      theme: 'light',
      retry: 'never',
      'response-field': false,
    });
    params['error-callback'] = () => {
      if (retries++ < MAX_RETRY) {
        ctx.setValue();
        api.reset(widgetId);
      } else {
        ctx.setValue(BYPASS_CAPTCHA);
      }
      return true; // tells Turnstile the error is handled
    };
  }
  widgetId = api.render(ctx.container, params);
  ctx.element.setAttribute('data-wid', String(widgetId));
  ctx.instance.widget = { provider: ctx.provider, reset: () => api.reset(widgetId) };
  ctx.done();
}

interface ArkoseResponse {
  token?: string;
  error?: { error?: string };
}

/** Arkose is invisible: the page starts it through `triggerCaptcha` once it reports ready. */
function mountArkose(ctx: MountContext, arkose: any): void {
  if (!arkose || typeof arkose.setConfig !== 'function') throw new WebAuthError('arkose failed to load');
  ctx.env.window()['arkose'] = arkose; // v10 published it there
  const { instance } = ctx;
  instance.widget = { provider: 'arkose', reset: () => arkose.reset() };
  let retries = 0;
  let reported = false;
  let solved: () => void = () => {};
  arkose.setConfig({
    onReady: () => {
      if (reported && !instance.reloaded) return;
      reported = true;
      instance.reloaded = false;
      instance.done(null, {
        triggerCaptcha: (onSolved: () => void) => {
          solved = typeof onSolved === 'function' ? onSolved : () => {};
          arkose.run();
        },
      });
    },
    onCompleted: (response: ArkoseResponse) => {
      ctx.setValue(response?.token);
      solved();
    },
    onError: (response: ArkoseResponse) => {
      if (retries++ < MAX_RETRY) {
        ctx.setValue();
        arkose.reset();
        ctx.env.timer(() => arkose.run(), ARKOSE_RETRY_DELAY_MS); // a run right after reset is lost
        return;
      }
      ctx.setValue(BYPASS_CAPTCHA);
      if (!reported) {
        reported = true;
        instance.done(new WebAuthError(String(response?.error?.error ?? 'arkose error')));
      }
    },
  });
}
