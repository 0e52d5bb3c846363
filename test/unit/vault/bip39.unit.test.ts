// The wallet's BIP-39 phrase and checksum (src/vault/bip39.ts) against @scure/bip39, which it replaces
// in the background's script: the same phrase for the same entropy, and the same verdict on phrases
// that are right, have a word changed, swapped, dropped or added, or are not of the list.
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import * as scure from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { entropyToMnemonic, validateMnemonic } from '../../../src/vault/bip39';

describe('BIP-39', () => {
  it('the same phrase as @scure/bip39 for the same entropy, at every length', () => {
    for (let i = 0; i < 200; i++) {
      const entropy = new Uint8Array(randomBytes(16 + 4 * (i % 5)));
      if (i % 7 === 0) entropy.fill(i % 2 ? 0 : 0xff);
      expect(entropyToMnemonic(entropy, wordlist)).toBe(scure.entropyToMnemonic(entropy, wordlist));
    }
    // The specification's first test vector (https://github.com/trezor/python-mnemonic/blob/master/vectors.json).
    expect(entropyToMnemonic(new Uint8Array(16), wordlist)).toBe(`${'abandon '.repeat(11)}about`);
    for (const n of [0, 12, 15, 17, 30, 33, 36])
      expect(() => entropyToMnemonic(new Uint8Array(n), wordlist)).toThrow(
        'BIP-39 entropy is 16 to 32 bytes, a multiple of 4',
      );
    expect(() => entropyToMnemonic(new Uint8Array(16), wordlist.slice(1))).toThrow('a BIP-39 word list has 2048 words');
    expect(() => validateMnemonic(`${'abandon '.repeat(11)}about`, wordlist.slice(1))).toThrow(
      'a BIP-39 word list has 2048 words',
    );
  });

  it('the same verdict as @scure/bip39 on right and wrong phrases', () => {
    const cases: string[] = ['', 'abandon', `${'abandon '.repeat(11)}about`, `${'abandon '.repeat(11)}abandon`];
    for (let i = 0; i < 100; i++) {
      const words = scure.entropyToMnemonic(new Uint8Array(randomBytes(16 + 4 * (i % 5))), wordlist).split(' ');
      const other = wordlist[(i * 37) % 2048]!;
      const at = i % words.length;
      cases.push(
        words.join(' '),
        words.map((w, k) => (k === at ? other : w)).join(' '),
        [...words.slice(1), words[0]].join(' '),
        words.slice(1).join(' '),
        [...words, other].join(' '),
        [...words, other, other, other].join(' '),
        words.map((w, k) => (k === at ? `${w}x` : w)).join(' '),
        words.join('  '),
      );
    }
    for (const phrase of cases)
      expect(validateMnemonic(phrase, wordlist), phrase).toBe(scure.validateMnemonic(phrase, wordlist));
    expect(cases.filter((p) => validateMnemonic(p, wordlist)).length).toBeGreaterThan(100);
  });

  it('refuses phrases of 9 and 27 words even when their checksum matches (BIP-39 has 12 to 24)', () => {
    for (const bytes of [12, 36]) {
      const entropy = new Uint8Array(randomBytes(bytes));
      const bits = [...entropy, ...sha256(entropy)].map((b) => b.toString(2).padStart(8, '0')).join('');
      const words = bits
        .slice(0, bytes * 8 + bytes / 4)
        .match(/.{11}/g)!
        .map((b) => wordlist[Number.parseInt(b, 2)]!);
      expect(words).toHaveLength((bytes * 3) / 4);
      expect(validateMnemonic(words.join(' '), wordlist)).toBe(false);
    }
  });
});
