import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { expandSeed, hex, signIntentPayload, signNep413, verifyNep413, buildIntentPayload, implicitAccountId, publicKeyFromSeed } from '../../../src/core';
import { seededRandom } from '../../fixtures/random';

// RFC 8032 §7.1, Ed25519 TEST 1–3 (https://www.rfc-editor.org/rfc/rfc8032#section-7.1).
const RFC8032 = [
  {
    secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature: 'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: '72',
    signature: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
  {
    secret: 'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
    publicKey: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    message: 'af82',
    signature: '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  },
];

describe('expanded ed25519 keys (signing with the scalar, prefix and point kept)', () => {
  it.each(RFC8032)('signs the RFC 8032 vector with public key $publicKey', (v) => {
    const key = expandSeed(hex.decode(v.secret));
    expect(hex.encode(key.publicKey)).toBe(v.publicKey);
    expect(hex.encode(key.sign(hex.decode(v.message)))).toBe(v.signature);
  });

  it('gives the bytes of ed25519.sign for many seeds and messages, again and again with one key', () => {
    const random = seededRandom(413);
    for (let i = 0; i < 20; i++) {
      const seed = random(32);
      const key = expandSeed(seed);
      for (let j = 0; j < 5; j++) {
        const message = random(j * 40);
        expect(hex.encode(key.sign(message))).toBe(hex.encode(ed25519.sign(message, seed)));
      }
    }
  });

  it('signs NEP-413 messages and intent payloads exactly as the seed does', () => {
    const seed = seededRandom(7)(32);
    const key = expandSeed(seed);
    const nep413 = { message: 'hello', nonce: new Uint8Array(32).fill(9), recipient: 'intents.near' };
    expect(signNep413(key, nep413)).toEqual(signNep413(seed, nep413));
    expect(verifyNep413(publicKeyFromSeed(seed), nep413, signNep413(key, nep413))).toBe(true);
    const payload = buildIntentPayload({
      signerId: implicitAccountId(key.publicKey),
      verifyingContract: 'intents.near',
      deadline: '2030-01-01T00:00:00.000Z',
      nonce: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      intents: [],
    });
    for (const standard of ['nep413', 'raw_ed25519'] as const) {
      expect(signIntentPayload(key, payload, standard)).toEqual(signIntentPayload(seed, payload, standard));
    }
  });

  it('refuses to sign once wiped, and refuses a seed of the wrong length', () => {
    const key = expandSeed(new Uint8Array(32).fill(1));
    key.wipe();
    expect(() => key.sign(new Uint8Array(1))).toThrow(/wiped/);
    expect(() => expandSeed(new Uint8Array(31))).toThrow(/32 bytes/);
  });
});
