// Red team: the popup's own reviews carry no Danger and no "I understand the risk" for a Send the person
// typed (docs/security.md, "Risk rules": the requester is the background's word, never a page's). A site
// must not reach that path: its transfer to the very account the person just sent to from the popup is
// still danger and needs the tick even when its params claim to be the popup, and the wallet methods
// that take the no-tick path answer only the extension's own pages. Real
// Chromium, the built extension, the simulator.
import { ERROR_CODES } from '../../../src/provider/protocol';
import { balances, dappForFile, errorOf, reject, request, TEN_WNEAR, WNEAR, withApproval } from '../provider-helpers';
import { expect, test } from '../sim';
import { expectDangerGate } from './helpers';

test.describe.configure({ timeout: 90_000 });

const session = dappForFile({ connect: true, fundWnear: TEN_WNEAR });
const FRIEND = `friend${Date.now()}.near`;

test('a site’s transfer to an account the person sent to from the popup still needs the tick; the popup’s path is not the page’s', async ({
  sim,
}) => {
  const { popup, context } = session.w;

  // The person sends to FRIEND from the popup: no Danger, no tick (the background knows it is its own page).
  await popup.reload();
  await popup.getByTestId('home-send').click();
  await popup.getByTestId('send-to').fill(FRIEND);
  await popup.getByTestId('send-amount').fill('1');
  await popup.getByTestId('send-review').click();
  const dialog = popup.getByTestId('send-dialog');
  await expect(dialog.getByTestId('approval-intent')).toContainText(FRIEND);
  await expect(dialog.locator('[data-level="danger"]')).toHaveCount(0);
  await expect(popup.getByTestId('send-ack')).toHaveCount(0);
  await popup.getByTestId('send-confirm').click();
  await expect(popup.getByTestId('send-status')).toHaveAttribute('data-status', 'SETTLED', { timeout: 20_000 });
  expect((await balances(sim, FRIEND))[WNEAR]).toBe((10n ** 24n).toString());

  // A site asks for the same kind of transfer to the same account, saying in its params that it is the
  // popup: the background names the requester from the sender, so it is danger, Confirm held behind the tick.
  const { approval, pending } = await withApproval(context, () =>
    request(
      session.dapp,
      'intents_signIntents',
      {
        intents: [{ intent: 'transfer', receiver_id: FRIEND, tokens: { [WNEAR]: '1000' } }],
        origin: null,
        requester: null,
        fromPopup: true,
      },
      { timeoutMs: 60_000 },
    ),
  );
  await expectDangerGate(approval);
  await expect(approval.getByTestId('approval-intent')).toContainText(FRIEND);
  await reject(approval);
  expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);

  // The popup's review and Confirm are internal methods: a page reaching for them is told they do not exist.
  for (const [method, params] of [
    ['wallet_previewSend', { receiverId: FRIEND, tokenId: WNEAR, amount: '1000' }],
    ['wallet_send', { reviewed: 'x', acknowledgeDanger: false }],
    ['swap_previewPayment', { id: 'x' }],
    ['swap_payFromIntents', { id: 'x', reviewed: 'x', acknowledgeDanger: false }],
  ] as const) {
    expect(errorOf(await request(session.dapp, method, params)).code, method).toBe(ERROR_CODES.unsupportedMethod);
  }

  expect((await balances(sim, FRIEND))[WNEAR]).toBe((10n ** 24n).toString());
});
