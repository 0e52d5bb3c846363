/**
 * An account that signs with a passkey (a passkey account, or one whose signing key was handed over to its
 * passkey) signs no NEP-413 message (docs/dapps.md, "Passkey accounts"): NEP-413 is a signature
 * by an ed25519 key over its digest, and a passkey is a P-256 key that signs WebAuthn assertions, which a
 * NEP-413 verifier does not read. Refused with 4200 and `data.reason: 'passkey_account'` when the site
 * asks, and again at Confirm (the account's signing key may have changed meanwhile).
 */
import type { AccountView } from '../../api/accounts';
import { isPasskeyPublicKey } from '../../core';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';

export function refusePasskeyMessage(account: AccountView): void {
  if (!isPasskeyPublicKey(account.publicKeys[0] ?? '')) return;
  throw new ProviderError(
    ERROR_CODES.unsupportedMethod,
    `${account.accountId} signs with a passkey: NEP-413 messages need an ed25519 key, and a passkey signs only intents (intents_signIntents). Nothing was signed.`,
    { reason: 'passkey_account', accountId: account.accountId },
  );
}
