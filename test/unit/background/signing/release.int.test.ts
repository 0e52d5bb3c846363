// The signer's release rules (src/background/signing/signer.ts; docs/protocol.md, "Nonces"): a signature
// refused for its salt is made again under a fresh nonce once, and only when the wallet made the nonce and
// the caller allows it; "already processed" counts as published. The bus here is a recording stand-in:
// what is under test is what the signer does with each answer, on a real background and simulator.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type BusPort, isInvalidSalt, publishOnce } from '../../../../src/background/signing/signer';
import type { PublishResult } from '../../../../src/bus';
import { base64, intentHash, type MultiPayload, ProtocolError } from '../../../../src/core';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { generatedWallet } from '../generatedWallet';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

async function wallet() {
  const { bg, accountId } = await generatedWallet(sim);
  return { bg, signerId: accountId };
}

/** A bus that answers each publish with the next of `answers` (the last one again when they run out). */
function bus(...answers: ((signed: MultiPayload) => PublishResult)[]) {
  const published: { signed: MultiPayload; quoteHashes: readonly string[] }[] = [];
  const port: BusPort = {
    publishIntent: async (signed, quoteHashes) => {
      published.push({ signed, quoteHashes });
      return answers[Math.min(published.length, answers.length) - 1]!(signed);
    },
  };
  return { port, published };
}
const ok = (signed: MultiPayload): PublishResult => ({ status: 'OK', intent_hash: intentHash(signed) });
const failed = (reason: string) => (): PublishResult => ({ status: 'FAILED', intent_hash: undefined, reason });

