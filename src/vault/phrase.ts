/**
 * Recovery phrases: BIP-39 (English list) → seed → SLIP-10 ed25519 at the ledger's path m/44'/397'/0',
 * the derivation every wallet of the ledger uses (near-seed-phrase), so phrases move between wallets.
 *
 * The caller passes the English word list: the background loads it from the extension package
 * (assets/public/bip39-english.txt, checked against @scure/bip39's list by a unit test) only when a
 * phrase is made or imported, which keeps 13 kB of words out of the service worker's script (its
 * 60 kB gzip budget, parsed at every worker start). ./bip39.ts refuses a list that is not 2048 words.
 */

import { type KeyPair, publicKeyFromSeed, type Random, utf8 } from '../core';
import { entropyToMnemonic, validateMnemonic } from './bip39';
import { VaultError } from './errors';
import { slip10Derive } from './slip10';

/**
 * Account `n` of a phrase: m/44'/397'/n' (397 is NEAR's SLIP-44 coin type,
 * https://github.com/satoshilabs/slips/blob/master/slip-0044.md). Account 0 is the path every wallet of the
 * ledger derives a phrase's first key at; the wallet's further accounts take 1, 2 … in order, so restoring
 * the phrase finds them again in the same order.
 */
export function accountPath(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 0x80000000)
    throw new VaultError('invalid_input', `account index ${n} is out of range`);
  return `m/44'/397'/${n}'`;
}

/** The account index of a path made by `accountPath`, else null. */
export function accountIndexOf(path: string | undefined): number | null {
  const m = path === undefined ? null : /^m\/44'\/397'\/(\d+)'$/.exec(path);
  return m ? Number(m[1]) : null;
}

export const LEDGER_DERIVATION_PATH = accountPath(0);

/** Lower-cases and single-spaces, as wallets do before checking or hashing a phrase. */
export function normalizePhrase(phrase: string): string {
  return phrase
    .trim()
    .split(/\s+/)
    .map((w) => w.toLowerCase())
    .join(' ');
}

export function generatePhrase(random: Random, wordlist: string[], words: 12 | 24 = 12): string {
  return entropyToMnemonic(random(words === 12 ? 16 : 32), wordlist);
}

export function isValidPhrase(phrase: string, wordlist: string[]): boolean {
  return validateMnemonic(normalizePhrase(phrase), wordlist);
}

/**
 * BIP-39 seed: PBKDF2-HMAC-SHA512(NFKD(mnemonic), "mnemonic" ‖ NFKD(passphrase), 2048 rounds, 64 bytes),
 * https://github.com/bitcoin/bips/blob/master/bip-0039.mediawiki#from-mnemonic-to-seed, by WebCrypto.
 */
export async function mnemonicToSeed(mnemonic: string, passphrase = ''): Promise<Uint8Array> {
  const password = utf8.encode(mnemonic.normalize('NFKD'));
  const key = await crypto.subtle.importKey('raw', password as Uint8Array<ArrayBuffer>, 'PBKDF2', false, [
    'deriveBits',
  ]);
  const salt = utf8.encode(`mnemonic${passphrase.normalize('NFKD')}`) as Uint8Array<ArrayBuffer>;
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt, iterations: 2048 }, key, 512),
  );
}

export async function keyPairFromPhrase(
  phrase: string,
  wordlist: string[],
  path = LEDGER_DERIVATION_PATH,
  passphrase = '',
): Promise<KeyPair> {
  const normal = normalizePhrase(phrase);
  const count = normal.split(' ').length;
  if (count !== 12 && count !== 24) {
    throw new VaultError('invalid_input', `a recovery phrase has 12 or 24 words; this one has ${count}`);
  }
  const unknown = normal.split(' ').find((w) => !wordlist.includes(w));
  if (unknown) throw new VaultError('invalid_input', `'${unknown}' is not a recovery-phrase word`);
  if (!validateMnemonic(normal, wordlist)) {
    throw new VaultError(
      'invalid_input',
      'the recovery phrase checksum does not match: a word is wrong or out of order',
    );
  }
  const { key } = await slip10Derive(await mnemonicToSeed(normal, passphrase), path);
  return { secretSeed: key, publicKey: publicKeyFromSeed(key) };
}
