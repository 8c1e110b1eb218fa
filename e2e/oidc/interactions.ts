/**
 * The provider's login and consent steps, kept as small as a test needs: a sign-in form for the one
 * account (the same field ids as the local tenant's hosted page, so `signIn` from support/flow.ts
 * drives both), and a consent step that grants whatever the client asked for without a page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { InteractionDetails } from 'oidc-provider';

export interface Account {
  sub: string;
  email: string;
  password: string;
  name: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function loginPage(res: ServerResponse, uid: string, error = ''): void {
  res.writeHead(error ? 401 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head><body>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
  <p>${escapeHtml(error)}</p>
  <input id="username" name="username" autocomplete="username">
  <input id="password" name="password" type="password" autocomplete="current-password">
  <button id="submit" type="submit">Sign in</button>
</form></body></html>`);
}

/** Grants every scope and claim the prompt says is missing, on the existing grant if there is one. */
async function approve(provider: Provider, details: InteractionDetails): Promise<string> {
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId: details.session!.accountId!, clientId: String(details.params.client_id) });
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  return grant.save();
}

/**
 * Handles `/interaction/<uid>` (GET: the form, or the consent answered at once) and
 * `/interaction/<uid>/login` (POST). Answers false for any other path.
 */
export function interactionRoutes(provider: Provider, account: Account) {
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(path);
    if (!match) return false;
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== match[1]) throw new Error('interaction: the cookie names another interaction');
    if (match[2] && req.method === 'POST') {
      const form = await readForm(req);
      if (form.get('username') !== account.email || form.get('password') !== account.password) {
        loginPage(res, details.uid, 'Wrong email or password.');
        return true;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub } },
        {
          mergeWithLastSubmission: false,
        },
      );
      return true;
    }
    if (details.prompt.name === 'login') loginPage(res, details.uid);
    else {
      const grantId = await approve(provider, details);
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    return true;
  };
}
