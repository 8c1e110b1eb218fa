/**
 * Injects a provider's script into the page and reports when it has loaded, retrying a failed
 * load a few times before giving up (a blocked or flaky third-party host must not hang the page).
 */
import type { ScriptProvider } from './providers.js';
import type { BrowserEnv } from '../../types.js';

export const MAX_RETRY = 3;

/** A window function name no other page script can predict: `<provider>Callback_<random>`. */
export function callbackName(env: BrowserEnv, provider: ScriptProvider): string {
  const [n] = env.getRandomValues(new Uint32Array(1) as unknown as Uint8Array) as unknown as Uint32Array;
  return `${provider}Callback_${n}`;
}

export interface ScriptLoad {
  provider: ScriptProvider;
  url: string;
  /** The window function the script calls when ready (its `onload` / `data-callback`). */
  callbackName: string;
  /** Called with what the script passes to the callback (Arkose: its enforcement object). */
  onLoad(arg?: unknown): void;
  /** Called once the script failed to load `MAX_RETRY + 1` times. */
  onFail(): void;
}

/**
 * Appends the script (async, defer) to the body. Arkose and Turnstile keep their window callback
 * (they may call it again); the others' callback removes itself when called. Friendly Captcha has
 * no callback parameter: the script's own `load` event stands in for it.
 */
export function loadProviderScript(env: BrowserEnv, load: ScriptLoad): void {
  const win = env.window();
  const keep = load.provider === 'arkose' || load.provider === 'auth0_v2';
  win[load.callbackName] = (arg?: unknown) => {
    if (!keep) delete win[load.callbackName];
    load.onLoad(arg);
  };
  let failures = 0;
  const inject = () => {
    const doc = env.document();
    const script = doc.createElement('script');
    script.async = true;
    script.defer = true;
    if (keep) script.dataset['callback'] = load.callbackName;
    if (load.provider === 'friendly_captcha') script.onload = () => win[load.callbackName]?.();
    script.onerror = () => {
      script.remove();
      if (failures++ < MAX_RETRY) return inject();
      delete win[load.callbackName];
      load.onFail();
    };
    script.src = load.url;
    doc.body.appendChild(script);
  };
  inject();
}
