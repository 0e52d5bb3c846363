// Signed intents (src/core/payload.ts; docs/protocol.md, "The intent payload", "Signed wrappers", "Intent
// hashes"): external vectors, the NEP-413 and raw_ed25519 wrappers we build, and the refusals with their field.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base58,
  buildIntentPayload,
  encodeVersionedNonce,
  extractIntentPayload,
  generateKeyPair,
  hex,
  implicitAccountId,
  intentHash,
  intentSigningBytes,
  nep413Digest,
  nep413MessageOf,
  nep413PayloadOf,
  type PayloadStandard,
  parsePublicKey,
  payloadIntentHash,
  rawPayloadOf,
  type SignedIntent,
  signatureBase64ToEd25519,
  signIntentPayload,
  signNep413,
  verifyNep413,
  verifySignedIntent,
} from '../../../src/core';
import { seededRandom } from '../../fixtures/random';
import { DOCS_NEP413, MULTI_RS_RAW_ED25519 } from '../../fixtures/signedIntentVectors';

describe('external signed intents', () => {
  it('verifies the docs nep413 example and computes its intent hash', () => {
    expect(verifySignedIntent(DOCS_NEP413)).toEqual({ ok: true, publicKey: DOCS_NEP413.public_key });
    expect(intentHash(DOCS_NEP413)).toBe('3LfpZfBrMZCxrYWxDqwDgNqRsThKFa94xGcZo6JFoPbA');
  });

  it('verifies the contract raw_ed25519 vector over the payload bytes and hashes it like the contract', () => {
    expect(verifySignedIntent(MULTI_RS_RAW_ED25519).ok).toBe(true);
    expect(intentHash(MULTI_RS_RAW_ED25519)).toBe('8LKE47o44ybZQR9ozLyDnvMDTh4Ao5ipy2mJWsYByG5Q');
    // The key is the signer's implicit account.
    expect(implicitAccountId(parsePublicKey(MULTI_RS_RAW_ED25519.public_key))).toBe(
      '74affa71ab030d400fdfa1bed033dfa6fd3ae34f92d17c046ebe368e80d53751',
    );
  });

  it('refuses a tampered message, recipient or key', () => {
    const tampered = {
      ...DOCS_NEP413,
      payload: { ...DOCS_NEP413.payload, message: DOCS_NEP413.payload.message.replace('"10"', '"11"') },
    };
    expect(verifySignedIntent(tampered)).toEqual({ ok: false, reason: 'invalid signature' });
    expect(
      verifySignedIntent({ ...DOCS_NEP413, payload: { ...DOCS_NEP413.payload, recipient: 'intents.far' } }).ok,
    ).toBe(false);
    expect(
      verifySignedIntent({ ...MULTI_RS_RAW_ED25519, payload: MULTI_RS_RAW_ED25519.payload.replace('-1000', '-1001') })
        .ok,
    ).toBe(false);
  });

  it('reads the payload out of the nep413 envelope (recipient and nonce from the envelope)', () => {
    const p = extractIntentPayload(DOCS_NEP413);
    expect(p).toMatchObject({
      signer_id: 'alice.near',
      verifying_contract: 'intents.near',
      nonce: DOCS_NEP413.payload.nonce,
    });
    expect(p.intents[0]).toMatchObject({ intent: 'transfer', receiver_id: 'bob.near' });
  });

  it('refuses the stale {"timestamp": n} deadline form the current verifier cannot parse', () => {
    expect(() => extractIntentPayload(MULTI_RS_RAW_ED25519)).toThrow(/deadline/);
  });

  it('rejects malformed wrappers with the field named', () => {
    expect(() => verifySignedIntent({ ...DOCS_NEP413, signature: 'ed25519:abc' })).toThrow(/signature/);
    expect(() => verifySignedIntent({ ...DOCS_NEP413, standard: 'erc191' })).toThrow(/standard/);
  });
});

