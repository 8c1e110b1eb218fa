/**
 * What the command prints, before its ready line, when it runs the built-in definition (no
 * `--config`): the client and user to try and a login URL to open. A user's own definition gets
 * nothing: its clients and users are its own business, and its passwords never reach a terminal.
 */
import { ALICE, SPA_CLIENT_ID } from '../config/builtin.js';

/** Where the login URL sends the browser back to: any localhost port is a callback of spa-client. */
export const TRY_REDIRECT_URI = 'http://localhost:3000/';

/** The lines for a tenant at `url` (no trailing slash) running the built-in definition. */
export function developmentHints(url: string): string {
  const login = new URL('/authorize', url);
  login.search = new URLSearchParams({
    client_id: SPA_CLIENT_ID,
    response_type: 'id_token',
    scope: 'openid profile email',
    redirect_uri: TRY_REDIRECT_URI,
    nonce: 'try-it',
  }).toString();
  return [
    'Built-in definition (development defaults):',
    `  client ID  ${SPA_CLIENT_ID}`,
    `  user       ${ALICE.email} / ${ALICE.password}`,
    `  open       ${login.href}`,
    `             (the login page; it returns the ID token to ${TRY_REDIRECT_URI})`,
    '',
  ].join('\n');
}
