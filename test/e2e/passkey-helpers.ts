// A CDP virtual authenticator for the extension's pages (Chrome DevTools Protocol, WebAuthn domain:
// https://chromedevtools.github.io/devtools-protocol/tot/WebAuthn/): a platform authenticator with resident
// keys and user verification that answers without a person, as a passkey on the machine would.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { AccountView } from '../../src/api/accounts';
import { WALLET } from '../../src/api/walletApi';
import { expect, walletCall } from './sim';

export const PASSWORD = 'correct horse battery';

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

export interface Status {
  selectedAccountId: string;
  accounts: AccountView[];
}

/** A new wallet whose first account is a passkey account, made through onboarding's UI. */
export async function onboardWithPasskey(page: Page): Promise<AccountView> {
  await page.reload();
  await page.getByTestId('onboarding-passkey').click();
  await page.getByTestId('password').fill(PASSWORD);
  await page.getByTestId('password-confirm').fill(PASSWORD);
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('nav-home')).toBeVisible({ timeout: 20_000 });
  const status = await walletCall<Status>(page, WALLET.status);
  return status.accounts.find((a) => a.accountId === status.selectedAccountId)!;
}

/** Asks the authenticator in `page` for an assertion over `challenge` (base64url) by `credentialId`. */
export function assertIn(page: Page, credentialId: string, challenge: string) {
  return page.evaluate(
    async ([id, c]) => {
      const bytes = (t: string) =>
        Uint8Array.from(atob(t.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
      const b64u = (b: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(b)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const credential = (await navigator.credentials.get({
        publicKey: {
          rpId: location.hostname,
          challenge: bytes(c),
          allowCredentials: [{ type: 'public-key', id: bytes(id) }],
          userVerification: 'preferred',
        },
      })) as PublicKeyCredential;
      const r = credential.response as AuthenticatorAssertionResponse;
      return {
        credentialId: b64u(credential.rawId),
        authenticatorData: b64u(r.authenticatorData),
        clientDataJson: b64u(r.clientDataJSON),
        signature: b64u(r.signature),
      };
    },
    [credentialId, challenge] as const,
  );
}
