/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The tenant: `YOUR_TENANT.auth0.com`, or `http://localhost:4400` for `npm start`'s local tenant. */
  readonly VITE_TENANT?: string;
  /** The application's client ID. */
  readonly VITE_CLIENT_ID?: string;
  /** The app's own API (one that allows offline access); default the local tenant's example API. */
  readonly VITE_API_AUDIENCE?: string;
}
