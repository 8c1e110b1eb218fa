/**
 * Valid @types/auth0-js code that does not compile against our declarations, on purpose. Each
 * case is a line with `@ts-expect-error` and a comment giving the portable form; `npm run
 * typecheck` compiles the file without those lines against @types/auth0-js, proving that each one
 * is valid @types code. There are none today (the former ones compile, see
 * app/former-differences.ts); keep this file so a future deliberate difference has its place.
 * Compiled only against our declarations.
 */
import type * as auth0 from 'auth0-js';

export type KnownDifferences = [auth0.Auth0Error?];
