// Red team: storage deposits that pay a page's contract (docs/security.md, "Risk rules"). Each deposit of
// 0.05 NEAR is routine alone; twenty in one signature pay 1 NEAR, for good, to a contract of the page's
// choosing. The cap holds for the signature's deposits together: the window shows the total as danger,
// Confirm waits for the tick, the victim rejects, and nothing moves. A file of its own: a site may ask
// for ten approvals a minute (src/background/page/rateLimits.ts), and window-truth's requests use them.
import { ERROR_CODES } from '../../../src/provider/protocol';
import {
  dappForFile,
  errorOf,
  expectClosed,
  ONE_WNEAR,
  reject,
  request,
  TEN_WNEAR,
  withApproval,
} from '../provider-helpers';
import { expect, test } from '../sim';
import { expectDangerGate, ledgerState } from './helpers';

const session = dappForFile({ connect: true, fundWnear: TEN_WNEAR });

test('twenty storage deposits of 0.05 NEAR each to a contract of the page’s choosing, each routine alone: 1 NEAR in all is danger', async ({
  sim,
}) => {
  const before = await ledgerState(sim, session.w.accountId);
  const each = (BigInt(ONE_WNEAR) / 20n).toString();
  const intents = Array.from({ length: 20 }, (_, i) => ({
    intent: 'storage_deposit',
    contract_id: 'attacker.near',
    deposit_for_account_id: `u${i}.attacker.near`,
    amount: each,
  }));
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signIntents', { intents }),
  );
  try {
    const total = approval.locator('[data-testid="approval-finding"][data-level="danger"]', {
      hasText: /20 storage deposits pay 1 wNEAR in all/,
    });
    await expectDangerGate(approval, total);
  } finally {
    if (!approval.isClosed()) await reject(approval);
  }
  expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
  await expectClosed(approval);
  expect(await ledgerState(sim, session.w.accountId)).toEqual(before);
});
