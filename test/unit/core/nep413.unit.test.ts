// NEP-413 (src/core/nep413.ts; https://github.com/near/NEPs/blob/master/neps/nep-0413.md): the tagged Borsh
// pre-image, its SHA-256, and strict RFC 8032 verification, held to the contract's and near-api-js's vectors.
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  base58,
  base64,
  formatPublicKey,
  hex,
  nep413Digest,
  nep413Serialize,
  parsePublicKey,
  parseSecretKey,
  signNep413,
  verifyEd25519,
  verifyNep413,
} from '../../../src/core';
import { seededRandom } from '../../fixtures/random';

// docs/protocol.md (external vectors): near/intents crates/signatures/nep413/src/lib.rs `verify_ok`.
describe('NEP-413 contract vector (docs/interface.md, "Vector: the verifier\'s NEP-413 test")', () => {
  const publicKey = hex.decode('e2e9cb7ac57cb46d4da1ce1d1cc2c33bdfe17407c517916b522724a8ea2c6c50');
  const payload = { message: 'Hello, world!', nonce: new Uint8Array(32), recipient: 'intents.near' };
  const signature = hex.decode(
    'e2ff6254871a3fec1853c167b42f0f14248c4cf7fef5452dc24d8dbdc5c4bf183ab707322b4d782d5f5a05571bae476c5f7ee41c473f3002e600865e46b75d0f',
  );

  it('serialises the tag and Borsh fields byte for byte', () => {
    expect(hex.encode(nep413Serialize(payload))).toBe(
      `9d0100800d00000048656c6c6f2c20776f726c6421${'00'.repeat(32)}0c000000696e74656e74732e6e65617200`,
    );
  });

  it('hashes to the derived digest', () => {
    expect(hex.encode(nep413Digest(payload))).toBe('94648d7168d4a58d1eecd11fc2ecad210ef7cb5efce7a22d15a19e1764031f59');
  });

  it('verifies over the digest, and the text forms match', () => {
    expect(verifyNep413(publicKey, payload, signature)).toBe(true);
    expect(formatPublicKey(publicKey)).toBe('ed25519:GGmuj19BsuQ4fwgk3rMsWyDuxEPcTttWjtdqFPfLtPX5');
    expect(`ed25519:${base58.encode(signature)}`).toBe(
      'ed25519:5YED3xqeBL4b8bbdvtD27X9DnmtGqHb2sDfHJawpPghHHoYJciRJfjzrEPLRZwVBjjdQdF4RpMTSaPTV6Jc6B9ie',
    );
  });

  it('fails for any changed field', () => {
    expect(verifyNep413(publicKey, { ...payload, message: 'Hello, world?' }, signature)).toBe(false);
    expect(verifyNep413(publicKey, { ...payload, recipient: 'intents.far' }, signature)).toBe(false);
    expect(verifyNep413(publicKey, { ...payload, callbackUrl: '' }, signature)).toBe(false);
    const nonce = new Uint8Array(32);
    nonce[31] = 1;
    expect(verifyNep413(publicKey, { ...payload, nonce }, signature)).toBe(false);
  });
});

// docs/protocol.md (external vectors): near-api-js test/unit/signers/key_pair_signer.test.ts.
describe('near-api-js signer vectors (docs/interface.md, "Vector: near-api-js NEP-413 signer")', () => {
  const pair = parseSecretKey(
    'ed25519:3FyRtUUMxiNT1g2ST6mbj7W1CN7KfQBbomawC7YG4A1zwHmw2TRsn1Wc8NaFcBCoJDu3zt3znJDSwKQ31oRaKXH7',
  );
  const nonce = base64.decode('KNV0cOpvJ50D5vfF9pqWom8wo2sliQ4W+Wa7uZ3Uk6Y=');

  it('derives the public key', () => {
    expect(formatPublicKey(pair.publicKey)).toBe('ed25519:2RM3EotCzEiVobm6aMjaup43k8cFffR4KHFtrqbZ79Qy');
  });

  it('signs with callbackUrl exactly as near-api-js', () => {
    const payload = { message: 'Hello NEAR!', nonce, recipient: 'example.near', callbackUrl: 'http://localhost:3000' };
    expect(hex.encode(nep413Digest(payload))).toBe('ca89aebc4b822cb0618aa785dca563acee228e2631cff9adb7ce44989c5e8874');
    expect(base64.encode(signNep413(pair.secretSeed, payload))).toBe(
      'zzZQ/GwAjrZVrTIFlvmmQbDQHllfzrr8urVWHaRt5cPfcXaCSZo35c5LDpPpTKivR6BxLyb3lcPM0FfCW5lcBQ==',
    );
  });

  it('signs without callbackUrl exactly as near-api-js', () => {
    const payload = { message: 'Hello NEAR!', nonce, recipient: 'example.near' };
    expect(hex.encode(nep413Digest(payload))).toBe('036a114cfadb42200dc972aff40b994039571359cbcdd34be9c097d472351038');
    expect(base64.encode(signNep413(pair.secretSeed, payload))).toBe(
      'NnJgPU1Ql7ccRTITIoOVsIfElmvH1RV7QAT4a9Vh6ShCOnjIzRwxqX54JzoQ/nK02p7VBMI2vJn48rpImIJwAw==',
    );
  });

  it('digests round-toad.testnet to the listed bytes', () => {
    const payload = { message: 'Hello NEAR!', nonce, recipient: 'round-toad.testnet' };
    expect(Array.from(nep413Digest(payload))).toEqual([
      1, 152, 236, 223, 103, 218, 230, 0, 34, 54, 210, 18, 244, 68, 108, 252, 140, 166, 102, 57, 242, 4, 202, 234, 205,
      94, 246, 245, 198, 141, 23, 250,
    ]);
  });
});

