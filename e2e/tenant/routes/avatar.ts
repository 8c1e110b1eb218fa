/** GET /avatars/<nickname>.svg: the users' `picture`, served locally so no outside host is contacted. */
import type { Handler } from '../http/types.js';
import { sendError } from '../http/http-io.js';
import { escapeHtml } from '../html/layout.js';

export const AVATAR_PATH = /^\/avatars\/([A-Za-z0-9._-]{1,64})\.svg$/;

export const avatar: Handler = (ctx) => {
  const nickname = AVATAR_PATH.exec(ctx.url.pathname)?.[1];
  const known = nickname !== undefined && ctx.tenant.users.findByNickname(nickname);
  if (!known) {
    sendError(ctx.res, 404, 'not_found', 'No such avatar.');
    return;
  }
  const initial = escapeHtml(nickname.charAt(0).toUpperCase());
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#2d5bd7"/><text x="32" y="42" font-size="30" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text></svg>`;
  ctx.res.writeHead(200, {
    'Content-Type': 'image/svg+xml',
    'Content-Length': Buffer.byteLength(svg),
    'Cache-Control': 'public, max-age=3600',
    'Content-Security-Policy': "default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  ctx.res.end(svg);
};