describe('a check that finds the salt rotated away', () => {
  it('signs once more under a fresh nonce, once: the second refusal ends the request', async () => {
    const { bg, signerId } = await wallet();
    const seen: string[] = [];
    const release = bg.signer.release(
      { signerId, intents: [] },
      {
        check: async (s) => {
          seen.push(s.payload.nonce);
          return 'invalid_salt';
        },
      },
    );
    await expect(release).rejects.toThrow(ProtocolError);
    await expect(release).rejects.toThrow(/no longer valid/);
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('hands back the second signature when it holds', async () => {
    const { bg, signerId } = await wallet();
    let checks = 0;
    const out = await bg.signer.release(
      { signerId, intents: [] },
      { check: async () => (++checks === 1 ? 'invalid_salt' : 'ok') },
    );
    expect(checks).toBe(2);
    expect(out.intentHash).toBe(intentHash(out.signed));
  });

  it('never signs again for a request a person approved (retrySalt false)', async () => {
    const { bg, signerId } = await wallet();
    let checks = 0;
    await expect(
      bg.signer.release(
        { signerId, intents: [] },
        {
          retrySalt: false,
          check: async () => {
            checks += 1;
            return 'invalid_salt';
          },
        },
      ),
    ).rejects.toThrow(/no longer valid/);
    expect(checks).toBe(1);
  });

  it("never makes a new nonce for a site's own nonce", async () => {
    const { bg, signerId } = await wallet();
    const nonce = base64.encode(new Uint8Array(32).fill(7));
    let checks = 0;
    await expect(
      bg.signer.release(
        { signerId, intents: [], nonce },
        {
          check: async () => {
            checks += 1;
            return 'invalid_salt';
          },
        },
      ),
    ).rejects.toThrow(/no longer valid/);
    expect(checks).toBe(1);
  });
});

describe('a bus that refuses the salt', () => {
  it('is answered with one more signature under a fresh nonce, which is published', async () => {
    const { bg, signerId } = await wallet();
    const b = bus(failed('Invalid salt: rotated'), ok);
    const out = await bg.signer.release({ signerId, intents: [] }, { bus: b.port });
    expect(out.result).toEqual({ status: 'OK', intent_hash: out.intentHash });
    expect(b.published).toHaveLength(2);
    // Ed25519 signs alike what is alike: a second signature that differs is over a new payload (its nonce).
    expect(b.published[1]!.signed).not.toEqual(b.published[0]!.signed);
    expect(out.signed).toEqual(b.published[1]!.signed);
  });

  it('is not answered again when the retry is refused too: its refusal is handed back', async () => {
    const { bg, signerId } = await wallet();
    const b = bus(failed('invalid salt'));
    const out = await bg.signer.release({ signerId, intents: [] }, { bus: b.port });
    expect(b.published).toHaveLength(2);
    expect(out.result).toEqual({ status: 'FAILED', reason: 'invalid salt' });
  });

  it('is handed back as it is when the request may not be signed again', async () => {
    const { bg, signerId } = await wallet();
    const b = bus(failed('invalid salt'));
    const out = await bg.signer.release({ signerId, intents: [] }, { bus: b.port, retrySalt: false });
    expect(b.published).toHaveLength(1);
    expect(out.result).toEqual({ status: 'FAILED', reason: 'invalid salt' });
  });

  it('any other refusal is handed back at once, with the quote hashes it was sent with', async () => {
    const { bg, signerId } = await wallet();
    const b = bus(failed('insufficient balance'));
    const out = await bg.signer.release({ signerId, intents: [] }, { bus: b.port, quoteHashes: ['q1', 'q2'] });
    expect(b.published.map((p) => p.quoteHashes)).toEqual([['q1', 'q2']]);
    expect(out.result).toEqual({ status: 'FAILED', reason: 'insufficient balance' });
  });

  it('publishes with no quote hashes when none are given', async () => {
    const { bg, signerId } = await wallet();
    const b = bus(ok);
    await bg.signer.release({ signerId, intents: [] }, { bus: b.port });
    expect(b.published.map((p) => p.quoteHashes)).toEqual([[]]);
  });
});

describe('publishOnce and the bus answers it reads', () => {
  it('"already processed" is published: with the hash the bus gave, or the intent’s own', async () => {
    const { bg, signerId } = await wallet();
    const { signed } = await bg.signer.release({ signerId, intents: [] });
    const given = await publishOnce(
      bus(() => ({ status: 'FAILED', reason: 'Intent already processed', intent_hash: 'abc' })).port,
      signed,
      [],
    );
    expect(given).toEqual({ status: 'OK', intent_hash: 'abc' });
    const computed = await publishOnce(bus(failed('already processed')).port, signed, []);
    expect(computed).toEqual({ status: 'OK', intent_hash: intentHash(signed) });
    // Another refusal is not made a success.
    expect(await publishOnce(bus(failed('nonce was already used')).port, signed, [])).toEqual({
      status: 'FAILED',
      reason: 'nonce was already used',
    });
  });

  it('a refused salt is a FAILED answer whose reason says so, in any case', () => {
    expect(isInvalidSalt(failed('INVALID SALT')())).toBe(true);
    expect(isInvalidSalt(failed('deadline expired')())).toBe(false);
    expect(isInvalidSalt({ status: 'OK', intent_hash: 'invalid salt' })).toBe(false);
  });
});

describe('what prepare refuses', () => {
  it("a site's nonce that is not 32 bytes of base64, naming the nonce", async () => {
    const { bg, signerId } = await wallet();
    await expect(
      bg.signer.prepare({ signerId, intents: [], nonce: base64.encode(new Uint8Array(31)) }),
    ).rejects.toThrow(/nonce must be 32 bytes/);
    await expect(bg.signer.prepare({ signerId, intents: [], nonce: '***' })).rejects.toThrow(/nonce is not valid/);
  });

  it('a webauthn payload for a key that is not a passkey’s, naming the standard', async () => {
    const { bg, signerId } = await wallet();
    const refused = await bg.signer.prepare({ signerId, intents: [], standard: 'webauthn' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProtocolError);
    expect((refused as ProtocolError).field).toBe('standard');
    expect((refused as ProtocolError).message).toMatch(/only a passkey account signs webauthn payloads/);
  });

  it('an ed25519 account signs the standard asked for, nep413 by default', async () => {
    const { bg, signerId } = await wallet();
    expect((await bg.signer.prepare({ signerId, intents: [] })).standard).toBe('nep413');
    expect((await bg.signer.prepare({ signerId, intents: [], standard: 'raw_ed25519' })).standard).toBe('raw_ed25519');
  });
});
