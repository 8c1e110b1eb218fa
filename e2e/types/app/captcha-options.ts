/**
 * renderCaptcha, as @types/auth0-js users call it. Not built yet (see silent-authentication.ts for
 * how this directory is compiled). Move into app/ when WebAuth has renderCaptcha.
 */
import * as auth0 from 'auth0-js';

const webAuth = new auth0.WebAuth({ domain: 'tenant.example.com', clientID: 'abc123' });

export function captcha(element: HTMLElement, password: string): void {
  const templates: auth0.CaptchaTemplates = {
    auth0: (c: auth0.Auth0Challenge) => `<img src="${c.image}"><input name="captcha" placeholder="${c.type}">`,
    recaptcha_v2: () => '<div class="recaptcha"></div><input type="hidden" name="captcha">',
    error: (e) => `<div class="error">${e.message}</div>`,
  };
  const config: auth0.CatpchaConfiguration = { templates, lang: 'es' };
  const widget: auth0.Captcha = webAuth.renderCaptcha(element, config, (err) => console.log(err?.error));
  const done: auth0.DoneCallback = (err) => console.log(err?.error);
  widget.reload(done);
  const value: string = widget.getValue();
  webAuth.renderCaptcha(element);
  webAuth.renderCaptcha(element, { lang: 'en' });
  webAuth.renderCaptcha(element, undefined, (err: auth0.Auth0Error | null, result: any) => console.log(err, result));
  // The widget itself as the login's captcha, as @types declares CrossOriginLoginOptions.captcha.
  webAuth.login({ username: 'ana', password, captcha: widget }, (err) => console.log(err, value));
}
