/** Captcha rendering on a Classic Universal Login page, as @types/auth0-js users write it. */
import * as auth0 from 'auth0-js';

const webAuth = new auth0.WebAuth({
  domain: 'tenant.example.com',
  clientID: 'abc123',
  redirectUri: 'https://app/cb',
  responseType: 'token id_token',
});

export function captcha(element: HTMLElement): void {
  const templates: auth0.CaptchaTemplates = {
    auth0: (c: auth0.Auth0Challenge) => `<img src="${c.image}">`,
    error: (e) => e.message,
  };
  const config: auth0.CatpchaConfiguration = { templates, lang: 'es' };
  const widget: auth0.Captcha = webAuth.renderCaptcha(element, config, (err) => console.log(err));
  const done: auth0.DoneCallback = (err) => console.log(err?.error);
  widget.reload(done);
  console.log(widget.getValue());
}
