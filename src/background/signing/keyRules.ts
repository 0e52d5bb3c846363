/**
 * The rules about keys that both key-change paths share: this file's helpers are used by the direct path
 * (./keyManager.ts) and the reviewed one (./keyChangeReview.ts).
 */
import {
  formatP256PublicKey,
  formatPublicKey,
  implicitAccountId,
  isPasskeyPublicKey,
  parseP256PublicKey,
  parsePublicKey,
} from '../../core';

/** A key as the verifier writes it: an ed25519 key (any case of its prefix) or a passkey's `p256:` key. */
export function canonicalKey(text: string): string {
  return isPasskeyPublicKey(text)
    ? formatP256PublicKey(parseP256PublicKey(text))
    : formatPublicKey(parsePublicKey(text));
}

/** The key an implicit account is made of (its id is the key's hex): the verifier accepts it unasked. */
export function isOwnImplicitKey(accountId: string, publicKey: string): boolean {
  try {
    return implicitAccountId(parsePublicKey(publicKey)) === accountId;
  } catch {
    return false;
  }
}
