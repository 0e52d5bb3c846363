/**
 * BIP-39 phrases from entropy and their checksum
 * (https://github.com/bitcoin/bips/blob/master/bip-0039.mediawiki#generating-the-mnemonic): the entropy
 * (16 to 32 bytes, a multiple of 4) followed by the first ENT/32 bits of its SHA-256, read as 11-bit
 * word indexes. Written here rather than taken from @scure/bip39, whose module brings more than these two
 * into the background's script (docs/architecture.md, "Budgets"); test/unit/vault/bip39.unit.test.ts
 * compares both. The word list must be 2048 words.
 */
import { sha256 } from '@noble/hashes/sha2.js';

function checkList(wordlist: readonly string[]): void {
  if (wordlist.length !== 2048) throw new Error('a BIP-39 word list has 2048 words');
}

/** The entropy's bits and then its checksum bits, as a string of 0s and 1s. */
function bitsOf(entropy: Uint8Array): string {
  const bits = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(2).padStart(8, '0')).join('');
  return bits(entropy) + bits(sha256(entropy)).slice(0, entropy.length / 4);
}

export function entropyToMnemonic(entropy: Uint8Array, wordlist: readonly string[]): string {
  checkList(wordlist);
  if (entropy.length < 16 || entropy.length > 32 || entropy.length % 4 !== 0)
    throw new Error('BIP-39 entropy is 16 to 32 bytes, a multiple of 4');
  return (bitsOf(entropy).match(/.{11}/g) ?? []).map((b) => wordlist[Number.parseInt(b, 2)]!).join(' ');
}

/** True for 12 to 24 words (a multiple of 3) of the list, single-spaced, whose checksum matches. */
export function validateMnemonic(mnemonic: string, wordlist: readonly string[]): boolean {
  checkList(wordlist);
  const words = mnemonic.normalize('NFKD').split(' ');
  if (words.length < 12 || words.length > 24 || words.length % 3 !== 0) return false;
  const indexes = words.map((w) => wordlist.indexOf(w));
  if (indexes.includes(-1)) return false;
  const bits = indexes.map((i) => i.toString(2).padStart(11, '0')).join('');
  const ent = (words.length * 11 * 32) / 33;
  const entropy = Uint8Array.from(bits.slice(0, ent).match(/.{8}/g) ?? [], (b) => Number.parseInt(b, 2));
  return bitsOf(entropy) === bits;
}