// docs/protocol.md (external vectors): the NEP-413 spec's own example payload.
it('digests the NEP-413 spec example (docs/interface.md, "Vector: the NEP-413 specification\'s example")', () => {
  const nonce = Uint8Array.from({ length: 32 }, (_, i) => i);
  const payload = { message: 'hi', nonce, recipient: 'myapp.com', callbackUrl: 'myapp.com/callback' };
  expect(hex.encode(nep413Digest(payload))).toBe('c9ce5de288f7de6d83e2303e56c7615949da83867ea33c0747ed45c47ef50148');
});

describe('NEP-413 input checks', () => {
  it('refuses a nonce that is not 32 bytes', () => {
    expect(() => nep413Digest({ message: 'x', nonce: new Uint8Array(31), recipient: 'a.near' })).toThrow(
      /^nonce: nonce must be 32 bytes$/,
    );
  });

  it('refuses to sign with a seed that is not 32 bytes', () => {
    const payload = { message: 'x', nonce: new Uint8Array(32), recipient: 'a.near' };
    expect(() => signNep413(new Uint8Array(64), payload)).toThrow(/^secret seed must be 32 bytes$/);
  });

  it('encodes multi-byte UTF-8 lengths in bytes, not characters', () => {
    const bytes = nep413Serialize({ message: 'é', nonce: new Uint8Array(32), recipient: 'a.near' });
    expect(hex.encode(bytes.subarray(4, 10))).toBe('02000000c3a9');
  });

  it('rejects a small-order public key even with a matching-looking signature', () => {
    // The identity point (y = 1) has order 1: the verifier's `is_weak` refuses it.
    const identity = new Uint8Array(32);
    identity[0] = 1;
    expect(() => parsePublicKey(`ed25519:${base58.encode(identity)}`)).toThrow(/small order/);
    expect(
      verifyNep413(identity, { message: 'x', nonce: new Uint8Array(32), recipient: 'a.near' }, new Uint8Array(64)),
    ).toBe(false);
  });
});

describe('property: sign/verify round trip', () => {
  it('verifies 200 random payloads and rejects each with one bit flipped', () => {
    const random = seededRandom(413);
    for (let i = 0; i < 200; i++) {
      const seed = random(32);
      const { publicKey } = parseSecretKey(`ed25519:${base58.encode(seed)}`);
      const payload = {
        message: base64.encode(random(1 + (i % 50))),
        nonce: random(32),
        recipient: 'intents.near',
        callbackUrl: i % 3 === 0 ? `https://app${i}.example/cb` : undefined,
      };
      const sig = signNep413(seed, payload);
      expect(verifyNep413(publicKey, payload, sig), `seed 413, case ${i}`).toBe(true);
      const flipped = sig.slice();
      flipped[i % 64]! ^= 1 << (i % 8);
      expect(verifyNep413(publicKey, payload, flipped), `seed 413, case ${i} flipped`).toBe(false);
    }
  });
});

// RFC 8032 §5.1.3 decodes a point only when y < p; ZIP-215 (https://zips.z.cash/zip-0215) also takes y ≥ p.
describe('strict decoding (RFC 8032 §5.1.7, not ZIP-215)', () => {
  it('refuses a signature whose R is the identity written non-canonically (y = p + 1)', () => {
    const seed = new Uint8Array(32).fill(3);
    const { scalar, pointBytes } = ed25519.utils.getExtendedPublicKey(seed);
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const p = 2n ** 255n - 19n;
    const le = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
    const fromLe = (b: Uint8Array) => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);
    const message = new TextEncoder().encode('any message');
    const r = le(p + 1n);
    // S = k·a: then S·B = k·A, and R + k·A − S·B is the identity, so only R's encoding is wrong.
    const k = fromLe(sha512(Uint8Array.from([...r, ...pointBytes, ...message]))) % L;
    const signature = Uint8Array.from([...r, ...le((k * scalar) % L)]);
    expect(ed25519.verify(signature, message, pointBytes, { zip215: true })).toBe(true);
    expect(verifyEd25519(pointBytes, message, signature)).toBe(false);
  });
});
