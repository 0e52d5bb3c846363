// Key text forms (src/core/keys.ts): ed25519:<base58> public and secret keys as near-api-js writes them,
// RFC 8032 §7.1 TEST 1 for the seed → public key step, and the refusals a person reads.
import { describe, expect, it } from 'vitest';
import {
  base58,
  formatPublicKey,
  formatSecretKey,
  generateKeyPair,
  hex,
  implicitAccountId,
  isImplicitAccountId,
  isValidAccountId,
  parsePublicKey,
  parseSecretKey,
  publicKeyFromSeed,
} from '../../../src/core';
import { seededRandom } from '../../fixtures/random';

const NEAR_API_JS_SECRET =
  'ed25519:3FyRtUUMxiNT1g2ST6mbj7W1CN7KfQBbomawC7YG4A1zwHmw2TRsn1Wc8NaFcBCoJDu3zt3znJDSwKQ31oRaKXH7';

describe('secret keys', () => {
  it('parses the 64-byte seed‖public form and writes it back identically', () => {
    const pair = parseSecretKey(NEAR_API_JS_SECRET);
    expect(formatSecretKey(pair)).toBe(NEAR_API_JS_SECRET);
  });

  it('parses a bare 32-byte seed to the same key pair', () => {
    const pair = parseSecretKey(NEAR_API_JS_SECRET);
    const fromSeed = parseSecretKey(`ed25519:${base58.encode(pair.secretSeed)}`);
    expect(fromSeed.publicKey).toEqual(pair.publicKey);
  });

  it('refuses a 64-byte key whose public half does not match', () => {
    const bytes = base58.decode(NEAR_API_JS_SECRET.slice(8));
    bytes[63]! ^= 1;
    expect(() => parseSecretKey(`ed25519:${base58.encode(bytes)}`)).toThrow(/does not match/);
  });

  it('refuses other curves, bad base58 and wrong lengths with clear reasons', () => {
    expect(() => parseSecretKey('secp256k1:abc')).toThrow(/only ed25519/);
    expect(() => parseSecretKey('ed25519:0OIl')).toThrow(/base58/);
    expect(() => parseSecretKey(`ed25519:${base58.encode(new Uint8Array(16))}`)).toThrow(/32 or 64 bytes/);
  });

  it('generates from the random source it is given', () => {
    const a = generateKeyPair(seededRandom(1));
    const b = generateKeyPair(seededRandom(1));
    expect(a.publicKey).toEqual(b.publicKey);
    expect(() => generateKeyPair(() => new Uint8Array(31))).toThrow(/32 bytes/);
  });
});

describe('public keys and implicit accounts', () => {
  it('round-trips the text form and accepts a case-insensitive prefix or bare base58', () => {
    const pk = parsePublicKey('ed25519:2RM3EotCzEiVobm6aMjaup43k8cFffR4KHFtrqbZ79Qy');
    expect(formatPublicKey(pk)).toBe('ed25519:2RM3EotCzEiVobm6aMjaup43k8cFffR4KHFtrqbZ79Qy');
    expect(parsePublicKey('ED25519:2RM3EotCzEiVobm6aMjaup43k8cFffR4KHFtrqbZ79Qy')).toEqual(pk);
    expect(parsePublicKey('2RM3EotCzEiVobm6aMjaup43k8cFffR4KHFtrqbZ79Qy')).toEqual(pk);
  });

  it('derives the implicit account as 64 lowercase hex', () => {
    const pk = parsePublicKey('ed25519:GGmuj19BsuQ4fwgk3rMsWyDuxEPcTttWjtdqFPfLtPX5');
    expect(implicitAccountId(pk)).toBe('e2e9cb7ac57cb46d4da1ce1d1cc2c33bdfe17407c517916b522724a8ea2c6c50');
    expect(isImplicitAccountId(implicitAccountId(pk))).toBe(true);
    expect(isValidAccountId(implicitAccountId(pk))).toBe(true);
  });

  it('refuses wrong lengths and points off the curve', () => {
    expect(() => parsePublicKey(`ed25519:${base58.encode(new Uint8Array(31))}`)).toThrow(/32 bytes/);
    // y = 2 is not on the curve.
    const bad = new Uint8Array(32);
    bad[0] = 2;
    expect(() => parsePublicKey(`ed25519:${base58.encode(bad)}`)).toThrow(/not a valid ed25519 point/);
  });
});

