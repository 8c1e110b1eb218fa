/**
 * What `WebAuth` capability modules use of the Authentication client. They depend on this shape,
 * not on the `Authentication` class, so the client (whose `getSSOData` runs a silent check) and
 * the capabilities never import each other in a loop.
 */
import type { HttpClientOptions } from '../http/request.js';
import type {
  AuthorizeOptions,
  DefaultLoginOptions,
  LogoutOptions,
  ResourceOwnerLoginOptions,
  RequestHandle,
} from '../types.js';
import type { ClientContext, ClientOptions } from './client-context.js';
import type { DBConnection } from './db-connection.js';
import type { PasswordlessAuthentication } from './passwordless.js';
import type { NodeCallback } from '../shared/types.js';

export interface AuthenticationClient {
  baseOptions: ClientOptions;
  readonly http: HttpClientOptions;
  readonly ctx: ClientContext;
  dbConnection: DBConnection;
  passwordless: PasswordlessAuthentication;
  buildAuthorizeUrl(options: AuthorizeOptions): string;
  buildLogoutUrl(options?: LogoutOptions): string;
  login(options: DefaultLoginOptions, cb: NodeCallback<any>): RequestHandle;
  loginWithResourceOwner(options: ResourceOwnerLoginOptions, cb: NodeCallback<any>): RequestHandle;
}
