/**
 * Captcha rendering without a browser: a minimal fake element and document record what the
 * library does (the DOM itself is covered by e2e/captcha.spec.ts in Chromium).
 */
import type { Auth0Challenge } from '../../types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeEnv, json, sent, type FakeEnv } from '../../testing/fake-env.js';
import { testWebAuth } from '../../testing/web-auth.js';
import { loadCapability } from '../load-capability.js';
import { scriptUrl } from './providers.js';
import { callbackName } from './script-loader.js';
import { escapedChallenge, escapeHtml } from './templates.js';

interface FakeScript {
  src: string;
  async?: boolean;
  defer?: boolean;
  dataset: Record<string, string>;
  onerror?: () => void;
  onload?: () => void;
  removed: boolean;
  remove(): void;
}

/** An element whose template is the caller's string; `input` stands for its captcha field. */
function fakeElement() {
  const input = { value: '' };
  const container = { className: 'recaptcha' };
  return {
    input,
    container,
    style: { display: 'initial' },
    innerHTML: 'old',
    attributes: {} as Record<string, string>,
    replaceChildren(...nodes: unknown[]) {
      this.innerHTML = nodes.length ? '<nodes>' : '';
    },
    querySelector(selector: string) {
      if (!this.innerHTML.includes('name="captcha"')) return null;
      if (selector === 'input[name="captcha"]') return input;
      return selector.startsWith('.') ? container : null;
    },
    setAttribute(name: string, value: string) {
      this.attributes[name] = value;
    },
  };
}

function pageEnv(): FakeEnv & { scripts: FakeScript[]; win: Record<string, any> } {
  const env = fakeEnv('https://me.auth0.com/login') as FakeEnv & { scripts: FakeScript[]; win: Record<string, any> };
  env.scripts = [];
  env.win = {};
  const document = {
    createElement: () => {
      const script: FakeScript = { src: '', dataset: {}, removed: false, remove: () => void (script.removed = true) };
      return script;
    },
    body: { appendChild: (script: FakeScript) => void env.scripts.push(script) },
  };
  env.dom = { document: document as unknown as Document, window: env.win as Window & Record<string, any> };
  return env;
}

const STRING_TEMPLATES = {
  recaptcha_v2: (c: any) => `<div class="recaptcha" data-k="${c.siteKey}"></div><input type="hidden" name="captcha">`,
  arkose: () => '<div class="arkose"></div><input type="hidden" name="captcha">',
  auth0_v2: () => '<div class="auth0_v2"></div><input type="hidden" name="captcha">',
  error: (err: Error) => `<p>${err.message}</p>`,
};

