/**
 * A virtual WebAuthn authenticator in Chromium (the DevTools protocol's WebAuthn domain), so passkey
 * sign-up and sign-in run offline with the browser's own checks (RP ID against the page, user
 * verification). Chromium only: Firefox and WebKit have no such domain.
 */

/** The options of `WebAuthn.addVirtualAuthenticator` this helper passes on. */
export interface VirtualAuthenticatorOptions {
  /** Default `ctap2`. */
  protocol?: 'ctap2' | 'u2f';
  /** Default `internal`: a platform authenticator (`authenticatorAttachment: 'platform'`). */
  transport?: 'internal' | 'usb' | 'nfc' | 'ble' | 'hybrid' | 'cable';
  /** Discoverable credentials (passkeys); default true. */
  hasResidentKey?: boolean;
  /** Default true. */
  hasUserVerification?: boolean;
  /** Whether user verification succeeds; default true (change it later with `setUserVerified`). */
  isUserVerified?: boolean;
  /** Answer presence checks at once, no prompt; default true. */
  automaticPresenceSimulation?: boolean;
}

/** A credential the virtual authenticator holds (CDP's binary fields are standard base64). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  readonly authenticatorId: string;
  /** The credentials it holds (e.g. to check a sign-up made one). */
  credentials(): Promise<VirtualCredential[]>;
  /** Whether the next ceremonies verify the user (false: the UV flag stays off). */
  setUserVerified(verified: boolean): Promise<void>;
  /** Removes the authenticator and ends its DevTools session. */
  remove(): Promise<void>;
}

/** What the helper needs of a browser context: Playwright's `BrowserContext` has it. */
export interface CdpContext<P> {
  newCDPSession(page: P): Promise<unknown>;
}

interface CdpSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  detach(): Promise<void>;
}

/**
 * Adds a virtual authenticator to `page` (Chromium): `WebAuthn.enable`, then
 * `WebAuthn.addVirtualAuthenticator` with a CTAP2 platform authenticator that stores passkeys and
 * verifies the user. It serves that page only (across its navigations), not other pages of the
 * context. WebAuthn needs a secure context: serve the app on `https://` or `http://localhost`
 * (not `127.0.0.1`), with the tenant's RP ID (`localhost` by default) the page's host or a parent.
 *
 * @example
 * ```ts
 * const authenticator = await addVirtualAuthenticator(context, page);
 * await page.getByRole('button', { name: 'Sign up with a passkey' }).click();
 * expect(await authenticator.credentials()).toHaveLength(1);
 * ```
 */
export async function addVirtualAuthenticator<P>(
  context: CdpContext<P>,
  page: P,
  options: VirtualAuthenticatorOptions = {},
): Promise<VirtualAuthenticator> {
  const session = (await context.newCDPSession(page)) as CdpSession;
  await session.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = (await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      ...options,
    },
  })) as { authenticatorId: string };
  return {
    authenticatorId,
    async credentials() {
      const { credentials } = (await session.send('WebAuthn.getCredentials', { authenticatorId })) as {
        credentials: Array<VirtualCredential & { privateKey?: string }>;
      };
      // The private key stays in the browser: tests have no use for it.
      return credentials.map(({ privateKey: _privateKey, ...credential }) => credential);
    },
    async setUserVerified(isUserVerified) {
      await session.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
    },
    async remove() {
      await session.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await session.detach();
    },
  };
}
