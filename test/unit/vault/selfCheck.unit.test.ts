// A fault in the signing primitive itself: noble's ed25519.sign is wrapped so that, when told to, it
// returns a signature with one bit flipped (what a miscomputation or a fault injection would give). The
// vault's own check (src/vault/signing.ts) must then release nothing. The stored key is sound here: only
// the signature is wrong. Noble's `ed25519` object is frozen, so the module is replaced with a copy whose
// `sign` is the wrapper; every other function is noble's own.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  base64,
  buildIntentPayload,
  formatPublicKey,
  hex,
  implicitAccountId,
  verifySignedIntent,
} from '../../../src/core';
import { memoryVaultStorage, Vault } from '../../../src/vault';
import { code, createWithKey, FAST_KDF, PASSWORD, random } from './helpers';

const fault = vi.hoisted(() => ({ flip: false, calls: 0 }));

vi.mock('@noble/curves/ed25519.js', async (importOriginal) => {
  const noble = await importOriginal<typeof import('@noble/curves/ed25519.js')>();
  const sign: typeof noble.ed25519.sign = (message, secretKey, options) => {
    fault.calls += 1;
    const signature = noble.ed25519.sign(message, secretKey, options);
    if (fault.flip) signature[7]! ^= 0x10;
    return signature;
  };
  return { ...noble, ed25519: Object.freeze({ ...noble.ed25519, sign }) };
});

beforeEach(() => {
  fault.flip = false;
  fault.calls = 0;
});

describe("the vault's check of its own signatures", () => {
  it('signs through noble, and releases no intent and no message whose signature does not verify', async () => {
    const vault = new Vault({ storage: memoryVaultStorage(), random, ...FAST_KDF });
    const pair = await createWithKey(vault, PASSWORD);
    const publicKey = formatPublicKey(pair.publicKey);
    const payload = buildIntentPayload({
      signerId: implicitAccountId(pair.publicKey),
      verifyingContract: 'intents.near',
      deadline: '2030-01-01T00:00:00.000Z',
      nonce: base64.encode(random(32)),
      intents: [],
    });
    const message = { message: 'hello', nonce: random(32), recipient: 'example.near' };

    // Sound signing: each signature is noble's, and it verifies.
    expect(verifySignedIntent(vault.signIntent(publicKey, payload, 'nep413')).ok).toBe(true);
    expect(vault.signMessage(publicKey, message)).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(fault.calls).toBe(2);

    fault.flip = true;
    for (const standard of ['nep413', 'raw_ed25519'] as const) {
      expect(await code(Promise.resolve().then(() => vault.signIntent(publicKey, payload, standard)))).toBe(
        'corrupted',
      );
    }
    expect(await code(Promise.resolve().then(() => vault.signMessage(publicKey, message)))).toBe('corrupted');
    expect(fault.calls).toBe(5);

    // The vault is not left in a bad state: the next sound signature is released.
    fault.flip = false;
    expect(verifySignedIntent(vault.signIntent(publicKey, payload, 'raw_ed25519'))).toEqual({ ok: true, publicKey });
    expect(hex.encode(base64.decode(vault.signMessage(publicKey, message)))).toHaveLength(128);
  });
});
