/**
 * Which key takes over when an account's signing key is removed (docs/security.md, "Removing the signing
 * key"): one rule for the background, which refuses or signs by it, and for the Keys screen, which picks
 * the path by it. The successor signs the removal itself, so the verifier decides whether it is the
 * account's before the old key goes. A local ed25519 key signs at once; a passkey signs only at the
 * person's authenticator, so a removal a passkey takes over is always reviewed.
 */
import { isPasskeyPublicKey } from './keyKind';

/** A key of the account held by this wallet, as the background lists it (`wallet_listKeys`'s `local`). */
export interface HeldKey {
  publicKey: string;
  /** Registered on the verifier; null when the ledger could not be asked. */
  registered: boolean | null;
}

/** The registered held key, other than `signingKey`, that signs from then on: an ed25519 key first. */
export function signingSuccessor(held: readonly HeldKey[], signingKey: string): string | undefined {
  const candidates = held.filter((k) => k.publicKey !== signingKey && k.registered === true);
  return (candidates.find((k) => !isPasskeyPublicKey(k.publicKey)) ?? candidates[0])?.publicKey;
}
