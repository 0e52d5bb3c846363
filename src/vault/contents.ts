/**
 * What the vault record decrypts to: local keys (secret + public), the accounts they sign for, and
 * recovery phrases. Pure functions return a new contents object; the Vault persists it.
 */
import * as z from 'zod/mini';
import {
  formatPublicKey,
  formatSecretKey,
  implicitAccountId,
  isImplicitAccountId,
  isValidAccountId,
  type KeyPair,
  parsePublicKey,
  parseSecretKey,
} from '../core';
import { VaultError } from './errors';
import { dropUnusedPasskeys, storedPasskeySchema } from './passkeys';

const storedKeySchema = z.lazy(() =>
  z.strictObject({
    publicKey: z.string(),
    secretKey: z.string(),
    source: z.enum(['generated', 'imported', 'phrase']),
    phraseId: z.optional(z.string()),
    derivationPath: z.optional(z.string()),
    createdAt: z.string(),
    /** When the secret key was last exported (its backup, for a key no phrase covers); absent before. */
    exportedAt: z.optional(z.string()),
  }),
);

const accountSchema = z.lazy(() =>
  z.strictObject({
    accountId: z.string().check(z.refine(isValidAccountId)),
    label: z.string().check(z.maxLength(64)),
    /** `passkey`: the implicit account of a passkey's `p256:` key (./passkeys.ts). */
    kind: z.enum(['implicit', 'named', 'passkey']),
    /** Local keys that can sign for this account (ed25519 keys, or passkeys' `p256:` keys); the first is the signing key. */
    publicKeys: z.array(z.string()).check(z.minLength(1)),
  }),
);

const phraseSchema = z.lazy(() =>
  z.strictObject({
    id: z.string(),
    phrase: z.string(),
    createdAt: z.string(),
    backedUp: z.boolean(),
  }),
);

export const vaultContentsSchema = z.lazy(() =>
  z.strictObject({
    version: z.literal(1),
    keys: z.array(storedKeySchema),
    accounts: z.array(accountSchema),
    phrases: z.array(phraseSchema),
    /** The public halves of passkeys (./passkeys.ts); absent in vaults written before. */
    passkeys: z.optional(z.array(storedPasskeySchema)),
    /**
     * Base64 of the 32-byte key that seals the user's service credentials (./credentialCipher.ts).
     * Made the first time a credential is sealed; absent in vaults written before.
     */
    credentialsKey: z.optional(z.string().check(z.regex(/^[A-Za-z0-9+/]{43}=$/, 'must be base64 of 32 bytes'))),
    /**
     * Base64 of the 32-byte key that seals the wallet's private records in storage (history, Activity,
     * balances, drafts: docs/security.md, "What storage keeps"). Made at the first seal; absent before.
     */
    dataKey: z.optional(z.string().check(z.regex(/^[A-Za-z0-9+/]{43}=$/, 'must be base64 of 32 bytes'))),
  }),
);

export type VaultContents = z.output<typeof vaultContentsSchema>;
export type StoredKey = z.output<typeof storedKeySchema>;
export type VaultAccount = z.output<typeof accountSchema>;

export function emptyContents(): VaultContents {
  return { version: 1, keys: [], accounts: [], phrases: [] };
}

export interface NewKey {
  pair: KeyPair;
  source: StoredKey['source'];
  phraseId?: string;
  derivationPath?: string;
}

/** Adds a key; without an account id it becomes (or joins) its implicit account, usable at once. */
export function addKey(
  contents: VaultContents,
  key: NewKey,
  now: Date,
  accountId?: string,
  label?: string,
): VaultContents {
  const publicKey = formatPublicKey(key.pair.publicKey);
  const keys = contents.keys.some((k) => k.publicKey === publicKey)
    ? contents.keys
    : [
        ...contents.keys,
        {
          publicKey,
          secretKey: formatSecretKey(key.pair),
          source: key.source,
          ...(key.phraseId ? { phraseId: key.phraseId } : {}),
          ...(key.derivationPath ? { derivationPath: key.derivationPath } : {}),
          createdAt: now.toISOString(),
        },
      ];
  return attach({ ...contents, keys }, publicKey, accountId ?? implicitAccountId(key.pair.publicKey), label);
}

