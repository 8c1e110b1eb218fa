/**
 * Captcha rendering for the hosted login page (reference §14): fetch the flow's challenge, then
 * show the tenant's image challenge or a third-party widget in the caller's element, and hand back
 * `{ reload, getValue }`. Every render and reload reports to its completion callback exactly once.
 */
import { WebAuthError } from '../../errors.js';
import type { Auth0Challenge, BrowserEnv } from '../../types.js';
import { containerClass, isScriptProvider, scriptUrl } from './providers.js';
import { callbackName, loadProviderScript } from './script-loader.js';
import { renderError, renderTemplate } from './templates.js';
import type { Captcha, CaptchaConfiguration, DoneCallback } from './types.js';
import { BYPASS_CAPTCHA, mountWidget, type CaptchaInstance, type Done } from './widgets.js';
import type { NodeCallback } from '../../shared/types.js';

/** Fetches the flow's challenge (./captcha-start.ts picks the endpoint). */
export type FetchChallenge = (cb: NodeCallback<Auth0Challenge>) => unknown;

const noop = () => {};

/**
 * Wraps the caller's completion callback (publicly `DoneCallback`, or `Auth0Callback<any>` as @types
 * declared it) to run once; a provider failure reaches it as an `Error`, as in v10.
 */
function once(cb: NodeCallback<any> | undefined): Done {
  const done: Done = (err, result) => {
    if (done.called) return;
    done.called = true;
    // Provider failures are Errors (v10 too); the public type says Auth0Error, as @types does.
    (cb ?? noop)(err ?? undefined, result);
  };
  return done;
}

/**
 * Renders the captcha into `element` and returns its handle. `callback` is called once the captcha
 * is shown (or hidden, when the tenant requires none), or with the error. The arguments were
 * checked by the caller (captcha-start.ts), synchronously as in v10, before this chunk loaded.
 */
export function renderCaptcha(
  env: BrowserEnv,
  fetchChallenge: FetchChallenge,
  element: HTMLElement,
  options?: CaptchaConfiguration | null,
  callback?: NodeCallback<any>,
): Captcha {
  const { templates, lang = 'en', appearance = 'always', successCallback = noop } = options ?? {};
  const instance: CaptchaInstance = { done: noop, reloaded: false };
  const input = () => element.querySelector<HTMLInputElement>('input[name="captcha"]');
  const setValue = (value?: string) => {
    const field = input();
    if (field) field.value = value ?? '';
  };

  function show(challenge: Auth0Challenge | undefined, done: Done): void {
    const doc = env.document();
    if (!challenge?.required) {
      element.style.display = 'none';
      element.replaceChildren();
      return done();
    }
    element.style.display = '';
    const provider = challenge.provider;
    if (provider === 'auth0') {
      renderTemplate(doc, element, challenge, templates);
      element.querySelector('.captcha-challenge img')?.setAttribute('src', String(challenge.image ?? ''));
      element.querySelector('.captcha-reload')?.addEventListener('click', (event) => {
        event.preventDefault();
        load();
      });
      return done();
    }
    if (!isScriptProvider(provider)) throw new WebAuthError('Unknown captcha provider');
    const widget = instance.widget;
    if (widget?.provider === provider) {
      setValue();
      widget.reset();
      // Arkose answers through its onReady after the reset; the others are ready now.
      if (provider !== 'arkose') done();
      return;
    }
    const name = callbackName(env, provider);
    const url = scriptUrl(provider, lang, name, challenge); // validates before anything is shown
    renderTemplate(doc, element, challenge, templates);
    const container = element.querySelector(`.${containerClass(provider)}`);
    const mount = {
      env,
      element,
      container,
      challenge,
      provider,
      lang,
      appearance,
      successCallback,
      instance,
      done,
      setValue,
    };
    loadProviderScript(env, {
      provider,
      url,
      callbackName: name,
      onLoad: (loaded) => guard(done, () => mountWidget(mount, loaded)),
      onFail: () => {
        // Fail-open hint for the providers whose tenants can be configured to accept it.
        if (provider === 'arkose' || provider === 'auth0_v2') setValue(BYPASS_CAPTCHA);
        done(new WebAuthError(`${provider} failed to load`));
      },
    });
  }

  /** Runs `step`; an error it throws goes to `done` (with the error template) unless done already ran. */
  function guard(done: Done, step: () => void): void {
    try {
      step();
    } catch (err) {
      if (done.called) throw err; // thrown by the caller's own callback: not ours to swallow
      try {
        renderError(env.document(), element, err as Error, templates);
      } finally {
        done(err as Error);
      }
    }
  }

  function load(loadDone?: DoneCallback): void {
    const done = once(loadDone);
    instance.done = done;
    fetchChallenge((err, challenge) =>
      guard(done, () => {
        if (!err) return show(challenge, done);
        renderError(env.document(), element, err, templates);
        done(err);
      }),
    );
  }

  load(callback);
  return {
    reload: (done?: DoneCallback) => {
      instance.reloaded = true;
      load(done);
    },
    // Declared `string` as in @types; undefined when a custom template has no captcha input.
    getValue: () => input()?.value as string,
  };
}
