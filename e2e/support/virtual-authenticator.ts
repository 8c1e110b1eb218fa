/**
 * The tenant package's virtual passkey authenticator (Chromium's WebAuthn domain: CTAP2, internal,
 * resident keys, user verification), plus what the passkey specs need beyond it: the passkeys it
 * holds with their private keys, to give them to another page's authenticator (each serves the
 * page it was added to only), as a synced passkey arrives on another device. Chromium's own checks
 * stay on: it compares the RP ID with the page's origin and signs with the credential's key.
 */
import type { CDPSession, Page } from 'playwright';
import { addVirtualAuthenticator, type VirtualAuthenticator } from '../tenant/playwright/index.js';

const heldBy = (cdp: CDPSession, authenticatorId: string) => cdp.send('WebAuthn.getCredentials', { authenticatorId });
/** A passkey as `WebAuthn.getCredentials` gives it, private key included (standard base64). */
type HeldPasskey = Awaited<ReturnType<typeof heldBy>>['credentials'][number];

export interface PortableAuthenticator extends VirtualAuthenticator {
  /** Every passkey held, with its private key. */
  export(): Promise<HeldPasskey[]>;
  /** Adds passkeys made elsewhere. */
  import(passkeys: HeldPasskey[]): Promise<void>;
}

/** Adds a virtual platform authenticator to `page` (see the tenant package's `addVirtualAuthenticator`). */
export async function addPortableAuthenticator(page: Page): Promise<PortableAuthenticator> {
  let cdp: CDPSession | undefined;
  const context = { newCDPSession: async (p: Page) => (cdp = await page.context().newCDPSession(p)) };
  const authenticator = await addVirtualAuthenticator(context, page);
  const { authenticatorId } = authenticator;
  return Object.assign(authenticator, {
    export: async () => (await heldBy(cdp!, authenticatorId)).credentials,
    import: async (passkeys: HeldPasskey[]) => {
      for (const credential of passkeys) await cdp!.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
  });
}
