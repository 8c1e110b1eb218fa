/** The running tenant as route code sees it: its definition, keys and stores. */
import type { BruteForce } from './brute-force.js';
import type { CaptchaService } from './captcha.js';
import type { Client, TenantModel } from '../config/model.js';
import type { KeyRing } from './keys.js';
import type { LoginTicketStore } from './login-tickets.js';
import type { OtpStore } from './otp-store.js';
import type { PasskeySessionStore } from './passkey-sessions.js';
import type { Outbox } from './outbox.js';
import type { EndpointRateLimiter } from './rate-limit.js';
import type { RefreshTokenStore } from './refresh-tokens.js';
import type { ReplayCache } from './replay-cache.js';
import type { ResetTicketStore } from './reset-tickets.js';
import type { DpopNonces } from './dpop-nonces.js';
import type { FaultBoard } from './faults.js';
import type { SwitchBoard } from './switches.js';
import type { TenantState } from './state.js';
import type { UserStore } from './users.js';

export interface TenantContext {
  /** Public base URL, no trailing slash. */
  readonly url: string;
  /** `${url}/`, the `iss` of every token. */
  readonly issuer: string;
  /** `host:port`, what an app passes as WebAuth `domain`. */
  readonly domain: string;
  /** True when served over HTTPS (decides cookie attributes). */
  readonly secure: boolean;
  readonly testEndpoints: boolean;
  /** Required in the `X-Tenant-Admin-Token` header of every `/__admin/*` request; new at every start. */
  readonly adminToken: string;
  /** The `Host` names (lower case, any port) the tenant answers (protocol/request-guard.ts). */
  readonly allowedHosts: ReadonlySet<string>;
  /** Whether requests go to the log (`RunningTenant.requests`, `/__admin/requests`). */
  readonly recordRequests: boolean;
  /** The tenant definition with defaults applied (clients, connections, APIs, …). */
  readonly model: TenantModel;
  /** A client of this tenant's definition (built-in or --config). */
  findClient(clientId: string | undefined): Client | undefined;
  readonly keys: KeyRing;
  /** HMAC key for values the tenant signs for itself (signed-values.ts); new at every start. */
  readonly secret: Uint8Array;
  readonly state: TenantState;
  readonly users: UserStore;
  readonly outbox: Outbox;
  readonly refreshTokens: RefreshTokenStore;
  readonly loginTickets: LoginTicketStore;
  readonly otps: OtpStore;
  readonly resetTickets: ResetTicketStore;
  /** The `auth_session`s of /passkey/register and /passkey/challenge. */
  readonly passkeySessions: PasskeySessionStore;
  readonly replay: ReplayCache;
  readonly captcha: CaptchaService;
  readonly bruteForce: BruteForce;
  readonly rateLimiter: EndpointRateLimiter;
  /** Switches tests flip at run time (switches.ts). */
  readonly switches: SwitchBoard;
  /** Faults tests install (error statuses, hangs, delays, forced /authorize errors). */
  readonly faults: FaultBoard;
  /** The DPoP nonces handed out while the `dpopNonce` switch is on. */
  readonly dpopNonces: DpopNonces;
  /** The UMD bundle the hosted login page loads (default: the repository's dist/webauth.min.js). */
  readonly hostedLibrary: string;
  /** A custom login page template served instead of the built-in hosted page (read per request). */
  readonly loginPage: string | undefined;
  /** The hosted login page shows the built-in test user (the command's development defaults). */
  readonly showTestUser: boolean;
}
