/**
 * A WebAuthn authenticator in Chromium through CDP (the WebAuthn domain): a platform authenticator
 * (ctap2, internal) with resident keys and user verification, answering without a prompt. It serves
 * the page it was added to only, across that page's navigations; another page gets one of its own,
 * and `copyCredentials` gives it the first one's passkeys (as a synced passkey would arrive).
 * Realistic checks stay on: Chromium compares the RP ID with the page's origin and signs with the
 * credential's own key.
 */
import type { CDPSession, Page } from 'playwright';

/** A credential as CDP's `WebAuthn.getCredentials` gives it (binary fields: standard base64). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  credentials(): Promise<VirtualCredential[]>;
  /** Adds `credential` (made elsewhere: another authenticator, another RP ID). */
  add(credential: VirtualCredential): Promise<void>;
}

/** Adds a virtual platform authenticator to `page`. */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[],
    add: async (credential) => {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
  };
}

/** Gives `to` every passkey `from` holds. */
export async function copyCredentials(from: VirtualAuthenticator, to: VirtualAuthenticator): Promise<void> {
  for (const credential of await from.credentials()) await to.add(credential);
}
