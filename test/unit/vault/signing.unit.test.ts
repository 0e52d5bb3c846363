// The vault's signatures (src/vault/signing.ts): noble's ed25519.sign on the RFC 8032 and near-api-js
// vectors, and the self-check that releases nothing when a signature does not verify under the stored key.
import { describe, expect, it } from 'vitest';
import {
  base58,
  base64,
  buildIntentPayload,
  formatPublicKey,
  generateKeyPair,
  hex,
  implicitAccountId,
  nep413Digest,
  utf8,
  verifyNep413,
} from '../../../src/core';
import { memoryVaultStorage, RECORD_KEY, Vault } from '../../../src/vault';
import { deriveKeyBytes, writeRecord } from '../../../src/vault/record';
import { signVerified } from '../../../src/vault/signing';
import { code, FAST_KDF, PASSWORD, random } from './helpers';

// RFC 8032 §7.1, Ed25519 TEST 1–3 (https://www.rfc-editor.org/rfc/rfc8032#section-7.1).
const RFC8032 = [
  {
    secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature:
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: '72',
    signature:
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
  {
    secret: 'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
    publicKey: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    message: 'af82',
    signature:
      '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  },
];

// near-api-js test/unit/signers/key_pair_signer.test.ts (docs/protocol.md, external vectors).
const NEAR_API_JS_SECRET =
  'ed25519:3FyRtUUMxiNT1g2ST6mbj7W1CN7KfQBbomawC7YG4A1zwHmw2TRsn1Wc8NaFcBCoJDu3zt3znJDSwKQ31oRaKXH7';
const NEAR_API_JS_KEY = 'ed25519:2RM3EotCzEiVobm6aMjaup43k8cFffR4KHFtrqbZ79Qy';

describe('signatures as the vault makes them', () => {
  it.each(RFC8032)('signs the RFC 8032 vector of public key $publicKey', (v) => {
    expect(
      hex.encode(signVerified(hex.decode(v.secret), formatPublicKey(hex.decode(v.publicKey)), hex.decode(v.message))),
    ).toBe(v.signature);
  });

  it('releases nothing when the signature does not verify under the key it is said to be made by', () => {
    const [one, two] = RFC8032;
    expect(() =>
      signVerified(hex.decode(one!.secret), formatPublicKey(hex.decode(two!.publicKey)), hex.decode(one!.message)),
    ).toThrow(/did not verify/);
  });

  it('signs NEP-413 messages exactly as near-api-js, from an imported key', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    await vault.create(PASSWORD, { kind: 'importKey', secretKey: NEAR_API_JS_SECRET });
    const nonce = base64.decode('KNV0cOpvJ50D5vfF9pqWom8wo2sliQ4W+Wa7uZ3Uk6Y=');
    expect(
      vault.signMessage(NEAR_API_JS_KEY, {
        message: 'Hello NEAR!',
        nonce,
        recipient: 'example.near',
        callbackUrl: 'http://localhost:3000',
      }),
    ).toBe('zzZQ/GwAjrZVrTIFlvmmQbDQHllfzrr8urVWHaRt5cPfcXaCSZo35c5LDpPpTKivR6BxLyb3lcPM0FfCW5lcBQ==');
    expect(vault.signMessage(NEAR_API_JS_KEY, { message: 'Hello NEAR!', nonce, recipient: 'example.near' })).toBe(
      'NnJgPU1Ql7ccRTITIoOVsIfElmvH1RV7QAT4a9Vh6ShCOnjIzRwxqX54JzoQ/nK02p7VBMI2vJn48rpImIJwAw==',
    );
  });
});

describe('the self-check with a damaged stored key', () => {
  /**
   * A vault whose record stores, under key A, the seed of another key B (32-byte form, so it parses): what
   * a damaged or tampered record would sign with. Written with the record code itself, as the vault writes.
   */
  async function vaultWithSwappedSeed(
    secretOf = (b: { secretSeed: Uint8Array }) => `ed25519:${base58.encode(b.secretSeed)}`,
  ) {
    const a = generateKeyPair(random);
    const b = generateKeyPair(random);
    const publicKey = formatPublicKey(a.publicKey);
    const contents = {
      version: 1,
      keys: [{ publicKey, secretKey: secretOf(b), source: 'imported', createdAt: '2030-01-01T00:00:00.000Z' }],
      accounts: [
        { accountId: implicitAccountId(a.publicKey), label: 'Damaged', kind: 'implicit', publicKeys: [publicKey] },
      ],
      phrases: [],
    };
    const salt = random(32);
    const material = {
      keyBytes: await deriveKeyBytes(PASSWORD, salt, FAST_KDF.iterations),
      salt,
      iterations: FAST_KDF.iterations,
    };
    const storage = memoryVaultStorage({
      [RECORD_KEY]: await writeRecord(material, utf8.encode(JSON.stringify(contents)), random),
    });
    const vault = new Vault({ storage, random, ...FAST_KDF });
    await vault.unlock(PASSWORD);
    return { vault, publicKey, accountId: implicitAccountId(a.publicKey), b };
  }

  it('signs no intent and no message, under either standard, and says why', async () => {
    const { vault, publicKey, accountId, b } = await vaultWithSwappedSeed();
    const payload = buildIntentPayload({
      signerId: accountId,
      verifyingContract: 'intents.near',
      deadline: '2030-01-01T00:00:00.000Z',
      nonce: base64.encode(random(32)),
      intents: [],
    });
    for (const standard of ['nep413', 'raw_ed25519'] as const) {
      expect(() => vault.signIntent(publicKey, payload, standard)).toThrow(/did not verify: nothing was released/);
      expect(await code(Promise.resolve().then(() => vault.signIntent(publicKey, payload, standard)))).toBe(
        'corrupted',
      );
    }
    const message = { message: 'hello', nonce: random(32), recipient: 'example.near' };
    expect(await code(Promise.resolve().then(() => vault.signMessage(publicKey, message)))).toBe('corrupted');
    // The seed it holds signs well under its own key: only the check against the stored key stopped it.
    expect(
      verifyNep413(
        b.publicKey,
        message,
        signVerified(b.secretSeed, formatPublicKey(b.publicKey), nep413Digest(message)),
      ),
    ).toBe(true);
  });

  it('a stored secret that is not a seed at all signs nothing either', async () => {
    for (const text of ['ed25519:0OIl', `ed25519:${base58.encode(random(16))}`]) {
      const { vault, publicKey } = await vaultWithSwappedSeed(() => text);
      expect(
        await code(
          Promise.resolve().then(() =>
            vault.signMessage(publicKey, { message: 'hello', nonce: random(32), recipient: 'example.near' }),
          ),
        ),
      ).toBe('corrupted');
    }
  });
});
