/**
 * The verifier's `MultiPayload` as far as this code knows it: nep413, raw_ed25519 and webauthn, and the one
 * signature check over all three (docs/protocol.md, "Signed wrappers", "The webauthn payload"; near/intents
 * contracts/defuse/core/src/payload/multi.rs). Vectors: multi.rs test `raw_ed25519`, the defuse-protocol
 * docs' nep413 example (signing-intents.mdx), and webauthn.rs tests `p256` and `ed25519`
 * (test/fixtures/nearIntentsWebauthn.ts).
 */
import { describe, expect, it } from 'vitest';
import { multiPayloadSchema, verifyMultiPayload } from '../../../src/core';
import { verifyP256 } from '../../../src/sim/ledger/p256';
import { SIGNED_ED25519, SIGNED_P256 } from '../../fixtures/nearIntentsWebauthn';
import { DOCS_NEP413, MULTI_RS_RAW_ED25519 } from '../../fixtures/signedIntentVectors';

const webauthnP256 = multiPayloadSchema.parse(SIGNED_P256.signed);
const webauthnEd25519 = multiPayloadSchema.parse(SIGNED_ED25519.signed);
const INVALID = { ok: false, reason: 'invalid signature' };

describe('multiPayloadSchema', () => {
  it('reads each standard as itself', () => {
    expect(multiPayloadSchema.parse(MULTI_RS_RAW_ED25519)).toEqual(MULTI_RS_RAW_ED25519);
    expect(multiPayloadSchema.parse(DOCS_NEP413)).toEqual(DOCS_NEP413);
    expect(webauthnP256).toEqual(SIGNED_P256.signed);
  });

  it('refuses a standard it does not know, and a webauthn payload without its client data', () => {
    expect(multiPayloadSchema.safeParse({ ...MULTI_RS_RAW_ED25519, standard: 'erc191' }).success).toBe(false);
    const { client_data_json: _, ...noClientData } = SIGNED_P256.signed;
    expect(multiPayloadSchema.safeParse(noClientData).success).toBe(false);
  });
});

describe('verifyMultiPayload', () => {
  it('verifies the vectors of every standard, naming the key', () => {
    expect(verifyMultiPayload(MULTI_RS_RAW_ED25519, verifyP256)).toEqual({
      ok: true,
      publicKey: MULTI_RS_RAW_ED25519.public_key,
    });
    expect(verifyMultiPayload(DOCS_NEP413, verifyP256)).toEqual({ ok: true, publicKey: DOCS_NEP413.public_key });
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
    expect(
      verifyMultiPayload({ ...MULTI_RS_RAW_ED25519, payload: change(MULTI_RS_RAW_ED25519.payload) }, verifyP256),
    ).toEqual(INVALID);
    const webauthn = { ...SIGNED_P256.signed, payload: change(SIGNED_P256.signed.payload) };
    expect(verifyMultiPayload(multiPayloadSchema.parse(webauthn), verifyP256)).toEqual(INVALID);
  });

  it('uses the P-256 check it is given for a p256 passkey, and only for it', () => {
    const refuseAll = () => false;
    expect(verifyMultiPayload(webauthnP256, refuseAll)).toEqual(INVALID);
    expect(verifyMultiPayload(webauthnEd25519, refuseAll).ok).toBe(true);
    expect(verifyMultiPayload(MULTI_RS_RAW_ED25519, refuseAll).ok).toBe(true);
  });
});
