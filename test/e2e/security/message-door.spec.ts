// Red team: the message door (docs/security.md, "No intent through the message door").
// A connected page asks intents_signMessage with the verifier as the recipient and an intents payload
// as the "message": a NEP-413 signature over {recipient: <the verifier>, message: <payload>} IS a signed
// intent (https://github.com/near/NEPs/blob/master/neps/nep-0413.md; the verifier reads nep413 signed
// intents exactly so). If the wallet signs it, the page wraps it as `nep413` and publishes an
// add_public_key of its own key: the key-management refusal, the risk rules and the nonce registry
// are all skipped. The attack is played in full (a victim who ticks every warning and confirms), and
// the simulator's ledger must not move. Also here: a nonce signed once is never signed again.
import { signatureBase64ToEd25519 } from '../../../src/core';
import { ERROR_CODES } from '../../../src/provider/protocol';
import {
  confirm,
  dappForFile,
  expectClosed,
  nonce32,
  PAGE_SITE,
  request,
  resultOf,
  TEN_WNEAR,
  WNEAR,
  withApproval,
} from '../provider-helpers';
import { expect, ledgerHasPublicKey, ledgerSalt, test } from '../sim';
import { attackerKey, attempt, ledgerState, payloadFor, publishOnBus } from './helpers';

// Not serial: each test stands alone, so one attack that succeeds does not hide the others.
test.describe.configure({ timeout: 90_000 });

const session = dappForFile({ connect: true, fundWnear: TEN_WNEAR });

test('an intents payload signed as a "message" for the verifier: refused without a window, the attacker key never lands', async ({
  sim,
}) => {
  const before = await ledgerState(sim, session.w.accountId);
  const attacker = attackerKey();
  const salt = await ledgerSalt(sim);
  const tries: { recipient: string; outcome: unknown; windows: number }[] = [];

  // The simulator's verifier however spelled, and Mainnet's (refused on every network: the text is an intent).
  for (const recipient of [sim.verifierId, ' INTENTS.sim ', 'Intents.Sim', 'intents.near']) {
    // The attacker's payload, in the SDK's nep413 message shape, under a nonce of its own.
    const template = payloadFor(
      session.w.accountId,
      [{ intent: 'add_public_key', public_key: attacker.publicKey }],
      salt,
    );
    const message = JSON.stringify({
      deadline: template.deadline,
      intents: template.intents,
      signer_id: template.signer_id,
    });
    const { outcome, windows } = await attempt(
      session.w.context,
      () => request(session.dapp, 'intents_signMessage', { message, recipient, nonce: template.nonce }),
      'confirm', // the victim ticks "I understand the risk" and signs
    );
    tries.push({ recipient, outcome, windows });
    if (outcome.ok !== true) continue;

    // Signed: wrap it as a nep413 signed intent and publish it, through the page and on the bus.
    const signature = (outcome.result as { signature: string }).signature;
    const signed = {
      standard: 'nep413',
      payload: { message, nonce: template.nonce, recipient },
      public_key: session.w.publicKey,
      signature: signatureBase64ToEd25519(signature),
    };
    await request(session.dapp, 'intents_publishIntents', { signed });
    await publishOnBus(sim, signed);
    // With its key on the account, the attacker empties it.
    if (await ledgerHasPublicKey(sim, session.w.accountId, attacker.publicKey)) {
      const drain = payloadFor(
        session.w.accountId,
        [{ intent: 'transfer', receiver_id: attacker.accountId, tokens: { [WNEAR]: TEN_WNEAR } }],
        salt,
      );
      await publishOnBus(sim, attacker.sign(drain));
    }
  }

  // Nothing moved: the attacker's key is not on the account and the wNEAR is all there.
  expect(
    await ledgerHasPublicKey(sim, session.w.accountId, attacker.publicKey),
    "the attacker's key is on the account",
  ).toBe(false);
  expect(await ledgerState(sim, session.w.accountId)).toEqual(before);
  // Each attempt was refused at once, naming the recipient and the door to use, with no window.
  for (const t of tries) {
    expect(t.outcome, `recipient ${JSON.stringify(t.recipient)}`).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODES.invalidParams,
        data: { field: 'recipient' },
        message: expect.stringContaining('intents_signIntents'),
      },
    });
    expect(t.windows, `no approval window for recipient ${JSON.stringify(t.recipient)}`).toBe(0);
  }
});

test('a nonce is signed once: the same nonce in a second message, or in intents, is refused without a window', async ({
  sim,
}) => {
  const before = await ledgerState(sim, session.w.accountId);
  const nonce = nonce32().toString('base64');
  // The first message under this nonce is signed normally.
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signMessage', { message: `Sign in to ${PAGE_SITE}`, recipient: PAGE_SITE, nonce }),
  );
  await confirm(approval);
  expect(resultOf<{ signature: string }>(await pending).signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
  await expectClosed(approval);

  // The page asks again under the same nonce: another message, then intents.
  const again = await attempt(
    session.w.context,
    () =>
      request(session.dapp, 'intents_signMessage', {
        message: 'Approve transfer of everything',
        recipient: PAGE_SITE,
        nonce,
      }),
    'confirm',
  );
  const asIntents = await attempt(
    session.w.context,
    () =>
      request(session.dapp, 'intents_signIntents', {
        intents: [{ intent: 'transfer', receiver_id: 'attacker.near', tokens: { [WNEAR]: TEN_WNEAR } }],
        nonce,
      }),
    'confirm',
  );
  for (const [what, t] of [
    ['a second message', again],
    ['intents', asIntents],
  ] as const) {
    expect(t.outcome, what).toMatchObject({
      ok: false,
      error: { code: ERROR_CODES.invalidParams, data: { field: 'nonce' } },
    });
    expect(t.windows, `no approval window for ${what}`).toBe(0);
  }
  expect(await ledgerState(sim, session.w.accountId)).toEqual(before);
});
