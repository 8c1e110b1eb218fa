/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The tenant: `YOUR_TENANT.auth0.com`, or `http://localhost:4400` for `npm start`'s local tenant. */
  readonly VITE_TENANT?: string;
  /** The application's client ID. */
  readonly VITE_CLIENT_ID?: string;
}
