// What Confirm signs after a review (src/background/signing/reviewed.ts): only the payload the window
// showed, judged again (a forbidden finding refuses it; a danger one needs the person's acknowledgement),
// then signed, kept and checked by the verifier; each way that check can fail is its own refusal. The
// signer is the background's own, on the simulator's verifier; the preview's facts and the verifier's
// check are stand-ins that say what each case needs.

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ProviderError } from '../../../../src/background/providerError';
import { type Consent, reviewedId, signReviewed } from '../../../../src/background/signing/reviewed';
import type { PreparedIntent } from '../../../../src/background/signing/signer';
import { LedgerViewError } from '../../../../src/bus';
import { HttpError, type MultiPayload, ProtocolError } from '../../../../src/core';
import { ERROR_CODES } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { generatedWallet } from '../generatedWallet';
import { emptyAccountFacts } from './standIns';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

const OTHER_KEY = 'ed25519:11111111111111111111111111111111';

async function setUp() {
  const { bg, accountId: signerId } = await generatedWallet(sim);
  const preview = emptyAccountFacts(sim);
  const simulated: MultiPayload[] = [];
  const steps: string[] = [];
  let verifier: (signed: MultiPayload) => Promise<unknown> = async () => ({});
  const deps = {
    signer: bg.signer,
    preview,
    simulate: (signed: MultiPayload) => {
      simulated.push(signed);
      steps.push('simulate');
      return verifier(signed);
    },
  };
  const prepare = (intents: unknown[]) => bg.signer.prepare({ signerId, intents });
  const sign = (prepared: PreparedIntent, consent: Partial<Consent> = {}) =>
    signReviewed(
      deps,
      prepared,
      { reviewed: reviewedId(prepared), acknowledgeDanger: false, ...consent },
      'key change',
      async () => steps.push('before'),
      async () => steps.push('after'),
    );
  return { signerId, prepare, sign, simulated, steps, setVerifier: (v: typeof verifier) => (verifier = v) };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('not refused'),
    (e: unknown) => e as ProviderError,
  );
const addKey = [{ intent: 'add_public_key', public_key: OTHER_KEY }];
const removeKey = [{ intent: 'remove_public_key', public_key: OTHER_KEY }];

describe('what Confirm may sign', () => {
  it('only the payload the window reviewed: another is refused before anything is signed', async () => {
    const s = await setUp();
    const e = await refusal(s.sign(await s.prepare(addKey), { reviewed: 'another review' }));
    expect(e).toBeInstanceOf(ProviderError);
    expect(e.code).toBe(ERROR_CODES.invalidParams);
    expect(e.message).toBe(
      'This key change is not the one this window reviewed (a newer review replaced it); nothing was signed. Review it again.',
    );
    expect(e.data).toMatchObject({ field: 'reviewed', words: { key: 'signRefusal_reviewReplaced' } });
    expect(s.steps).toEqual([]);
  });

  it('never what a finding forbids, naming the finding', async () => {
    const s = await setUp();
    const toSelf = [{ intent: 'transfer', receiver_id: s.signerId, tokens: { 'nep141:wrap.near': '1' } }];
    const e = await refusal(s.sign(await s.prepare(toSelf), { acknowledgeDanger: true }));
    expect(e.message).toMatch(/^This key change cannot be signed: ./);
    expect(e.data).toMatchObject({ words: { key: 'signRefusal_forbidden' } });
    expect(s.steps).toEqual([]);
  });

  it('what is dangerous only once the person acknowledged it', async () => {
    const s = await setUp();
    const prepared = await s.prepare(removeKey);
    const e = await refusal(s.sign(prepared));
    expect(e.message).toBe('Confirm that you understand the risk first');
    expect(e.data).toMatchObject({ words: { key: 'signRefusal_acknowledgeRisk' } });
    expect(s.steps).toEqual([]);
    const signed = await s.sign(prepared, { acknowledgeDanger: true });
    // Checked, then signed, kept, and only then shown to the verifier.
    expect(s.steps).toEqual(['before', 'after', 'simulate']);
    expect(s.simulated).toEqual([signed.signed]);
  });

  it('what only warns without an acknowledgement', async () => {
    const s = await setUp();
    const signed = await s.sign(await s.prepare(addKey));
    expect(s.simulated).toEqual([signed.signed]);
  });
});

describe("the verifier's check, after the signature", () => {
  const failing = async (thrown: unknown) => {
    const s = await setUp();
    s.setVerifier(async () => {
      throw thrown;
    });
    return refusal(s.sign(await s.prepare(addKey)));
  };

  it("a refusal of the contract is said with the contract's words", async () => {
    const e = await failing(new LedgerViewError('view failed', 'public key already exists'));
    expect(e.code).toBe(ERROR_CODES.internal);
    expect(e.message).toBe(
      'The verifier refused it: public key already exists. It was not sent; review the key change again.',
    );
    expect(e.data).toMatchObject({
      words: { key: 'signRefusal_verifierRefused', subs: ['public key already exists'] },
    });
    const plain = await failing(new LedgerViewError('no such method'));
    expect(plain.message).toMatch(/^The verifier refused it: no such method\./);
  });

  it('a protocol error is handed on as it is', async () => {
    const thrown = new ProtocolError('bad answer', 'result');
    expect(await failing(thrown)).toBe(thrown);
  });

  it('a redirect is named: the check did not reach the verifier', async () => {
    const e = await failing(new HttpError('redirect', 'The ledger RPC redirected to another host.'));
    expect(e.code).toBe(ERROR_CODES.disconnected);
    expect(e.message).toBe(
      'The verifier could not check this key change: The ledger RPC redirected to another host. It was not published.',
    );
    expect(e.data).toMatchObject({ words: { key: 'signRefusal_verifierRedirect' } });
  });

  it('anything else is an RPC that did not answer', async () => {
    for (const thrown of [new HttpError('network', 'fetch failed'), new Error('boom')]) {
      const e = await failing(thrown);
      expect(e.code).toBe(ERROR_CODES.disconnected);
      expect(e.message).toMatch(/^The ledger RPC did not answer, so the verifier could not check this key change;/);
      expect(e.data).toMatchObject({ words: { key: 'signRefusal_verifierUnreachable' } });
    }
  });
});