function setup(challenge: unknown, status = 200) {
  const env = pageEnv();
  env.respond = () => json(challenge, status);
  const webAuth = testWebAuth(env, { state: 'PAGE-STATE' });
  const element = fakeElement();
  const calls: unknown[][] = [];
  return { env, webAuth, element, calls, cb: (...args: unknown[]) => void calls.push(args) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
// The captcha chunk's first import (a module transform here) takes longer than one settle().
beforeAll(() => loadCapability('captcha'));

describe('escaping', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
  it('copies a challenge with every string value escaped, leaving the original and other values alone', () => {
    const challenge = { required: true, provider: 'auth0', image: 'data:x"><b>', type: 'code', n: 1 };
    expect(escapedChallenge(challenge as Auth0Challenge)).toEqual({
      required: true,
      provider: 'auth0',
      image: 'data:x&quot;&gt;&lt;b&gt;',
      type: 'code',
      n: 1,
    });
    expect(challenge.image).toBe('data:x"><b>');
  });
});

/** A challenge with only the fields a test sets (the rest are what the tenant leaves out). */
const challengeOf = (fields: Partial<Auth0Challenge>) => fields as Auth0Challenge;

describe('provider scripts', () => {
  it('uses the fixed URLs of §14.4 and encodes the language', () => {
    expect(scriptUrl('recaptcha_v2', 'pt-BR', 'cb', challengeOf({ required: true }))).toBe(
      'https://www.recaptcha.net/recaptcha/api.js?hl=pt-BR&onload=cb',
    );
    expect(scriptUrl('hcaptcha', 'en&x=1', 'cb', challengeOf({ required: true }))).toBe(
      'https://js.hcaptcha.com/1/api.js?hl=en%26x%3D1&onload=cb',
    );
    expect(
      scriptUrl('arkose', 'en', 'cb', challengeOf({ required: true, clientSubdomain: 'client-api', siteKey: 'A1-B2' })),
    ).toBe('https://client-api.arkoselabs.com/v2/A1-B2/api.js');
  });
  it.each([
    ['evil.com/x', 'K'],
    ['a', 'k/../../x'],
    ['', 'K'],
    ['-a', 'K'],
    [undefined, 'K'],
    ['a', 'k?x'],
  ])(
    'refuses an Arkose subdomain %j / key %j that could change the script host or path',
    (clientSubdomain, siteKey) => {
      expect(() => scriptUrl('arkose', 'en', 'cb', challengeOf({ required: true, clientSubdomain, siteKey }))).toThrow(
        /^Invalid captcha challenge: /,
      );
    },
  );
  it('names window callbacks with crypto randomness', () => {
    const env = fakeEnv();
    const names = new Set(Array.from({ length: 50 }, () => callbackName(env, 'hcaptcha')));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(/^hcaptchaCallback_\d+$/);
  });
});

describe('render', () => {
  it('fetches the flow challenge with the page state, hides the element when none is required, and calls back once', async () => {
    const { env, webAuth, element, calls, cb } = setup({ required: false });
    const handle = webAuth.renderPasswordResetCaptcha(element as never, {}, cb);
    await settle();
    expect(sent(env).map((r) => [r.url, r.body])).toEqual([
      ['https://me.auth0.com/dbconnections/change_password/challenge', { state: 'PAGE-STATE' }],
    ]);
    expect([element.style.display, element.innerHTML]).toEqual(['none', '']);
    expect(calls).toEqual([[undefined, undefined]]);
    expect(handle.getValue()).toBeUndefined();
  });

  it('without a page state calls back synchronously with nothing (no request)', () => {
    const env = pageEnv();
    const webAuth = testWebAuth(env);
    const element = fakeElement();
    const calls: unknown[][] = [];
    webAuth.renderCaptcha(element as never, undefined, (...a: unknown[]) => void calls.push(a));
    expect(calls).toEqual([[undefined, undefined]]);
    expect(env.fetches).toEqual([]);
  });

  it('a challenge error shows the error template and passes the request error', async () => {
    const { webAuth, element, calls, cb } = setup({ error: 'server_error', error_description: 'down' }, 503);
    webAuth.renderSignupCaptcha(element as never, { templates: STRING_TEMPLATES }, cb);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toMatchObject({ statusCode: 503, code: 'server_error', description: 'down' });
    expect(element.innerHTML).toBe(`<p>${(calls[0]![0] as Error).message}</p>`);
  });

  it('an unknown provider is an error, reported once', async () => {
    const { webAuth, element, calls, cb } = setup({ required: true, provider: 'nope' });
    webAuth.renderPasswordlessCaptcha(element as never, { templates: STRING_TEMPLATES }, cb);
    await settle();
    expect(calls.map(([err]) => (err as Error).message)).toEqual(['Unknown captcha provider']);
    expect(element.innerHTML).toBe('<p>Unknown captcha provider</p>');
  });

  it('passes a caller template an escaped copy of the challenge', async () => {
    const { env, webAuth, element, cb } = setup({
      required: true,
      provider: 'recaptcha_v2',
      siteKey: '"><script>x</script>',
    });
    webAuth.renderCaptcha(element as never, { templates: STRING_TEMPLATES }, cb);
    await settle();
    expect(element.innerHTML).toContain('data-k="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(env.scripts).toHaveLength(1);
  });

  it.each(['arkose', 'auth0_v2'] as const)(
    '%s: retries a failed script 3 times, then BYPASS_CAPTCHA and one error',
    async (provider) => {
      const { env, webAuth, element, calls, cb } = setup({
        required: true,
        provider,
        siteKey: 'K',
        clientSubdomain: 'c',
      });
      const handle = webAuth.renderCaptcha(element as never, { templates: STRING_TEMPLATES }, cb);
      await settle();
      const name = env.scripts[0]!.dataset['callback']!;
      expect(name).toMatch(new RegExp(`^${provider}Callback_\\d+$`));
      expect(typeof env.win[name]).toBe('function');
      for (let i = 0; i < 4; i++) env.scripts[i]!.onerror!();
      expect(env.scripts).toHaveLength(4);
      expect(env.scripts.every((s) => s.removed && s.async && s.defer && s.src === env.scripts[0]!.src)).toBe(true);
      expect(handle.getValue()).toBe('BYPASS_CAPTCHA');
      expect(calls.map(([err]) => (err as Error).message)).toEqual([`${provider} failed to load`]);
      expect(name in env.win).toBe(false);
    },
  );

  it('recaptcha: renders with the widget parameters, sets the token, resets on reload and reports each load once', async () => {
    const { env, webAuth, element, calls, cb } = setup({ required: true, provider: 'recaptcha_v2', siteKey: 'SK' });
    const handle = webAuth.renderCaptcha(element as never, { templates: STRING_TEMPLATES }, cb);
    await settle();
    const rendered: any[] = [];
    const resets: unknown[] = [];
    env.win['grecaptcha'] = {
      render: (c: unknown, p: any) => (rendered.push([c, p]), 7),
      reset: (id: unknown) => resets.push(id),
    };
    const onload = new URL(env.scripts[0]!.src).searchParams.get('onload')!;
    env.win[onload]();
    expect(onload in env.win).toBe(false);
    expect(rendered[0][0]).toBe(element.container);
    expect(Object.keys(rendered[0][1])).toEqual(['callback', 'expired-callback', 'error-callback', 'sitekey']);
    expect(element.attributes['data-wid']).toBe('7');
    rendered[0][1].callback('TOKEN');
    expect(handle.getValue()).toBe('TOKEN');
    expect(calls).toEqual([[undefined, undefined]]);
    const reloaded: unknown[][] = [];
    handle.reload((...a) => void reloaded.push(a));
    await settle();
    expect([resets, handle.getValue(), reloaded, env.scripts.length]).toEqual([[7], '', [[undefined, undefined]], 1]);
  });

  it('checks its arguments synchronously', () => {
    const { webAuth, element } = setup({ required: false });
    expect(() => webAuth.renderCaptcha(undefined as never)).toThrow(/^element parameter is not valid$/);
    expect(() => webAuth.renderCaptcha(element as never, 'x' as never)).toThrow(/^options parameter is not valid$/);
    expect(() => webAuth.renderCaptcha(element as never, {}, 1 as never)).toThrow(/^callback parameter is not valid$/);
  });
});