describe('account ids (ledger rules)', () => {
  it.each(['ab', 'alice.near', 'intents.near', 'a-b_c.d-e.near', '0x1.near', 'a'.repeat(64), 'wrap.near'])(
    'accepts %s',
    (id) => {
      expect(isValidAccountId(id)).toBe(true);
    },
  );

  it.each([
    ['a', 'too short'],
    ['a'.repeat(65), 'too long'],
    ['Alice.near', 'upper case'],
    ['.alice', 'leading separator'],
    ['alice.', 'trailing separator'],
    ['alice..near', 'double separator'],
    ['a-.near', 'separator before dot'],
    ['a__b', 'double underscore'],
    ['al ice', 'space'],
    ['alice@near', 'invalid char'],
    ['', 'empty'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidAccountId(id)).toBe(false);
  });
});

// RFC 8032 §7.1, TEST 1.
const RFC_SEED = hex.decode('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
const RFC_PUBLIC = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';

describe('seeds and generated pairs', () => {
  it('derives the RFC 8032 public key and generates the pair from exactly the 32 random bytes', () => {
    expect(hex.encode(publicKeyFromSeed(RFC_SEED))).toBe(RFC_PUBLIC);
    const pair = generateKeyPair(() => RFC_SEED);
    expect(pair.secretSeed).toBe(RFC_SEED);
    expect(hex.encode(pair.publicKey)).toBe(RFC_PUBLIC);
  });

  it('refuses a seed or a random source of the wrong size or type with its own reason', () => {
    expect(() => publicKeyFromSeed(new Uint8Array(31))).toThrow(/^secret seed must be 32 bytes, got 31$/);
    expect(() => generateKeyPair(() => new Uint8Array(31))).toThrow(/^random source must return 32 bytes$/);
    expect(() => generateKeyPair(() => new Uint8Array(33))).toThrow(/^random source must return 32 bytes$/);
    const notBytes = (): Uint8Array => Array.from(RFC_SEED) as unknown as Uint8Array;
    expect(() => generateKeyPair(notBytes)).toThrow(/^random source must return 32 bytes$/);
  });
});

describe('text forms: spaces, names in refusals, lengths', () => {
  it('reads keys with surrounding whitespace, as pasted', () => {
    const text = `ed25519:${base58.encode(hex.decode(RFC_PUBLIC))}`;
    expect(hex.encode(parsePublicKey(`  ${text}\n`))).toBe(RFC_PUBLIC);
    expect(hex.encode(parseSecretKey(` ed25519:${base58.encode(RFC_SEED)} `).publicKey)).toBe(RFC_PUBLIC);
  });

  it('names the kind of key in each refusal', () => {
    expect(() => parseSecretKey('secp256k1:abc')).toThrow(
      /^secret key uses curve 'secp256k1'; only ed25519 is supported$/,
    );
    expect(() => parseSecretKey('ed25519:0OIl')).toThrow(/^secret key is not valid base58$/);
    expect(() => parsePublicKey('p256:abc')).toThrow(/^public key uses curve 'p256'; only ed25519 is supported$/);
    expect(() => parsePublicKey('ed25519:0OIl')).toThrow(/^public key is not valid base58$/);
  });

  it('refuses to write or name a public key that is not 32 bytes', () => {
    expect(() => formatPublicKey(new Uint8Array(31))).toThrow(/^public key must be 32 bytes, got 31$/);
    expect(() => implicitAccountId(new Uint8Array(33))).toThrow(/^public key must be 32 bytes, got 33$/);
  });
});
