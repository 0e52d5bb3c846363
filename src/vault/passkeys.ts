/**
 * Passkey accounts in the vault's contents: the public half of a WebAuthn credential (a `p256:` key and
 * the credential's id) and its name. No secret: the private key never leaves the authenticator
 * (docs/security.md, "Passkey accounts"). They live in the encrypted, authenticated vault record like every
 * other account, so a storage writer cannot swap a key in; and each is checked again on every read: a
 * well-formed `p256:` key, and an account id that is that key's implicit account
 * (`0x` + hex(keccak256("p256" ‖ key)[12..32]), docs/protocol.md, "The webauthn payload").
 */
import * as z from 'zod/mini';
import { base64url, isPasskeyPublicKey, p256ImplicitAccountId, parseP256PublicKey } from '../core';
import { VaultError } from './errors';

function isP256Key(text: string): boolean {
  try {
    parseP256PublicKey(text);
    return true;
  } catch {
    return false;
  }
}

function isCredentialId(text: string): boolean {
  try {
    const n = base64url.decode(text).length;
    return n >= 16 && n <= 1023;
  } catch {
    return false;
  }
}

/**
 * A passkey's name, as its authenticator lists it and the wallet shows it beside the key (one line of 1 to
 * 128 characters, no control characters: it is shown as text, never trusted as anything else).
 */
export function isPasskeyName(text: string): boolean {
  return text.length >= 1 && text.length <= 128 && text.trim() === text && !/[\p{Cc}\u2028\u2029]/u.test(text);
}

export const storedPasskeySchema = z.lazy(() =>
  z.strictObject({
    publicKey: z.string().check(z.refine(isP256Key, 'must be p256:<base58 of x‖y>')),
    /** base64url, as the registration gave it (WebAuthn: 16 to 1023 bytes). */
    credentialId: z.string().check(z.refine(isCredentialId, 'must be a credential id (base64url)')),
    name: z.string().check(z.refine(isPasskeyName, 'must be a one-line name of 1 to 128 characters')),
    createdAt: z.string(),
  }),
);
export type StoredPasskey = z.output<typeof storedPasskeySchema>;

/** What the vault is given for a new passkey (checked by the caller against the authenticator's data). */
export interface NewPasskey {
  publicKey: string;
  credentialId: string;
  name: string;
}

/**
 * The part of the vault's contents these functions read and change (./contents.ts holds the whole
 * schema; written structurally here so that it can import this file).
 */
interface AccountLike {
  accountId: string;
  label: string;
  kind: 'implicit' | 'named' | 'passkey';
  publicKeys: string[];
}
interface ContentsLike {
  accounts: AccountLike[];
  passkeys?: StoredPasskey[] | undefined;
}

/** The implicit account of a `p256:` key. */
export const passkeyAccountId = (publicKey: string): string => p256ImplicitAccountId(parseP256PublicKey(publicKey));

/**
 * Problems of a decrypted contents' passkeys: a passkey account's id is its key's implicit account, and
 * every `p256:` key an account names is a passkey the contents hold.
 */
export function passkeyProblem(contents: ContentsLike): string | null {
  const held = new Set((contents.passkeys ?? []).map((p) => p.publicKey));
  for (const a of contents.accounts) {
    for (const k of a.publicKeys)
      if (isPasskeyPublicKey(k) && !held.has(k)) return `${a.accountId} names an unknown passkey`;
    if (a.kind !== 'passkey') continue;
    const first = a.publicKeys[0]!;
    if (!isPasskeyPublicKey(first) || passkeyAccountId(first) !== a.accountId)
      return `${a.accountId} is not the implicit account of its passkey`;
  }
  return null;
}

/** A new passkey account: the key's implicit account, signed for by that key. */
export function addPasskeyAccount<C extends ContentsLike>(
  contents: C,
  passkey: NewPasskey,
  now: Date,
  label?: string,
): { contents: C; accountId: string } {
  if (!isP256Key(passkey.publicKey) || !isCredentialId(passkey.credentialId) || !isPasskeyName(passkey.name))
    throw new VaultError('invalid_input', 'That is not a passkey this wallet can use.');
  const accountId = passkeyAccountId(passkey.publicKey);
  if (contents.accounts.some((a) => a.accountId === accountId))
    throw new VaultError('invalid_input', `The account ${accountId} is already in this wallet.`);
  const account: AccountLike = {
    accountId,
    label: label ?? `Passkey ${contents.accounts.length + 1}`,
    kind: 'passkey',
    publicKeys: [passkey.publicKey],
  };
  return {
    contents: {
      ...withPasskey(contents, passkey, now),
      accounts: [...contents.accounts, account],
    },
    accountId,
  };
}

/** A passkey as a further key of an existing account (after its `add_public_key` executed). */
export function addPasskeyKey<C extends ContentsLike>(
  contents: C,
  accountId: string,
  passkey: NewPasskey,
  now: Date,
): C {
  if (!isP256Key(passkey.publicKey) || !isCredentialId(passkey.credentialId) || !isPasskeyName(passkey.name))
    throw new VaultError('invalid_input', 'That is not a passkey this wallet can use.');
  const account = contents.accounts.find((a) => a.accountId === accountId);
  if (!account) throw new VaultError('invalid_input', `no account '${accountId}' in this wallet`);
  const next = withPasskey(contents, passkey, now);
  return {
    ...next,
    accounts: next.accounts.map((a) =>
      a.accountId === accountId && !a.publicKeys.includes(passkey.publicKey)
        ? { ...a, publicKeys: [...a.publicKeys, passkey.publicKey] }
        : a,
    ),
  };
}

function withPasskey<C extends ContentsLike>(contents: C, passkey: NewPasskey, now: Date): C {
  const passkeys = contents.passkeys ?? [];
  if (passkeys.some((p) => p.publicKey === passkey.publicKey)) return contents;
  return {
    ...contents,
    passkeys: [
      ...passkeys,
      {
        publicKey: passkey.publicKey,
        credentialId: passkey.credentialId,
        name: passkey.name,
        createdAt: now.toISOString(),
      },
    ],
  };
}

/** Passkeys no account names any more go (after an account or a key was removed). */
export function dropUnusedPasskeys<C extends ContentsLike>(contents: C): C {
  if (!contents.passkeys) return contents;
  const used = new Set(contents.accounts.flatMap((a) => a.publicKeys));
  return { ...contents, passkeys: contents.passkeys.filter((p) => used.has(p.publicKey)) };
}
