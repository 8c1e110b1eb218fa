/**
 * The tenant's HTML shell and security headers. Pages carry one hashed inline stylesheet; scripts
 * are either the tenant's own files (`script-src 'self'`) or small hashed inline scripts, so the
 * Content-Security-Policy never needs 'unsafe-inline'. Everything echoed is HTML-escaped.
 */
import { createHash } from 'node:crypto';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe to embed in a `<script type="application/json">` block (no `</script>` breakout). */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const STYLE = [
  'body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d1f24;margin:0}',
  'main{max-width:24rem;margin:4rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}',
  'h1{font-size:1.4rem;margin:0 0 1rem}',
  'label{display:block;margin:1rem 0 .25rem;font-weight:600}',
  'input,select{width:100%;box-sizing:border-box;padding:.55rem;font-size:1rem;border:1px solid #8a8f98;border-radius:4px}',
  'button{margin-top:1.5rem;width:100%;padding:.65rem;font-size:1rem;border:0;border-radius:4px;background:#2d5bd7;color:#fff;cursor:pointer}',
  'button:disabled{background:#8a8f98;cursor:wait}',
  'nav{display:flex;gap:.25rem;margin:0 0 1rem;flex-wrap:wrap}',
  'nav button{margin:0;width:auto;flex:1;padding:.4rem;font-size:.85rem;background:#e8ecf4;color:#1d1f24}',
  'nav button[aria-selected=true]{background:#2d5bd7;color:#fff}',
  '.error{color:#a4161a;background:#fde8e8;padding:.6rem;border-radius:4px}',
  '.notice{color:#14532d;background:#e3f6e8;padding:.6rem;border-radius:4px}',
  '.muted{color:#5a5f69;font-size:.9rem}',
  '.captcha-challenge img{display:block;margin:.5rem 0}',
  '.captcha-reload{margin:0 0 .5rem;width:auto;padding:.2rem .6rem}',
  '[hidden]{display:none!important}',
].join('');

export function sha256Source(source: string): string {
  return `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
}

const STYLE_HASH = sha256Source(STYLE);

export interface PageSecurity {
  /** Script sources: `'self'` and/or hashes of inline scripts. None: no script may run. */
  scripts?: readonly string[];
  /** Where forms may go (CSP form-action also governs the redirect after the POST). */
  formTargets?: readonly string[];
  /** Who may frame the page; by default nobody. */
  frameAncestors?: readonly string[];
  /** Allowed fetch/XHR targets (`'self'` for the hosted page). */
  connect?: readonly string[];
  /** Extra frame sources (the cross-origin verification iframe). */
  frames?: readonly string[];
  /** Style sources; by default only the tenant's own stylesheet (by hash). */
  styles?: readonly string[];
}

export function htmlHeaders(security: PageSecurity = {}): Record<string, string> {
  const list = (items: readonly string[] | undefined, none = "'none'"): string =>
    items && items.length > 0 ? items.join(' ') : none;
  const directives = [
    "default-src 'none'",
    `script-src ${list(security.scripts)}`,
    `style-src ${list(security.styles, STYLE_HASH)}`,
    "img-src 'self' data:",
    `connect-src ${list(security.connect)}`,
    `form-action ${list(security.formTargets)}`,
    `frame-ancestors ${list(security.frameAncestors)}`,
    "base-uri 'none'",
  ];
  if (security.frames) directives.push(`frame-src ${list(security.frames)}`);
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': directives.join('; '),
  };
  // X-Frame-Options cannot name an origin; when framing is allowed, CSP frame-ancestors decides.
  if (!security.frameAncestors || security.frameAncestors.length === 0) headers['X-Frame-Options'] = 'DENY';
  return headers;
}

export function layout(title: string, content: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${head}</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

export function renderMessagePage(title: string, message: string, code?: string): string {
  const codeLine = code ? `<p class="muted">Error code: <code id="error-code">${escapeHtml(code)}</code></p>` : '';
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p id="message">${escapeHtml(message)}</p>\n${codeLine}`);
}
