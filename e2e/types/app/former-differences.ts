/**
 * Valid @types/auth0-js code that used to fail against our declarations (the former "known
 * differences"). It compiles now: where auth0-js 10 delivers something else at run time (`null`
 * for absent tokens, an object `description`, no `error` on HTTP errors, no `sub` on Management
 * users), our declarations keep the community ones and the TSDoc states what really arrives.
 */
import * as auth0 from 'auth0-js';

export function formerDifferences(
  hash: auth0.Auth0DecodedHash,
  err: auth0.Auth0Error,
  management: auth0.Management,
): void {
  // idTokenPayload is null without an ID token; declared `any` as in @types.
  const userId: string = hash.idTokenPayload.sub;
  // Absent tokens are null at run time; declared optional strings.
  const accessToken: string | undefined = hash.accessToken;
  // `description` may be an object (password policy) or null; declared a string.
  const message: string = err.description ?? '';
  // `error` is absent on HTTP errors (they carry `code`); declared a string.
  const code: string = err.error;
  // Every key of a parsed hash is present at run time; hand-built ones may omit them.
  const fake: auth0.Auth0DecodedHash = { accessToken: 'a', idTokenPayload: { sub: 'auth0|1' } };
  // v10 throws `token option is required` at run time; the type leaves it optional.
  const noToken = new auth0.Management({ domain: 'tenant.example.com' });

  management.getUser(userId, (error, user) => {
    // Management users have no `sub` at run time (they are ManagementUser, which extends the profile).
    const profile: auth0.Auth0UserProfile = user;
    console.log(error, profile);
  });
  const onUser: auth0.Auth0Callback<auth0.Auth0UserProfile> = (error, user) => console.log(error, user.sub);
  management.getUser(userId, onUser);
  console.log(accessToken, message, code, fake, noToken);
}

export function redirectWithoutCredentials(redirect: auth0.Redirect): void {
  // The tenant needs the credentials; the type leaves them out, as @types does.
  redirect.loginWithCredentials({ scope: 'openid', responseType: 'token' }, (err) => console.log(err));
}
