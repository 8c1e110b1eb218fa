// Lists every user attribute profile of a tenant from Node, with webauth-js:
//   1. a machine token from the client-credentials grant (Authentication#oauthToken),
//   2. Management#userAttributeProfiles, which follows the `next` cursors page by page.
//
// Against the local tenant (HTTPS with a self-signed certificate it writes to a file), from the
// repository root after `npm run build`; see README.md:
//   npm run tenant -- --cert-file tenant-cert.pem          (in another terminal)
//   NODE_EXTRA_CA_CERTS=tenant-cert.pem node examples/node-management/list-profiles.mjs
// or against the plain-HTTP tenant of `npm start`: TENANT_DOMAIN=http://localhost:4400 node ...
// Settings: TENANT_DOMAIN (default localhost:4400; http:// only for loopback hosts), CLIENT_ID / CLIENT_SECRET (default the local
// tenant's `mgmt-global` fixture), PAGE_SIZE (default 5). Keep real secrets out of source code.
import { Authentication, Management } from '../../dist/esm/all.js';

const domain = process.env.TENANT_DOMAIN ?? 'localhost:4400';
const clientID = process.env.CLIENT_ID ?? 'mgmt-global';
const clientSecret = process.env.CLIENT_SECRET ?? 'mgmt-global-secret';
const take = Number(process.env.PAGE_SIZE ?? 5);
// The Management API's identifier: the API root with a slash (a domain without a scheme is HTTPS).
const audience = `${/^https?:\/\//.test(domain) ? domain : `https://${domain}`}/api/v2/`;

try {
  const auth = new Authentication({ domain, clientID });
  const { accessToken } = await auth.oauthToken({
    grantType: 'client_credentials',
    clientSecret,
    audience,
    scope: 'read:user_attribute_profiles',
  });

  const management = new Management({ domain, token: accessToken });
  let count = 0;
  for await (const profile of management.userAttributeProfiles({ take })) {
    count += 1;
    const attributes = Object.keys(profile.user_attributes ?? {}).length;
    console.log(`${profile.id}\t${profile.name}\t${attributes} attribute${attributes === 1 ? '' : 's'}`);
  }
  console.log(`${count} profiles`);
} catch (err) {
  // v10-style errors: `code` and `description` (and `statusCode` for HTTP errors).
  console.error(`Failed: ${err.code ?? err.name}: ${err.description ?? err.message}`);
  process.exitCode = 1;
}
