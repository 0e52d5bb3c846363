/**
 * The verifier's `MultiPayload` as far as this code knows it: nep413, raw_ed25519 and webauthn, and the one
 * signature check over all three (docs/protocol.md, "Signed wrappers", "The webauthn payload"; near/intents
 * contracts/defuse/core/src/payload/multi.rs). Vectors: multi.rs test `raw_ed25519`, the defuse-protocol
 * docs' nep413 example (signing-intents.mdx), and webauthn.rs tests `p256` and `ed25519`
 * (test/fixtures/nearIntentsWebauthn.ts).
 */
import { describe, expect, it } from 'vitest';
import { type MultiPayload, multiPayloadSchema, verifyMultiPayload } from '../../../src/core';
import { verifyP256 } from '../../../src/sim/ledger/p256';
import { SIGNED_ED25519, SIGNED_P256 } from '../../fixtures/nearIntentsWebauthn';

const RAW: MultiPayload = {
  standard: 'raw_ed25519',
  payload:
    '{"signer_id":"74affa71ab030d400fdfa1bed033dfa6fd3ae34f92d17c046ebe368e80d53751","verifying_contract":"intents.near","deadline":{"timestamp":1732035219},"nonce":"XVoKfmScb3G+XqH9ke/fSlJ/3xO59sNhCxhpG821BH8=","intents":[{"intent":"token_diff","diff":{"nep141:base-0x833589fcd6edb6e08f4c7c32d4f71b54bda02913.omft.near":"-1000","nep141:eth-0xdac17f958d2ee523a2206206994597c13d831ec7.omft.near":"998"}}]}',
  public_key: 'ed25519:8rVvtHWFr8hasdQGGD5WiQBTyr4iH2ruEPPVfj491RPN',
  signature: 'ed25519:3vtbNQJHZfuV1s5DykzyjkbNLc583hnkrhTz57eDhd966iqzkor6Twgr4Loh2C195SCSEsiGfrd6KcxpjNq9ZbVj',
};

const NEP413: MultiPayload = {
  standard: 'nep413',
  payload: {
    message:
      '{"deadline":"2025-05-21T10:34:04.254392Z","intents":[{"intent":"transfer","receiver_id":"bob.near","tokens":{"nep141:usdc.near":"10"}}],"signer_id":"alice.near"}',
    nonce: 'Vij2xgAlKBKzgNPJFViEQRgYyS7p2NEiYTTY4XmT8go=',
    recipient: 'intents.near',
  },
  public_key: 'ed25519:C3jXhkGhEx88Gj7XKtUziJKXEBMRaJ67bWFkxJikVxZ2',
  signature: 'ed25519:2ns3eCikZFxFA6e9ApunuDG4XwJUPrB8q82fYViBKjheqiDYcCmLN9RnB9NhoEvCdNoS3L3qYD9FAnKd7UkTnuij',
};

const webauthnP256 = multiPayloadSchema.parse(SIGNED_P256.signed);
const webauthnEd25519 = multiPayloadSchema.parse(SIGNED_ED25519.signed);
const INVALID = { ok: false, reason: 'invalid signature' };

describe('multiPayloadSchema', () => {
  it('reads each standard as itself', () => {
    expect(multiPayloadSchema.parse(RAW)).toEqual(RAW);
    expect(multiPayloadSchema.parse(NEP413)).toEqual(NEP413);
    expect(webauthnP256).toEqual(SIGNED_P256.signed);
  });

  it('refuses a standard it does not know, and a webauthn payload without its client data', () => {
    expect(multiPayloadSchema.safeParse({ ...RAW, standard: 'erc191' }).success).toBe(false);
    const { client_data_json: _, ...noClientData } = SIGNED_P256.signed;
    expect(multiPayloadSchema.safeParse(noClientData).success).toBe(false);
  });
});

describe('verifyMultiPayload', () => {
  it('verifies the vectors of every standard, naming the key', () => {
    expect(verifyMultiPayload(RAW, verifyP256)).toEqual({ ok: true, publicKey: RAW.public_key });
    expect(verifyMultiPayload(NEP413, verifyP256)).toEqual({ ok: true, publicKey: NEP413.public_key });
    expect(verifyMultiPayload(webauthnP256, verifyP256)).toEqual({
      ok: true,
      publicKey: SIGNED_P256.signed.public_key,
    });
    expect(verifyMultiPayload(webauthnEd25519, verifyP256)).toEqual({
      ok: true,
      publicKey: SIGNED_ED25519.signed.public_key,
    });
  });

  it('a changed payload is `invalid signature`, as the verifier says it, whatever the standard', () => {
    const change = (p: string) => p.replace('"-1000"', '"-1001"').replace('"1000"', '"1001"');
    expect(verifyMultiPayload({ ...RAW, payload: change(RAW.payload) }, verifyP256)).toEqual(INVALID);
    const webauthn = { ...SIGNED_P256.signed, payload: change(SIGNED_P256.signed.payload) };
    expect(verifyMultiPayload(multiPayloadSchema.parse(webauthn), verifyP256)).toEqual(INVALID);
  });

  it('uses the P-256 check it is given for a p256 passkey, and only for it', () => {
    const refuseAll = () => false;
    expect(verifyMultiPayload(webauthnP256, refuseAll)).toEqual(INVALID);
    expect(verifyMultiPayload(webauthnEd25519, refuseAll).ok).toBe(true);
    expect(verifyMultiPayload(RAW, refuseAll).ok).toBe(true);
  });
});
