// The kit's verifySignIn against the simulator's NEAR RPC: the NEP-413 signature over exactly what the
// server issued, then the key on the intents contract (has_public_key), implicit accounts included.
// Signatures are made here with @noble/curves over the NEP-413 bytes as near-api-js spells them
// (@near-wallet-selector/core's verifySignature is the independent check that they are right).

import { verifySignature } from '@near-wallet-selector/core';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, base64, hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { type Challenge, createChallenge, SignInError, verifySignIn } from '../../../src/kit/server';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const sim = simulatorPerFile();

const le32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
};
const borshString = (s: string) => {
  const b = new TextEncoder().encode(s);
  return new Uint8Array([...le32(b.length), ...b]);
};

function sign(secret: Uint8Array, c: Challenge) {
  const bytes = new Uint8Array([
    ...le32(2 ** 31 + 413),
    ...borshString(c.message),
    ...base64.decode(c.nonce),
    ...borshString(c.recipient),
    0,
  ]);
  const publicKey = `ed25519:${base58.encode(ed25519.getPublicKey(secret))}`;
  const signature = base64.encode(ed25519.sign(sha256(bytes), secret));
  return { publicKey, signature };
}

const options = (response: { accountId: string; publicKey: string; signature: string }, issued: Challenge) => ({
  response,
  issued,
  rpcUrl: sim.urls.ledgerRpc,
  verifierId: sim.verifierId,
});

describe('verifySignIn', () => {
  const secret = ed25519.utils.randomSecretKey();
  const implicit = hex.encode(ed25519.getPublicKey(secret));
  const issued = createChallenge('dapp.example');

  it('accepts an implicit account signing with its own key, as an independent NEP-413 check does', async () => {
    const { publicKey, signature } = sign(secret, issued);
    expect(
      verifySignature({
        publicKey,
        signature,
        message: issued.message,
        nonce: Buffer.from(base64.decode(issued.nonce)),
        recipient: issued.recipient,
      }),
    ).toBe(true);
    await expect(verifySignIn(options({ accountId: implicit, publicKey, signature }, issued))).resolves.toEqual({
      accountId: implicit,
      publicKey,
    });
  });

  it('refuses a signature over another nonce, recipient or message than the one issued', async () => {
    const { publicKey, signature } = sign(secret, issued);
    const response = { accountId: implicit, publicKey, signature };
    for (const other of [
      { ...issued, nonce: createChallenge('x').nonce },
      { ...issued, recipient: 'evil.example' },
      { ...issued, message: `${issued.message}!` },
    ]) {
      await expect(verifySignIn(options(response, other))).rejects.toMatchObject({ reason: 'signature' });
    }
  });

  it('refuses a key that is not the account’s on the intents contract (another account’s, a named account)', async () => {
    const { publicKey, signature } = sign(secret, issued);
    const otherImplicit = hex.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
    for (const accountId of [otherImplicit, 'alice.near']) {
      const e = await verifySignIn(options({ accountId, publicKey, signature }, issued)).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(SignInError);
      expect(e).toMatchObject({ reason: 'key' });
    }
  });

  it('says the RPC failed when it cannot be asked, and refuses malformed input', async () => {
    const { publicKey, signature } = sign(secret, issued);
    await expect(
      verifySignIn({
        ...options({ accountId: implicit, publicKey, signature }, issued),
        rpcUrl: 'http://127.0.0.1:1/',
      }),
    ).rejects.toMatchObject({ reason: 'rpc' });
    await expect(
      verifySignIn(options({ accountId: implicit, publicKey: 'ed25519:abc', signature }, issued)),
    ).rejects.toMatchObject({ reason: 'input' });
  });
});
