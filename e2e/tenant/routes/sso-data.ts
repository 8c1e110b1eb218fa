/**
 * GET /user/ssodata (the hosted page's getSSOData) and GET /user/geoloc/country. The SSO answer
 * is already camelCase, as the library shows it (`lastUsedUserID` would not survive its casing).
 */
import type { Handler } from '../http/types.js';
import { answerPreflight, applyCors } from '../protocol/cors.js';
import { HttpError, sendJson } from '../http/http-io.js';
import { queryParams } from '../http/params.js';
import { currentSession } from '../protocol/session-cookie.js';

export const ssoData: Handler = (ctx) => {
  applyCors(ctx);
  const query = queryParams(ctx, { optional: ['ldaps', 'client_id'] });
  if (query['ldaps'] !== undefined && query['ldaps'] !== '1')
    throw new HttpError(400, 'invalid_request', 'ldaps must be 1 when given.');
  const client = query['client_id'] === undefined ? undefined : ctx.tenant.findClient(query['client_id']);
  if (query['client_id'] !== undefined && !client)
    throw new HttpError(400, 'invalid_request', `Unknown client: ${query['client_id']}`);
  const signedIn = currentSession(ctx, client);
  if (!signedIn) {
    sendJson(ctx.res, 200, { sso: false });
    return;
  }
  const { session, user } = signedIn;
  const connection = ctx.tenant.model.connections.get(session.connection);
  sendJson(ctx.res, 200, {
    sso: true,
    sessionClients: [...session.clients],
    lastUsedClientID: session.clients.at(-1) ?? null,
    lastUsedUsername: user.email || user.name,
    lastUsedConnection: { name: session.connection, strategy: connection?.strategy ?? 'auth0' },
    lastUsedUserID: user.userId,
  });
};

export const geolocCountry: Handler = (ctx) => {
  applyCors(ctx);
  queryParams(ctx, {});
  // No geolocation offline: the tenant definition says which country to answer.
  sendJson(ctx.res, 200, { country_code: ctx.tenant.model.countryCode });
};

export const userPreflight: Handler = (ctx) => answerPreflight(ctx, 'GET');
