import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  base58,
  base64url,
  extractIntentPayload,
  formatP256Signature,
  hex,
  implicitAccountOfKey,
  intentHash,
  P256_ORDER,
  p256SignatureFromDer,
  type SignedWebauthn,
  signedWebauthnOf,
  signedWebauthnSchema,
  verifyP256WebCrypto,
  verifyWebauthn,
  verifyWebauthnAssertion,
  verifyWebauthnAssertionAsync,
  verifyWebauthnAsync,
  type WebauthnAssertion,
  webauthnRequestOf,
  webauthnSignedBytes,
} from '../../../src/core';
import { verifyP256 } from '../../../src/sim/ledger/p256';
import {
  ASSERTION,
  ED25519_VERIFY_OK,
  P256_VERIFY_OK,
  SIGNED_ED25519,
  SIGNED_P256,
} from '../../fixtures/nearIntentsWebauthn';

const subtle = globalThis.crypto.subtle;
const webCrypto = (xy: Uint8Array, m: Uint8Array, rs: Uint8Array) => verifyP256WebCrypto(subtle, xy, m, rs);

/** Both P-256 primitives the code uses (WebCrypto in the extension, node's in the simulator) must agree. */
async function both(a: WebauthnAssertion) {
  const sync = verifyWebauthnAssertion(a, verifyP256);
  const async = await verifyWebauthnAssertionAsync(a, webCrypto);
  expect(async).toEqual(sync);
  return sync;
}

const vectorAssertion = (over: Partial<WebauthnAssertion> = {}): WebauthnAssertion => ({
  publicKey: `p256:${base58.encode(hex.decode(P256_VERIFY_OK.publicKeyXyHex))}`,
  signature: `p256:${base58.encode(hex.decode(P256_VERIFY_OK.signatureHex))}`,
  authenticatorData: hex.decode(ASSERTION.authenticatorDataHex),
  clientDataJson: ASSERTION.clientDataJson,
  challenge: hex.decode(ASSERTION.challengeHex),
  ...over,
});

function withFlags(flags: number): Uint8Array {
  const data = hex.decode(ASSERTION.authenticatorDataHex);
  data[32] = flags;
  return data;
}

describe('webauthn: the verifier’s own vectors', () => {
  it('the p256 signed payload verifies, and its key’s implicit account is its signer', async () => {
    const signed = signedWebauthnSchema.parse(SIGNED_P256.signed);
    const sync = verifyWebauthn(signed, verifyP256);
    expect(sync).toEqual({ ok: true, publicKey: SIGNED_P256.signed.public_key });
    expect(await verifyWebauthnAsync(signed, webCrypto)).toEqual(sync);
    expect(implicitAccountOfKey(SIGNED_P256.signed.public_key)).toBe(SIGNED_P256.signerId);
    expect(extractIntentPayload(signed).signer_id).toBe(SIGNED_P256.signerId);
    expect(intentHash(signed)).toBe(base58.encode(sha256(new TextEncoder().encode(signed.payload))));
  });

  it('the ed25519 signed payload verifies, and its implicit account is the key’s hex', async () => {
    const signed = signedWebauthnSchema.parse(SIGNED_ED25519.signed);
    expect(verifyWebauthn(signed, verifyP256)).toEqual({ ok: true, publicKey: SIGNED_ED25519.signed.public_key });
    expect(await verifyWebauthnAsync(signed, webCrypto)).toEqual({
      ok: true,
      publicKey: SIGNED_ED25519.signed.public_key,
    });
    expect(implicitAccountOfKey(SIGNED_ED25519.signed.public_key)).toBe(SIGNED_ED25519.signerId);
  });

  it('the signed bytes are authenticatorData ‖ SHA-256(clientDataJSON)', () => {
    expect(hex.encode(webauthnSignedBytes(hex.decode(ASSERTION.authenticatorDataHex), ASSERTION.clientDataJson))).toBe(
      ASSERTION.effectiveMessageHex,
    );
  });

  it('the p256 and ed25519 assertions of crates/signatures/webauthn verify', async () => {
    expect((await both(vectorAssertion())).ok).toBe(true);
    const ed = vectorAssertion({
      publicKey: `ed25519:${base58.encode(hex.decode(ED25519_VERIFY_OK.publicKeyHex))}`,
      signature: `ed25519:${base58.encode(hex.decode(ED25519_VERIFY_OK.signatureHex))}`,
    });
    expect((await both(ed)).ok).toBe(true);
  });
});

