import { readFileSync } from 'node:fs';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { formatPublicKey, formatSecretKey, hex, implicitAccountId } from '../../../src/core';
import { generatePhrase, isValidPhrase, keyPairFromPhrase, slip10Derive } from '../../../src/vault';
import { seededRandom } from '../../fixtures/random';

// SLIP-0010 test vector 1 for ed25519 (seed 000102030405060708090a0b0c0d0e0f).
describe('SLIP-10 ed25519 vectors', () => {
  const seed = hex.decode('000102030405060708090a0b0c0d0e0f');
  it('derives the master key and chain code', () => {
    const m = slip10Derive(seed, 'm');
    expect(hex.encode(m.chainCode)).toBe('90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb');
    expect(hex.encode(m.key)).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7');
  });
  it("derives m/0'", () => {
    const n = slip10Derive(seed, "m/0'");
    expect(hex.encode(n.chainCode)).toBe('8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69');
    expect(hex.encode(n.key)).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3');
  });
  it('refuses non-hardened steps', () => {
    expect(() => slip10Derive(seed, 'm/0')).toThrow(/hardened/);
    expect(() => slip10Derive(seed, '0/1')).toThrow(/m\//);
  });
});

// nameskyteam/near-seed-phrase-rs README (the ledger's derivation, same as near-seed-phrase).
describe("recovery phrases at m/44'/397'/0'", () => {
  const phrase = 'fortune conduct light unusual gloom process wrap spare season exact anchor devote';
  it('derives the published key pair', () => {
    const pair = keyPairFromPhrase(phrase, wordlist);
    expect(formatPublicKey(pair.publicKey)).toBe('ed25519:2PQENDq3KABdr7cw1TH5B4AdXLqcyNXTTpWbdZh7k828');
    expect(formatSecretKey(pair)).toBe(
      'ed25519:G94YBVktAVUFZWvYBtYmfpvVMNCtSf2x73bMfTCM9CfzyrUyN5X6VpTqr8QTCHYBTdUfzufDsTy3cR9CfNf74Bv',
    );
  });
  it('derives the published keys for a passphrase and another path', () => {
    expect(formatPublicKey(keyPairFromPhrase(phrase, wordlist, undefined, 'password').publicKey)).toBe(
      'ed25519:FoccWVCwm6dn9e7i1JHXskvac52iwUngHpLZMbdMggMk',
    );
    expect(formatPublicKey(keyPairFromPhrase(phrase, wordlist, "m/44'/397'/1'").publicKey)).toBe(
      'ed25519:5yszd4dR4jgNhVpSo9oYT2RXLLWdEqqJ5y1WjLiwodTS',
    );
  });
  it('normalises case and spacing', () => {
    const messy = `  ${phrase.toUpperCase().replace(/ /g, '   ')} `;
    expect(keyPairFromPhrase(messy, wordlist).publicKey).toEqual(keyPairFromPhrase(phrase, wordlist).publicKey);
  });
  it('derives the implicit account of another published phrase', () => {
    const pair = keyPairFromPhrase('around sport foil shuffle cement rigid soccer worry doll second charge adult', wordlist);
    expect(implicitAccountId(pair.publicKey)).toBe('f3fe9a3f1fc698996455196be3877e436311d45dd10b4a664b15b59c9fc1456f');
  });
  it('explains what is wrong with a bad phrase', () => {
    expect(() => keyPairFromPhrase('fortune conduct light', wordlist)).toThrow(/12 or 24 words; this one has 3/);
    expect(() => keyPairFromPhrase(phrase.replace('fortune', 'fortunee'), wordlist)).toThrow(/'fortunee' is not a recovery-phrase word/);
    expect(() => keyPairFromPhrase(phrase.replace('fortune', 'conduct'), wordlist)).toThrow(/checksum/);
  });
  it('generates valid 12- and 24-word phrases from the given randomness', () => {
    const twelve = generatePhrase(seededRandom(1), wordlist);
    expect(twelve.split(' ')).toHaveLength(12);
    expect(isValidPhrase(twelve, wordlist)).toBe(true);
    expect(generatePhrase(seededRandom(1), wordlist, 24).split(' ')).toHaveLength(24);
  });
});

describe('the word list shipped with the extension', () => {
  it('is exactly the BIP-39 English list, one word a line', () => {
    const shipped = readFileSync(new URL('../../../assets/public/bip39-english.txt', import.meta.url), 'utf8').trim().split('\n');
    expect(shipped).toEqual(wordlist);
  });
  it('a list that is not 2048 words is refused', () => {
    expect(() => generatePhrase(seededRandom(1), wordlist.slice(1))).toThrow();
  });
});
