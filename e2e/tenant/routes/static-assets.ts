/**
 * GET /static/*: the library bundle the hosted page runs (the repository's dist/webauth.min.js by
 * default, read at each request so a rebuild is picked up), the chunks beside it, and the tenant's
 * own page scripts.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Handler, RequestContext } from '../http/types.js';
import { sendError } from '../http/http-io.js';
import { tenantSourcePath } from '../core/tenant-files.js';

// webauth.<capability>.min.js: the chunks the CDN file loads beside itself on first use (issue 32).
export const STATIC_PATH = /^\/static\/(webauth(?:\.[a-z-]+)?\.min\.js(?:\.map)?|hosted-login\.js|co-verify\.js)$/;

function fileFor(hostedLibrary: string, name: string): string {
  if (name === 'webauth.min.js') return hostedLibrary;
  if (name.startsWith('webauth.')) return join(dirname(hostedLibrary), name);
  return tenantSourcePath('assets', name);
}

/**
 * GET /static/login-page/{name}.js: a script beside the custom login page's template (--login-page),
 * e.g. a bundled Lock. The template loads it by URL, so the tenant's nonce-only inline CSP stays as
 * is ('self' already admits it). Only plain `.js` names directly in that folder; 404 otherwise.
 */
export const LOGIN_PAGE_ASSET_PATH = /^\/static\/login-page\/([\w-]+(?:\.[\w-]+)*\.js)$/;

export const loginPageAsset: Handler = async (ctx) => {
  const name = basename(LOGIN_PAGE_ASSET_PATH.exec(ctx.url.pathname)?.[1] ?? '');
  const body =
    ctx.tenant.loginPage === undefined
      ? undefined
      : await readFile(join(dirname(ctx.tenant.loginPage), name)).catch(() => undefined);
  if (body === undefined) {
    sendError(ctx.res, 404, 'not_found', `Static file not available: login-page/${name}`);
    return;
  }
  sendScript(ctx, body, 'text/javascript; charset=utf-8');
};

export const staticAsset: Handler = async (ctx) => {
  const name = STATIC_PATH.exec(ctx.url.pathname)?.[1] ?? '';
  let body: Buffer;
  try {
    body = await readFile(fileFor(ctx.tenant.hostedLibrary, name));
  } catch {
    const hint = name.startsWith('webauth') ? ` (${ctx.tenant.hostedLibrary}: run npm run build)` : '';
    sendError(
      ctx.res,
      name.startsWith('webauth') ? 503 : 404,
      'not_found',
      `Static file not available: ${name}${hint}`,
    );
    return;
  }
  sendScript(ctx, body, name.endsWith('.map') ? 'application/json; charset=utf-8' : 'text/javascript; charset=utf-8');
};

function sendScript(ctx: RequestContext, body: Buffer, contentType: string): void {
  ctx.res.writeHead(200, {
    'Content-Type': contentType,
    'Content-Length': body.length,
    // Revalidate every time: the bundle changes with each build.
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  ctx.res.end(body);
}