describe('webauthn: what the verifier refuses', () => {
  const refused = async (a: WebauthnAssertion, detail: RegExp) => {
    const r = await both(a);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe('invalid signature');
      expect(r.detail).toMatch(detail);
    }
  };

  it('a signature with one bit changed', async () => {
    const rs = hex.decode(P256_VERIFY_OK.signatureHex);
    rs[40]! ^= 1;
    await refused(vectorAssertion({ signature: formatP256Signature(rs) }), /does not verify/);
  });

  it('another challenge', async () => {
    const other = hex.decode(ASSERTION.challengeHex);
    other[0]! ^= 1;
    await refused(vectorAssertion({ challenge: other }), /another challenge/);
  });

  it('no UP flag (UV without UP too), and BS without BE', async () => {
    await refused(vectorAssertion({ authenticatorData: withFlags(0x1d & ~0x01) }), /UP flag/);
    await refused(vectorAssertion({ authenticatorData: withFlags(0x04) }), /UP flag/);
    await refused(vectorAssertion({ authenticatorData: withFlags(0x01 | 0x10) }), /backup-eligible/);
  });

  it('authenticator data under 37 bytes', async () => {
    await refused(vectorAssertion({ authenticatorData: withFlags(0x1d).slice(0, 36) }), /37 bytes/);
  });

  it('client data of another type, or without its origin, or not JSON', async () => {
    const create = ASSERTION.clientDataJson.replace('webauthn.get', 'webauthn.create');
    await refused(vectorAssertion({ clientDataJson: create }), /webauthn\.create/);
    const noOrigin = JSON.stringify({ type: 'webauthn.get', challenge: 'BvJpGRQxNyM3oMYGoVgi40m9DV7DF3BPl77xpO1vXh0' });
    await refused(vectorAssertion({ clientDataJson: noOrigin }), /type, challenge or origin/);
    await refused(vectorAssertion({ clientDataJson: '{' }), /not JSON/);
  });

  it('a high s, which ECDSA itself accepts', async () => {
    const rs = hex.decode(P256_VERIFY_OK.signatureHex);
    const s = BigInt(`0x${hex.encode(rs.subarray(32))}`);
    rs.set(hex.decode((P256_ORDER - s).toString(16).padStart(64, '0')), 32);
    const a = vectorAssertion({ signature: formatP256Signature(rs) });
    const message = webauthnSignedBytes(a.authenticatorData, a.clientDataJson);
    expect(await webCrypto(hex.decode(P256_VERIFY_OK.publicKeyXyHex), message, rs)).toBe(true);
    await refused(a, /low s/);
  });

  it('a key and a signature of two curves, or a secp256k1 pair', async () => {
    const ed = `ed25519:${base58.encode(hex.decode(ED25519_VERIFY_OK.signatureHex))}`;
    await refused(vectorAssertion({ signature: ed }), /both p256 or both ed25519/);
    await refused(
      vectorAssertion({
        publicKey: `secp256k1:${base58.encode(new Uint8Array(64).fill(7))}`,
        signature: `secp256k1:${base58.encode(new Uint8Array(65).fill(7))}`,
      }),
      /both p256 or both ed25519/,
    );
  });

  it('a key or a signature that is not a verifier text', async () => {
    await refused(vectorAssertion({ publicKey: 'p256:2V8Np9vGqLiwVZ8q' }), /not a verifier text/);
    await refused(vectorAssertion({ signature: 'p256:3KBMZ72BHUiVfE1e' }), /not a verifier text/);
  });

  it('a key that is not a point on P-256', async () => {
    const xy = hex.decode(P256_VERIFY_OK.publicKeyXyHex);
    xy[63]! ^= 1;
    await refused(vectorAssertion({ publicKey: `p256:${base58.encode(xy)}` }), /does not verify/);
  });

  it('a payload changed after signing (its challenge no longer matches)', () => {
    const signed: SignedWebauthn = { ...signedWebauthnSchema.parse(SIGNED_P256.signed) };
    signed.payload = signed.payload.replace('"1000"', '"1001"');
    const r = verifyWebauthn(signed, verifyP256);
    expect(r).toMatchObject({ ok: false, detail: /another challenge/ });
  });
});

