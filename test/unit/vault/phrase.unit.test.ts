import { readFileSync } from 'node:fs';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { formatPublicKey, formatSecretKey, hex, implicitAccountId } from '../../../src/core';
import { generatePhrase, isValidPhrase, keyPairFromPhrase, mnemonicToSeed } from '../../../src/vault/phrase';
import { slip10Derive } from '../../../src/vault/slip10';
import { seededRandom } from '../../fixtures/random';

// SLIP-0010 test vector 1 for ed25519 (seed 000102030405060708090a0b0c0d0e0f).
describe('SLIP-10 ed25519 vectors', () => {
  const seed = hex.decode('000102030405060708090a0b0c0d0e0f');
  it('derives the master key and chain code', async () => {
    const m = await slip10Derive(seed, 'm');
    expect(hex.encode(m.chainCode)).toBe('90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb');
    expect(hex.encode(m.key)).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7');
  });
  it("derives m/0'", async () => {
    const n = await slip10Derive(seed, "m/0'");
    expect(hex.encode(n.chainCode)).toBe('8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69');
    expect(hex.encode(n.key)).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3');
  });
  it('refuses non-hardened steps', async () => {
    await expect(slip10Derive(seed, 'm/0')).rejects.toThrow(/hardened/);
    await expect(slip10Derive(seed, '0/1')).rejects.toThrow(/m\//);
  });
});

// BIP-39 reference vectors (trezor/python-mnemonic vectors.json, passphrase "TREZOR").
describe('BIP-39 seed (WebCrypto PBKDF2-HMAC-SHA512)', () => {
  it('matches the reference vectors', async () => {
    const abandon = `${'abandon '.repeat(11)}about`;
    expect(hex.encode(await mnemonicToSeed(abandon, 'TREZOR'))).toBe(
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    );
    expect(
      hex.encode(
        await mnemonicToSeed('legal winner thank year wave sausage worth useful legal winner thank yellow', 'TREZOR'),
      ),
    ).toBe(
      '2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6fa457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607',
    );
  });
});

// nameskyteam/near-seed-phrase-rs README (the ledger's derivation, same as near-seed-phrase).
describe("recovery phrases at m/44'/397'/0'", () => {
  const phrase = 'fortune conduct light unusual gloom process wrap spare season exact anchor devote';
  it('derives the published key pair', async () => {
    const pair = await keyPairFromPhrase(phrase, wordlist);
    expect(formatPublicKey(pair.publicKey)).toBe('ed25519:2PQENDq3KABdr7cw1TH5B4AdXLqcyNXTTpWbdZh7k828');
    expect(formatSecretKey(pair)).toBe(
      'ed25519:G94YBVktAVUFZWvYBtYmfpvVMNCtSf2x73bMfTCM9CfzyrUyN5X6VpTqr8QTCHYBTdUfzufDsTy3cR9CfNf74Bv',
    );
  });
  it('derives the published keys for a passphrase and another path', async () => {
    expect(formatPublicKey((await keyPairFromPhrase(phrase, wordlist, undefined, 'password')).publicKey)).toBe(
      'ed25519:FoccWVCwm6dn9e7i1JHXskvac52iwUngHpLZMbdMggMk',
    );
    expect(formatPublicKey((await keyPairFromPhrase(phrase, wordlist, "m/44'/397'/1'")).publicKey)).toBe(
      'ed25519:5yszd4dR4jgNhVpSo9oYT2RXLLWdEqqJ5y1WjLiwodTS',
    );
  });
  it('normalises case and spacing', async () => {
    const messy = `  ${phrase.toUpperCase().replace(/ /g, '   ')} `;
    expect((await keyPairFromPhrase(messy, wordlist)).publicKey).toEqual(
      (await keyPairFromPhrase(phrase, wordlist)).publicKey,
    );
  });
  it('derives the implicit account of another published phrase', async () => {
    const pair = await keyPairFromPhrase(
      'around sport foil shuffle cement rigid soccer worry doll second charge adult',
      wordlist,
    );
    expect(implicitAccountId(pair.publicKey)).toBe('f3fe9a3f1fc698996455196be3877e436311d45dd10b4a664b15b59c9fc1456f');
  });
  it('explains what is wrong with a bad phrase', async () => {
    await expect(keyPairFromPhrase('fortune conduct light', wordlist)).rejects.toThrow(
      /12 or 24 words; this one has 3/,
    );
    await expect(keyPairFromPhrase(phrase.replace('fortune', 'fortunee'), wordlist)).rejects.toThrow(
      /'fortunee' is not a recovery-phrase word/,
    );
    await expect(keyPairFromPhrase(phrase.replace('fortune', 'conduct'), wordlist)).rejects.toThrow(/checksum/);
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
    const shipped = readFileSync(new URL('../../../assets/public/bip39-english.txt', import.meta.url), 'utf8')
      .trim()
      .split('\n');
    expect(shipped).toEqual(wordlist);
  });
  it('a list that is not 2048 words is refused', () => {
    expect(() => generatePhrase(seededRandom(1), wordlist.slice(1))).toThrow();
  });
});
