/**
 * The tenant's HTML: the login page and plain message pages. No scripts at all, one hashed inline
 * stylesheet, so the Content-Security-Policy can stay strict.
 */
import { createHash } from 'node:crypto';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = [
  'body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d1f24;margin:0}',
  'main{max-width:22rem;margin:4rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}',
  'h1{font-size:1.4rem;margin:0 0 1rem}',
  'label{display:block;margin:1rem 0 .25rem;font-weight:600}',
  'input{width:100%;box-sizing:border-box;padding:.55rem;font-size:1rem;border:1px solid #8a8f98;border-radius:4px}',
  'button{margin-top:1.5rem;width:100%;padding:.65rem;font-size:1rem;border:0;border-radius:4px;background:#2d5bd7;color:#fff}',
  '.error{color:#a4161a;background:#fde8e8;padding:.6rem;border-radius:4px}',
  '.muted{color:#5a5f69;font-size:.9rem}',
].join('');

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * Headers for every HTML page. `formTarget` is the origin the login form may end up at: CSP
 * `form-action` also governs the redirect that follows the POST, so the validated callback origin
 * must be listed or browsers block the final hop back to the application.
 */
export function htmlHeaders(formTarget?: string): Record<string, string> {
  const formAction = formTarget ? `'self' ${formTarget}` : "'none'";
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src ${STYLE_HASH}`,
      "img-src 'self'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
  };
}

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

export interface LoginPageInput {
  tx: string;
  clientName: string;
  email?: string;
  error?: string;
}

export function renderLoginPage(input: LoginPageInput): string {
  const error = input.error
    ? `<p class="error" id="error" role="alert">${escapeHtml(input.error)}</p>`
    : '';
  return layout(
    'Log in',
    `<h1>Log in</h1>
<p class="muted">to continue to ${escapeHtml(input.clientName)}</p>
${error}
<form method="post" action="/u/login" novalidate>
<input type="hidden" name="tx" value="${escapeHtml(input.tx)}">
<label for="username">Email address</label>
<input id="username" name="username" type="text" inputmode="email" autocomplete="username" value="${escapeHtml(input.email ?? '')}" required autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button id="submit" type="submit">Continue</button>
</form>`,
  );
}

export function renderMessagePage(title: string, message: string, code?: string): string {
  const codeLine = code ? `<p class="muted">Error code: <code id="error-code">${escapeHtml(code)}</code></p>` : '';
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p id="message">${escapeHtml(message)}</p>\n${codeLine}`);
}
