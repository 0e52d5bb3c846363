// A CDP virtual authenticator for the extension's pages (Chrome DevTools Protocol, WebAuthn domain:
// https://chromedevtools.github.io/devtools-protocol/tot/WebAuthn/): a platform authenticator with resident
// keys and user verification that answers without a person, as a passkey on the machine would.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export interface VirtualAuthenticator {
  session: CDPSession;
  authenticatorId: string;
  /** Credentials it holds (the CDP view: id, rpId, signCount). */
  credentials(): Promise<{ credentialId: string; rpId?: string; signCount: number }[]>;
  /** Whether it reports the user verified (UV) on its next answers. */
  setUserVerified(verified: boolean): Promise<void>;
  /** Gives `other` (another page's authenticator) the passkeys this one holds, as a synced passkey would be. */
  shareWith(other: VirtualAuthenticator): Promise<void>;
}

export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<VirtualAuthenticator> {
  const session = await context.newCDPSession(page);
  await session.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await session.send('WebAuthn.addVirtualAuthenticator', {
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
    session,
    authenticatorId,
    async credentials() {
      const { credentials } = await session.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
    async setUserVerified(isUserVerified) {
      await session.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
    },
    async shareWith(other) {
      const { credentials } = await session.send('WebAuthn.getCredentials', { authenticatorId });
      for (const credential of credentials)
        await other.session.send('WebAuthn.addCredential', { authenticatorId: other.authenticatorId, credential });
    },
  };
}