describe('webauthn: the signed payload’s schema (what the verifier deserializes)', () => {
  const base = SIGNED_P256.signed;
  it.each([
    ['public_key', `p256:${base58.encode(new Uint8Array(33).fill(2))}`, 'must be <curve>:<base58 key>'],
    ['signature', `p256:${base58.encode(new Uint8Array(63).fill(2))}`, 'must be <curve>:<base58 signature>'],
    ['authenticator_data', '93+cQogpBzE3RSAYSAkfWoNEcBd3X84PxE8iRrRVxMgdAAAAAA', 'must be base64url'],
  ])('says what is wrong with %s', (field, value, message) => {
    const r = signedWebauthnSchema.safeParse({ ...base, [field]: value });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });

  it.each([
    [
      'authenticator data with the standard alphabet',
      { authenticator_data: '93+cQogpBzE3RSAYSAkfWoNEcBd3X84PxE8iRrRVxMgdAAAAAA' },
    ],
    [
      'authenticator data with stray bits',
      { authenticator_data: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFZ50DuB' },
    ],
    ['a p256 key of 33 bytes', { public_key: `p256:${base58.encode(new Uint8Array(33).fill(2))}` }],
    ['an unknown curve', { public_key: 'p384:2V8Np9vGqLiwVZ8qmMmpkxU7CTRqje4WtwFeLimSwuuy' }],
    ['a field the verifier does not know', { extra: 1 }],
  ])('refuses %s', (_what, change) => {
    expect(signedWebauthnSchema.safeParse({ ...base, ...change }).success).toBe(false);
  });

  it('reads authenticator data padded or not', () => {
    const unpadded = base.authenticator_data.replace(/=+$/, '');
    const parsed = signedWebauthnSchema.parse({ ...base, authenticator_data: unpadded });
    expect(verifyWebauthn(parsed, verifyP256).ok).toBe(true);
    expect(base64url.decode(unpadded)).toEqual(base64url.decode(base.authenticator_data));
  });
});

describe('webauthn: what a passkey signs, and the wrapper for it', () => {
  it('the payload string and challenge of the verifier’s p256 vector', () => {
    const signed = signedWebauthnSchema.parse(SIGNED_P256.signed);
    const request = webauthnRequestOf(extractIntentPayload(signed));
    expect(request.payload).toBe(signed.payload);
    expect(base64url.encode(request.challenge)).toBe(JSON.parse(signed.client_data_json).challenge);
  });

  it('a wrapper over a node:crypto P-256 assertion verifies, and one over another payload does not', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const key = `p256:${base58.encode(new Uint8Array([...base64url.decode(jwk.x!), ...base64url.decode(jwk.y!)]))}`;
    const payload = extractIntentPayload(signedWebauthnSchema.parse(SIGNED_P256.signed));
    const { challenge } = webauthnRequestOf(payload);
    // rpIdHash ‖ flags UP|UV ‖ signCount 0 (https://w3c.github.io/webauthn/#sctn-authenticator-data).
    const authenticatorData = new Uint8Array([
      ...createHash('sha256').update('example.org').digest(),
      0x05,
      0,
      0,
      0,
      0,
    ]);
    const clientDataJson = JSON.stringify({
      type: 'webauthn.get',
      challenge: base64url.encode(challenge),
      origin: 'chrome-extension://abc',
    });
    const der = sign('sha256', webauthnSignedBytes(authenticatorData, clientDataJson), privateKey);
    const rs = p256SignatureFromDer(new Uint8Array(der));
    const signed = signedWebauthnOf(payload, key, rs, clientDataJson, authenticatorData);
    expect(signed).toMatchObject({ standard: 'webauthn', payload: SIGNED_P256.signed.payload, public_key: key });
    expect(signedWebauthnSchema.parse(signed)).toEqual(signed);
    expect(verifyWebauthn(signed, verifyP256)).toEqual({ ok: true, publicKey: key });
    expect(await verifyWebauthnAsync(signed, webCrypto)).toEqual({ ok: true, publicKey: key });
    const other = { ...signed, payload: signed.payload.replace('"1000"', '"1001"') };
    expect(verifyWebauthn(other, verifyP256).ok).toBe(false);
  });
});
