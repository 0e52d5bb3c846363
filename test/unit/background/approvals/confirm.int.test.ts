/**
 * What Confirm does with the verifier's answer to `simulate_intents` (docs/security.md): a nonce the
 * verifier already used is a refusal for a request signed for the first time (the signature never
 * reaches the page), and "already used" is accepted only for a request resumed after it was signed.
 * Real background, real simulator; the nonce is used on the verifier by another client holding the
 * same key, so the wallet's own record of nonces cannot know it.
 */

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { APPROVAL } from '../../../../src/api/approvalApi';
import { WALLET } from '../../../../src/api/walletApi';
import { base64, parsePublicKey, parseSecretKey, verifyNep413 } from '../../../../src/core';
import type { Phrase } from '../../../../src/core/phrase';
import { ERROR_CODES, METHODS } from '../../../../src/provider/protocol';
import { simulatorPerFile } from '../../../support/simulatorPerFile';
import { busCall, ledgerAnswer, type PublishAnswer, simNow, TestUser } from '../../sim/harness';
import { call, PASSWORD } from '../harness';
import { pageSetup } from '../pageHarness';

const sim = simulatorPerFile();
beforeEach(() => fakeBrowser.reset());

describe('Confirm on a nonce the verifier already used', () => {
  it('refuses a first signing: the page gets the refusal, not the signature', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    // Another client with the same key publishes under a nonce first.
    const { secretKey } = await call<{ secretKey: string }>(t.bg, WALLET.exportKey, {
      password: PASSWORD,
      publicKey: t.publicKey,
    });
    const other = new TestUser(sim, parseSecretKey(secretKey));
    expect(other.accountId).toBe(t.accountId);
    const deadline = new Date((await simNow(sim)) + 120_000);
    const elsewhere = await other.sign({ intents: [], deadline });
    const published = await busCall<PublishAnswer>(sim, 'publish_intent', { quote_hashes: [], signed_data: elsewhere });
    expect(published.result).toMatchObject({ status: 'OK' });
    if (typeof elsewhere.payload === 'string') throw new Error('a NEP-413 payload was expected');
    const nonce = elsewhere.payload.nonce;
    await expect
      .poll(async () => (await ledgerAnswer<boolean>(sim, 'is_nonce_used', { account_id: t.accountId, nonce })).value)
      .toBe(true);

    // The page asks the wallet to sign under the same nonce; the wallet never signed it itself.
    const pending = await t.page(METHODS.signIntents, { intents: [], nonce, deadline: deadline.toISOString() });
    expect(pending.ok).toBe('deferred');
    const view = await t.current();
    expect(view?.intents?.resumed, 'another client used the nonce: not this wallet’s resumed request').toBeUndefined();
    const outcome = await call<{ refused: string; words?: Phrase } | null>(t.bg, APPROVAL.resolve, {
      id: view!.id,
      approve: true,
    });
    expect(outcome?.refused).toMatch(/nonce was already used.*not given to the page/);
    // The window says it in the person's words, with the verifier's own reason inside.
    expect(outcome?.words).toMatchObject({
      key: 'approveRefused_verifier',
      subs: [expect.stringMatching(/nonce was already used/)],
    });
    const reply = await t.answerOf(pending);
    expect(reply).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.internal, data: { reason: expect.stringMatching(/nonce was already used/) } },
    });
    expect(JSON.stringify(reply)).not.toContain('"signature"');
  });
});

describe('Confirm on a message for another site', () => {
  it('asks for the acknowledgement first and keeps the request waiting; acknowledged, it signs', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const nonce = base64.encode(new Uint8Array(32).fill(3));
    const pending = await t.page(METHODS.signMessage, { message: 'hi', recipient: 'other.example', nonce });
    const view = await t.current();
    expect(view?.message).toMatchObject({
      recipient: 'other.example',
      callbackUrl: null,
      nonce,
      recipientIsVerifier: false,
      findings: [{ level: 'danger', code: 'recipient_other_site' }],
    });
    await expect(call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true })).rejects.toMatchObject({
      message: expect.stringMatching(/understand the risk/),
      data: { words: { key: 'approveRefused_ackRisk', subs: [{ key: 'approve_ackRisk' }] } },
    });
    expect((await t.current())?.id).toBe(view!.id);
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true, acknowledgeDanger: true });
    const reply = await t.answerOf(pending);
    if (reply.ok !== true) throw new Error(JSON.stringify(reply));
    const r = reply.result as { accountId: string; publicKey: string; signature: string };
    expect(r.accountId).toBe(t.accountId);
    const payload = { message: 'hi', recipient: 'other.example', nonce: base64.decode(nonce) };
    expect(verifyNep413(parsePublicKey(r.publicKey), payload, base64.decode(r.signature))).toBe(true);
  });

  it('shows a message for its own site without findings and signs it without an acknowledgement', async () => {
    const t = await pageSetup(sim);
    await t.connect();
    const nonce = base64.encode(new Uint8Array(32).fill(4));
    const pending = await t.page(METHODS.signMessage, {
      message: 'hi',
      recipient: 'dapp.example',
      nonce,
      callbackUrl: 'https://dapp.example/done',
    });
    const view = await t.current();
    expect(view?.message).toMatchObject({ callbackUrl: 'https://dapp.example/done', findings: [] });
    await call(t.bg, APPROVAL.resolve, { id: view!.id, approve: true });
    expect(await t.answerOf(pending)).toMatchObject({ ok: true, result: { accountId: t.accountId } });
  });
});
