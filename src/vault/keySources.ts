/**
 * Where a new key comes from: generated, a new recovery phrase, an imported phrase (SLIP-10 at the ledger's
 * path, ./phrase.ts) or an imported secret key. Only the vault calls this: the secret exists here and in
 * the vault's contents, and what goes back to the caller is the account, the public key and, for a phrase
 * the vault has just made, its words once for the backup step (docs/security.md, "Keys at rest and in memory").
 */

import {
  formatPublicKey,
  generateKeyPair,
  implicitAccountId,
  isImplicitAccountId,
  type KeyPair,
  parseSecretKey,
  type Random,
} from '../core';
import { errorText } from '../core/errorText';
import { addKey, type NewKey, type VaultContents } from './contents';
import { VaultError } from './errors';
import {
  accountIndexOf,
  accountPath,
  generatePhrase,
  keyPairFromPhrase,
  LEDGER_DERIVATION_PATH,
  normalizePhrase,
} from './phrase';

/** How a new wallet or account gets its first key (the wallet API's KeySource, src/api/walletApi.ts). */
export type KeySource =
  | { kind: 'generate' }
  | { kind: 'newPhrase'; words: 12 | 24 }
  | { kind: 'importPhrase'; phrase: string }
  | { kind: 'importKey'; secretKey: string; accountId?: string | undefined }
  /** The next account of the wallet's recovery phrase (only for a further account: `deriveNext`). */
  | { kind: 'derive' };

/** A phrase the vault has just made, shown once for the backup step. */
export interface NewPhrase {
  id: string;
  words: string[];
}

/** What an added key gives back: never a secret, except the words of a phrase made just now. */
export interface AddedKey {
  accountId: string;
  publicKey: string;
  phrase?: NewPhrase;
}

/** A key made or read from a source, not yet in the contents. */
export interface MadeKey {
  key: NewKey;
  accountId?: string | undefined;
  phrase?: { id: string; text: string; backedUp: boolean };
}

export interface KeyMaking {
  random: Random;
  /** The BIP-39 English word list, asked for only by the phrase sources. */
  wordlist: () => Promise<string[]>;
}

/** Makes or reads the key of `source` (phrase derivation is asynchronous WebCrypto, so it runs before the write). */
export async function makeKey(source: KeySource, making: KeyMaking): Promise<MadeKey> {
  switch (source.kind) {
    case 'generate':
      return { key: { pair: generateKeyPair(making.random), source: 'generated' } };
    case 'newPhrase': {
      const wordlist = await making.wordlist();
      return withPhrase(generatePhrase(making.random, wordlist, source.words), wordlist, false);
    }
    case 'importPhrase':
      return withPhrase(source.phrase, await making.wordlist(), true);
    case 'derive':
      throw new VaultError('invalid_input', 'A derived account needs the wallet: add it as a further account.');
    case 'importKey': {
      let pair: KeyPair;
      try {
        pair = parseSecretKey(source.secretKey);
      } catch (e) {
        throw new VaultError('invalid_input', `That secret key cannot be used: ${errorText(e)}.`);
      }
      if (
        source.accountId &&
        isImplicitAccountId(source.accountId) &&
        source.accountId !== implicitAccountId(pair.publicKey)
      ) {
        pair.secretSeed.fill(0);
        throw new VaultError('invalid_input', 'That implicit account id does not belong to this key.');
      }
      return { key: { pair, source: 'imported' }, accountId: source.accountId };
    }
  }
}

async function withPhrase(phrase: string, wordlist: string[], backedUp: boolean): Promise<MadeKey> {
  const pair = await keyPairFromPhrase(phrase, wordlist);
  const id = implicitAccountId(pair.publicKey).slice(0, 16);
  return {
    key: { pair, source: 'phrase', phraseId: id, derivationPath: LEDGER_DERIVATION_PATH },
    phrase: { id, text: normalizePhrase(phrase), backedUp },
  };
}

/**
 * The wallet's recovery phrase: the first it holds (the one it was made or restored with). New accounts
 * derive from it; null when the wallet has none (a Quick key, an imported key or a passkey at the start).
 */
export function walletPhraseId(contents: VaultContents): string | null {
  return contents.phrases[0]?.id ?? null;
}

/**
 * The next account of the wallet's phrase, SLIP-10 at m/44'/397'/N' for the smallest N this wallet holds no
 * key of: 1, 2 … after the phrase's first account, and an account removed earlier comes back at its own
 * index. So adding accounts after a restore from the phrase recreates them in the order they were made.
 */
export async function deriveNext(contents: VaultContents, wordlist: string[]): Promise<MadeKey> {
  const phrase = contents.phrases.find((p) => p.id === walletPhraseId(contents));
  if (!phrase)
    throw new VaultError(
      'invalid_input',
      'This wallet has no recovery phrase to derive accounts from: add a new key or import one instead.',
    );
  const held = new Set(
    contents.keys
      .filter((k) => k.source === 'phrase' && k.phraseId === phrase.id)
      .map((k) => accountIndexOf(k.derivationPath)),
  );
  for (let n = 0; ; n += 1) {
    if (held.has(n)) continue;
    const path = accountPath(n);
    const pair = await keyPairFromPhrase(phrase.phrase, wordlist, path);
    // The same key imported by hand earlier is held already: its account is not new.
    if (!contents.keys.some((k) => k.publicKey === formatPublicKey(pair.publicKey)))
      return { key: { pair, source: 'phrase', phraseId: phrase.id, derivationPath: path } };
    pair.secretSeed.fill(0);
  }
}

/** Adds a made key (to its implicit account unless an account is named) and its phrase, once. */
export function addMadeKey(
  contents: VaultContents,
  made: MadeKey,
  now: Date,
  label?: string,
): { contents: VaultContents; added: AddedKey } {
  const withKey = addKey(contents, made.key, now, made.accountId, label);
  const publicKey = formatPublicKey(made.key.pair.publicKey);
  const accountId = made.accountId ?? implicitAccountId(made.key.pair.publicKey);
  const phrase = made.phrase;
  if (!phrase) return { contents: withKey, added: { accountId, publicKey } };
  const phrases = withKey.phrases.some((p) => p.id === phrase.id)
    ? withKey.phrases
    : [
        ...withKey.phrases,
        { id: phrase.id, phrase: phrase.text, createdAt: now.toISOString(), backedUp: phrase.backedUp },
      ];
  const added = phrase.backedUp
    ? { accountId, publicKey }
    : { accountId, publicKey, phrase: { id: phrase.id, words: phrase.text.split(' ') } };
  return { contents: { ...withKey, phrases }, added };
}