describe('building and signing', () => {
  const random = seededRandom(7);
  const pair = generateKeyPair(random);
  const signerId = implicitAccountId(pair.publicKey);
  const deadline = new Date('2030-01-01T00:00:00.000Z');
  const nonce = encodeVersionedNonce({ salt: hex.decode('252812b3'), deadline, random15: random(15) });
  const payload = buildIntentPayload({
    signerId,
    verifyingContract: 'intents.near',
    deadline,
    nonce,
    intents: [{ intent: 'token_diff', diff: { 'nep141:wrap.near': '-1000', 'nep141:usdt.tether-token.near': '998' } }],
  });

  it('writes the nep413 message with the SDK key order and no whitespace', () => {
    expect(nep413MessageOf(payload)).toBe(
      `{"deadline":"2030-01-01T00:00:00.000Z","intents":[{"intent":"token_diff","diff":{"nep141:wrap.near":"-1000","nep141:usdt.tether-token.near":"998"}}],"signer_id":"${signerId}"}`,
    );
    expect(
      rawPayloadOf(payload).startsWith(`{"signer_id":"${signerId}","verifying_contract":"intents.near","deadline":`),
    ).toBe(true);
  });

  it('signs nep413 so the contract check and our verifier agree, and the hash is the digest', () => {
    const signed = signIntentPayload(pair.secretSeed, payload, 'nep413');
    expect(signed.standard).toBe('nep413');
    if (signed.standard !== 'nep413') return;
    expect(signed.payload.recipient).toBe('intents.near');
    expect(signed.payload.nonce).toBe(nonce);
    expect(verifySignedIntent(signed).ok).toBe(true);
    const sig = base58.decode(signed.signature.slice('ed25519:'.length));
    const p = {
      message: signed.payload.message,
      nonce: Buffer.from(signed.payload.nonce, 'base64'),
      recipient: 'intents.near',
    };
    expect(verifyNep413(pair.publicKey, { ...p, nonce: new Uint8Array(p.nonce) }, sig)).toBe(true);
    expect(extractIntentPayload(signed)).toEqual(payload);
  });

  it('signs raw_ed25519 over the whole payload JSON', () => {
    const signed = signIntentPayload(pair.secretSeed, payload, 'raw_ed25519');
    expect(signed.standard).toBe('raw_ed25519');
    expect(verifySignedIntent(signed).ok).toBe(true);
    expect(extractIntentPayload(signed)).toEqual(payload);
    expect(intentHash(signed)).not.toBe(intentHash(signIntentPayload(pair.secretSeed, payload, 'nep413')));
  });

  it('refuses bad payload parts with the field named', () => {
    const base = { signerId, verifyingContract: 'intents.near', deadline, nonce, intents: [] };
    expect(() => buildIntentPayload({ ...base, signerId: 'Alice.near' })).toThrow(/signer_id/);
    expect(() => buildIntentPayload({ ...base, verifyingContract: 'x' })).toThrow(/verifying_contract/);
    expect(() => buildIntentPayload({ ...base, deadline: 'tomorrow' })).toThrow(/deadline/);
    expect(() => buildIntentPayload({ ...base, nonce: 'AAAA' })).toThrow(/nonce/);
    expect(() => buildIntentPayload({ ...base, intents: [{ intent: 'imt_mint' }] })).toThrow(
      /unknown intent type 'imt_mint'/,
    );
  });

  it('converts a wallet base64 signature to the verifier form', () => {
    const sigB64 = Buffer.from(new Uint8Array(64).fill(7)).toString('base64');
    expect(signatureBase64ToEd25519(sigB64)).toBe(`ed25519:${base58.encode(new Uint8Array(64).fill(7))}`);
    expect(() => signatureBase64ToEd25519('AAAA')).toThrow(/64 bytes/);
  });
});

