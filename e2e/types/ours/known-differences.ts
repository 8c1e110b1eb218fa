/**
 * Valid @types/auth0-js code that does not compile against our declarations, on purpose: in each
 * case the community declarations contradict what auth0-js 10 delivers at runtime, and ours say
 * what really arrives. Each line must keep failing (`@ts-expect-error`); the comment gives the
 * portable form. Compiled only against our declarations.
 */
import * as auth0 from 'auth0-js';

export function differences(hash: auth0.Auth0DecodedHash, err: auth0.Auth0Error, management: auth0.Management): void {
  // @ts-expect-error idTokenPayload is null when the response has no ID token (@types: any). Use `hash.idTokenPayload?.sub`.
  const userId: string = hash.idTokenPayload.sub;

  // @ts-expect-error absent tokens are null, not undefined (v10 sets every field). Use `hash.accessToken ?? undefined`.
  const accessToken: string | undefined = hash.accessToken;

  // @ts-expect-error a description is an object for password-strength errors and null for non-JSON ones. Use `String(err.description)`.
  const message: string = err.description ?? '';

  // @ts-expect-error `error` is absent on HTTP errors (they carry `code`) and may be an HTTP status number. Use `String(err.error ?? err.code)`.
  const code: string = err.error;

  // @ts-expect-error every field of a parsed hash is present (null when absent), and the payload's registered claims are required.
  const fake: auth0.Auth0DecodedHash = { accessToken: 'a', idTokenPayload: { sub: 'auth0|1' } };

  // @ts-expect-error v10 throws `token option is required` (@types: optional).
  const noToken = new auth0.Management({ domain: 'tenant.example.com' });

  management.getUser(userId, (error, user) => {
    // @ts-expect-error Management API users have no `sub` (they are ManagementUser, not the /userinfo profile).
    const profile: auth0.Auth0UserProfile = user;
    console.log(error, profile);
  });
  const onUser: auth0.Auth0Callback<auth0.Auth0UserProfile> = (error, user) => console.log(error, user.sub);
  // @ts-expect-error the same: a callback expecting the /userinfo profile cannot take a Management user.
  management.getUser(userId, onUser);
  console.log(accessToken, message, code, fake, noToken);
}

export function redirectWithoutCredentials(redirect: auth0.Redirect): void {
  // @ts-expect-error loginWithCredentials posts credentials to /co/authenticate: `password` is required (@types leaves credentials out).
  redirect.loginWithCredentials({ scope: 'openid', responseType: 'token' }, (err) => console.log(err));
}

export function captchaValue(widget: auth0.Captcha): void {
  // @ts-expect-error getValue() is undefined when the template has no `input[name="captcha"]` (a hidden captcha). Use `widget.getValue() ?? ''`.
  const answer: string = widget.getValue();
  console.log(answer);
}