/**
 * A key held for a change not yet made (a key to add to an account once the verifier has it): its secret
 * is kept, no account signs with it until attachHeldKey, and dropHeldKey forgets it again.
 */
export function holdKey(contents: VaultContents, key: NewKey, now: Date): VaultContents {
  const publicKey = formatPublicKey(key.pair.publicKey);
  if (contents.keys.some((k) => k.publicKey === publicKey)) return contents;
  return {
    ...contents,
    keys: [
      ...contents.keys,
      { publicKey, secretKey: formatSecretKey(key.pair), source: key.source, createdAt: now.toISOString() },
    ],
  };
}

/** A held key becomes a further local key of `accountId`. */
export function attachHeldKey(contents: VaultContents, accountId: string, publicKey: string): VaultContents {
  requireAccount(contents, accountId);
  if (!contents.keys.some((k) => k.publicKey === publicKey))
    throw new VaultError('unknown_key', `no local secret for key ${publicKey}`);
  return attach(contents, publicKey, accountId);
}

/** Forgets a held key no account signs with (a change that did not go out). */
export function dropHeldKey(contents: VaultContents, publicKey: string): VaultContents {
  if (contents.accounts.some((a) => a.publicKeys.includes(publicKey))) return contents;
  return { ...contents, keys: contents.keys.filter((k) => k.publicKey !== publicKey) };
}

/**
 * Lets a key the contents hold sign for `accountId`: added to the account, or a new account. An implicit
 * account id is the hex of its own key, so another key may join it only once it exists.
 */
function attach(contents: VaultContents, publicKey: string, accountId: string, label?: string): VaultContents {
  if (!isValidAccountId(accountId)) throw new VaultError('invalid_input', `'${accountId}' is not a valid account id`);
  const existing = contents.accounts.find((a) => a.accountId === accountId);
  const implicit = isImplicitAccountId(accountId);
  if (!existing && implicit && accountId !== implicitAccountId(parsePublicKey(publicKey))) {
    throw new VaultError(
      'invalid_input',
      'an implicit account id is the hex of its own key; use that key or a named account',
    );
  }
  const accounts = existing
    ? contents.accounts.map((a) =>
        a === existing && !a.publicKeys.includes(publicKey) ? { ...a, publicKeys: [...a.publicKeys, publicKey] } : a,
      )
    : [
        ...contents.accounts,
        {
          accountId,
          label: label ?? defaultLabel(contents, accountId),
          kind: implicit ? ('implicit' as const) : ('named' as const),
          publicKeys: [publicKey],
        },
      ];
  return { ...contents, accounts };
}

/**
 * The name the vault gives an implicit account nobody named, stored as written here; a reader shows it in
 * the person's language (src/background/wallet/accountViews.ts), recognising it by DEFAULT_ACCOUNT_NAME.
 */
function defaultLabel(contents: VaultContents, accountId: string): string {
  return isImplicitAccountId(accountId) ? `Account ${contents.accounts.length + 1}` : accountId;
}
export const DEFAULT_ACCOUNT_NAME = /^Account (\d{1,6})$/;

export function renameAccount(contents: VaultContents, accountId: string, label: string): VaultContents {
  const clean = label.trim();
  if (clean.length === 0 || clean.length > 64) throw new VaultError('invalid_input', 'a label has 1 to 64 characters');
  requireAccount(contents, accountId);
  return {
    ...contents,
    accounts: contents.accounts.map((a) => (a.accountId === accountId ? { ...a, label: clean } : a)),
  };
}

/** Removes the account; keys no other account uses go with it. */
export function removeAccount(contents: VaultContents, accountId: string): VaultContents {
  requireAccount(contents, accountId);
  const accounts = contents.accounts.filter((a) => a.accountId !== accountId);
  const used = new Set(accounts.flatMap((a) => a.publicKeys));
  return dropUnusedPasskeys({ ...contents, accounts, keys: contents.keys.filter((k) => used.has(k.publicKey)) });
}