describe('payloads, hashes and refusals', () => {
  const seed = new Uint8Array(32).fill(5);
  const signerId = 'alice.near';
  const nonce = Buffer.from(new Uint8Array(32).fill(1)).toString('base64');
  const payload = buildIntentPayload({
    signerId,
    verifyingContract: 'intents.near',
    deadline: '2030-01-01T00:00:00.000Z',
    nonce,
    intents: [],
  });
  const sha256b58 = (bytes: Uint8Array | string) => base58.encode(createHash('sha256').update(bytes).digest());

  it('names the account id refused', () => {
    const base = { signerId, verifyingContract: 'intents.near', deadline: payload.deadline, nonce, intents: [] };
    expect(() => buildIntentPayload({ ...base, signerId: 'Bob' })).toThrow(
      /^signer_id: 'Bob' is not a valid account id$/,
    );
    expect(() => buildIntentPayload({ ...base, verifyingContract: 'x' })).toThrow(
      /^verifying_contract: 'x' is not a valid account id$/,
    );
  });

  it('signs the raw payload string for raw_ed25519 and webauthn, and refuses any other standard', () => {
    const raw = rawPayloadOf(payload);
    expect(Buffer.from(intentSigningBytes(payload, 'webauthn')).toString('utf8')).toBe(raw);
    expect(Buffer.from(intentSigningBytes(payload, 'raw_ed25519')).toString('utf8')).toBe(raw);
    expect(() => intentSigningBytes(payload, JSON.parse('"erc191"') as PayloadStandard)).toThrow(
      /^standard: unsupported signing standard 'erc191'$/,
    );
    expect(() => nep413PayloadOf({ ...payload, nonce: 'AAAA' })).toThrow(/^nonce must be 32 bytes, got 3$/);
  });

  it('knows the intent hash before signing: the NEP-413 digest, else sha256 of the payload string', () => {
    const nep = signIntentPayload(seed, payload);
    expect(nep.standard).toBe('nep413');
    expect(payloadIntentHash(payload, 'nep413')).toBe(intentHash(nep));
    expect(payloadIntentHash(payload, 'nep413')).toBe(base58.encode(nep413Digest(nep413PayloadOf(payload))));
    const raw = rawPayloadOf(payload);
    expect(payloadIntentHash(payload, 'raw_ed25519')).toBe(sha256b58(raw));
    expect(payloadIntentHash(payload, 'webauthn')).toBe(sha256b58(raw));
    expect(intentHash({ standard: 'webauthn', payload: raw })).toBe(sha256b58(raw));
  });

  it('verifies a NEP-413 wrapper with a callbackUrl over the digest that includes it', () => {
    const nep = signIntentPayload(seed, payload);
    if (nep.standard !== 'nep413') throw new Error('expected nep413');
    const callbackUrl = 'https://app.example/done';
    const p = {
      message: nep.payload.message,
      nonce: new Uint8Array(32).fill(1),
      recipient: 'intents.near',
      callbackUrl,
    };
    const signature = `ed25519:${base58.encode(signNep413(seed, p))}`;
    const signed: SignedIntent = { ...nep, payload: { ...nep.payload, callbackUrl }, signature };
    expect(verifySignedIntent(signed)).toEqual({ ok: true, publicKey: nep.public_key });
    expect(intentHash(signed)).toBe(base58.encode(nep413Digest(p)));
    expect(intentHash(signed)).not.toBe(intentHash(nep));
  });

  it('takes keys and signatures with the prefix in any case, or bare base58, as the verifier does', () => {
    const bare = (t: string) => t.slice('ed25519:'.length);
    for (const s of [signIntentPayload(seed, payload, 'nep413'), signIntentPayload(seed, payload, 'raw_ed25519')]) {
      expect(verifySignedIntent({ ...s, public_key: bare(s.public_key), signature: bare(s.signature) }).ok).toBe(true);
      const upper = { ...s, public_key: `ED25519:${bare(s.public_key)}`, signature: `Ed25519:${bare(s.signature)}` };
      expect(verifySignedIntent(upper).ok).toBe(true);
    }
  });

  it('refuses malformed wrappers with the path of the field', () => {
    const nep = signIntentPayload(seed, payload);
    if (nep.standard !== 'nep413') throw new Error('expected nep413');
    const b64of = (n: number) => Buffer.from(new Uint8Array(n)).toString('base64');
    expect(() => verifySignedIntent({ ...nep, public_key: 'ed25519:0OIl' })).toThrow(
      /^signed\.public_key: must be ed25519:<base58 of 32 bytes> \(public key\)$/,
    );
    expect(() => verifySignedIntent({ ...nep, signature: 'ed25519:abc' })).toThrow(
      /^signed\.signature: must be ed25519:<base58 of 64 bytes> \(signature\)$/,
    );
    for (const bad of [b64of(31), '!!!']) {
      expect(() => verifySignedIntent({ ...nep, payload: { ...nep.payload, nonce: bad } })).toThrow(
        /^signed\.payload\.nonce: must be base64 of 32 bytes$/,
      );
    }
  });

  it('answers "invalid signature" for a well-formed key that is weak (the identity point)', () => {
    const nep = signIntentPayload(seed, payload);
    const identity = new Uint8Array(32);
    identity[0] = 1;
    const signed = { ...nep, public_key: `ed25519:${base58.encode(identity)}` };
    expect(verifySignedIntent(signed)).toEqual({ ok: false, reason: 'invalid signature' });
  });

  it('extracts the payload: no intents reads as none; bad JSON or a missing field is named', () => {
    const nep = signIntentPayload(seed, payload);
    const raw = signIntentPayload(seed, payload, 'raw_ed25519');
    if (nep.standard !== 'nep413' || raw.standard !== 'raw_ed25519') throw new Error('expected both standards');
    const noIntents = { deadline: payload.deadline, signer_id: signerId };
    const nepWith = (message: string) => ({ ...nep, payload: { ...nep.payload, message } });
    expect(extractIntentPayload(nepWith(JSON.stringify(noIntents)))).toEqual(payload);
    const rawWithout = { ...noIntents, verifying_contract: 'intents.near', nonce };
    expect(extractIntentPayload({ ...raw, payload: JSON.stringify(rawWithout) })).toEqual(payload);
    expect(() => extractIntentPayload(nepWith('{'))).toThrow(/^payload: signed payload is not valid JSON$/);
    expect(() => extractIntentPayload({ ...raw, payload: 'x' })).toThrow(/^payload: signed payload is not valid JSON$/);
    expect(() => extractIntentPayload(nepWith(JSON.stringify({ deadline: payload.deadline })))).toThrow(
      /^message\.signer_id: is required \(string\)$/,
    );
    const { verifying_contract: _, ...noContract } = rawWithout;
    expect(() => extractIntentPayload({ ...raw, payload: JSON.stringify(noContract) })).toThrow(
      /^payload\.verifying_contract: is required \(string\)$/,
    );
  });

  it('names the signature in the base64 conversion refusal', () => {
    expect(() => signatureBase64ToEd25519('AAAA')).toThrow(/^signature must be 64 bytes, got 3$/);
  });
});
