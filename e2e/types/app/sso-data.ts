/**
 * client.getSSOData, as @types/auth0-js users call it. Not built yet (see silent-authentication.ts
 * for how this directory is compiled). Move into app/ when Authentication has getSSOData.
 */
import * as auth0 from 'auth0-js';

const webAuth = new auth0.WebAuth({ domain: 'tenant.example.com', clientID: 'abc123' });
const client = new auth0.Authentication({ domain: 'tenant.example.com', clientID: 'abc123' });

export function ssoData(): void {
  webAuth.client.getSSOData((err, data) => {
    if (!err && data?.sso)
      console.log(
        data.lastUsedConnection.name,
        data.lastUsedConnection.strategy,
        data.lastUsedUserID,
        data.lastUsedUsername,
        data.lastUsedClientID,
        data.sessionClients,
      );
  });
  webAuth.client.getSSOData(true, (err, data: auth0.SsoDataResult | undefined) =>
    console.log(err?.description, data?.sso),
  );
  client.getSSOData(false, (err: auth0.Auth0Error | null, data: auth0.SsoDataResult | undefined) =>
    console.log(err, data),
  );
  const onData: auth0.Auth0Callback<any> = (err, data) => console.log(err, data);
  client.getSSOData(onData);
}
