/**
 * The verifier's own key registry (docs/protocol.md, "What the verifier checks", step 6, "The webauthn
 * payload"; near/intents contracts/defuse/src/contract/accounts/account/mod.rs): an implicit account owns
 * the key it is named after unless removed (64 hex: its ed25519 key; `0x` + 40 hex: the p256 or secp256k1
 * key whose hash it is); other keys are added with `add_public_key`. NEAR access keys play no part.
 */
import { base58, formatPublicKey, hex, implicitAccountOfKey, isImplicitAccountId } from '../../core';

export interface KeyView {
  publicKeys: readonly string[];
  implicitKeyRemoved: boolean;
}

/** Canonical text of a registry key: curve name lower-cased, base58 re-encoded (`ed25519:<b58>`). */
export function canonicalKey(text: string): string {
  const colon = text.indexOf(':');
  const curve = colon === -1 ? 'ed25519' : text.slice(0, colon).toLowerCase();
  const body = colon === -1 ? text : text.slice(colon + 1);
  try {
    return `${curve}:${base58.encode(base58.decode(body))}`;
  } catch {
    return text;
  }
}

/**
 * The key a 64-hex account owns by default, the one a listing can name (`iter_public_keys`: a `0x`
 * account's key cannot be read back from its hash); null for other accounts.
 */
export function implicitKeyOf(accountId: string): string | null {
  return isImplicitAccountId(accountId) ? formatPublicKey(hex.decode(accountId)) : null;
}

/** Whether `publicKey` is the key `accountId` is named after (`me == public_key.to_implicit_account_id()`). */
export const ownsImplicitly = (accountId: string, publicKey: string): boolean =>
  implicitAccountOfKey(publicKey) === accountId;

/** `has_public_key`: an account never seen has only its implicit key. */
export function hasKey(accountId: string, view: KeyView | undefined, publicKey: string): boolean {
  const own = ownsImplicitly(accountId, publicKey);
  if (!view) return own;
  return (own && !view.implicitKeyRemoved) || view.publicKeys.includes(publicKey);
}

/** `public_keys_of`: added keys, then the implicit key unless removed. */
export function keysOf(accountId: string, view: KeyView | undefined): string[] {
  const implicit = implicitKeyOf(accountId);
  const keys = view ? [...view.publicKeys] : [];
  if (implicit && !(view?.implicitKeyRemoved ?? false)) keys.push(implicit);
  return keys;
}

/** Adds a key; false when it was already there (the contract's `PublicKeyExists`). */
export function addKey(
  accountId: string,
  view: { publicKeys: string[]; implicitKeyRemoved: boolean },
  publicKey: string,
): boolean {
  if (ownsImplicitly(accountId, publicKey)) {
    const wasRemoved = view.implicitKeyRemoved;
    view.implicitKeyRemoved = false;
    return wasRemoved;
  }
  if (view.publicKeys.includes(publicKey)) return false;
  view.publicKeys.push(publicKey);
  return true;
}

/** Removes a key; false when it was not there (the contract's `PublicKeyNotExist`). */
export function removeKey(
  accountId: string,
  view: { publicKeys: string[]; implicitKeyRemoved: boolean },
  publicKey: string,
): boolean {
  if (ownsImplicitly(accountId, publicKey)) {
    const wasRemoved = view.implicitKeyRemoved;
    view.implicitKeyRemoved = true;
    return !wasRemoved;
  }
  const at = view.publicKeys.indexOf(publicKey);
  if (at === -1) return false;
  view.publicKeys.splice(at, 1);
  return true;
}