/** Makes `publicKey` the account's signing key (first in its list), e.g. after a rotation. */
export function setSigningKey(contents: VaultContents, accountId: string, publicKey: string): VaultContents {
  const account = requireAccount(contents, accountId);
  if (!account.publicKeys.includes(publicKey))
    throw new VaultError('unknown_key', `key ${publicKey} is not a local key of ${accountId}`);
  return {
    ...contents,
    accounts: contents.accounts.map((a) =>
      a.accountId === accountId ? { ...a, publicKeys: [publicKey, ...a.publicKeys.filter((k) => k !== publicKey)] } : a,
    ),
  };
}

/**
 * Forgets a local key of an account (after it was removed on the verifier, or leaked). `successor`, when
 * given, becomes the signing key in the same change, so a rotation is one write.
 */
export function forgetKey(
  contents: VaultContents,
  accountId: string,
  publicKey: string,
  successor?: string,
): VaultContents {
  const start = successor ? setSigningKey(contents, accountId, successor) : contents;
  const account = requireAccount(start, accountId);
  if (!account.publicKeys.includes(publicKey))
    throw new VaultError('unknown_key', `key ${publicKey} is not a local key of ${accountId}`);
  if (account.publicKeys.length === 1)
    throw new VaultError('invalid_input', 'this is the account’s only local key; remove the account instead');
  const accounts = start.accounts.map((a) =>
    a.accountId === accountId ? { ...a, publicKeys: a.publicKeys.filter((k) => k !== publicKey) } : a,
  );
  const used = new Set(accounts.flatMap((a) => a.publicKeys));
  return dropUnusedPasskeys({ ...start, accounts, keys: start.keys.filter((k) => used.has(k.publicKey)) });
}

/**
 * An account signed by a key this wallet already holds for another account: a named account, or the
 * key's own implicit account again after it was removed.
 */
export function addNamedAccount(
  contents: VaultContents,
  accountId: string,
  publicKey: string,
  label?: string,
): VaultContents {
  if (!contents.accounts.some((a) => a.publicKeys.includes(publicKey)))
    throw new VaultError('unknown_key', 'Pick one of this wallet’s keys for the named account.');
  if (contents.accounts.some((a) => a.accountId === accountId))
    throw new VaultError(
      'invalid_input',
      `The account ${accountId} is already in this wallet.`,
      undefined,
      undefined,
      'account_exists',
    );
  return attach(contents, publicKey, accountId, label);
}

export function markPhraseBackedUp(contents: VaultContents, phraseId: string): VaultContents {
  if (!contents.phrases.some((p) => p.id === phraseId))
    throw new VaultError('invalid_input', 'no such recovery phrase');
  return { ...contents, phrases: contents.phrases.map((p) => (p.id === phraseId ? { ...p, backedUp: true } : p)) };
}

/** Notes that the key's secret was exported (shown to the person to keep): a key no phrase covers is then backed up. */
export function markKeyExported(contents: VaultContents, publicKey: string, now: Date): VaultContents {
  return {
    ...contents,
    keys: contents.keys.map((k) => (k.publicKey === publicKey ? { ...k, exportedAt: now.toISOString() } : k)),
  };
}

export function requireAccount(contents: VaultContents, accountId: string): VaultAccount {
  const account = contents.accounts.find((a) => a.accountId === accountId);
  if (!account) throw new VaultError('invalid_input', `no account '${accountId}' in this wallet`);
  return account;
}

/** The 32-byte seed stored for `publicKey`, for one signature (the caller zeroes it). */
export function seedOf(contents: VaultContents, publicKey: string): Uint8Array {
  const key = contents.keys.find((k) => k.publicKey === publicKey);
  if (!key) throw new VaultError('unknown_key', `no local secret for key ${publicKey}`);
  try {
    return parseSecretKey(key.secretKey).secretSeed;
  } catch {
    throw new VaultError('corrupted', `The stored secret of ${publicKey} is damaged.`);
  }
}
