// Failures that say what to fix (docs/dapps.md, "Errors"), in real Chromium with the built extension
// against the simulator: an unreachable bus is 4900 naming the bus and its setting; a missing bus key is
// said in the window before Confirm is offered; after a final error the window shows the next request.
import {
  confirm,
  dappForFile,
  errorOf,
  expectClosed,
  ONE_WNEAR,
  reject,
  request,
  WNEAR,
  withApproval,
} from './provider-helpers';
import { expect, test, walletCall } from './sim';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const session = dappForFile({ connect: true });
const transfer = [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } }];

test('an unreachable message bus: 4900 naming the bus and the endpoint to change', async ({ sim }) => {
  await walletCall(session.w.popup, 'wallet_setSettings', { endpoints: { bus: 'http://127.0.0.1:1/rpc' } });
  try {
    const e = errorOf(await request(session.dapp, 'intents_getIntentStatus', { intentHash: '1'.repeat(32) }));
    expect(e).toMatchObject({
      code: 4900,
      message: expect.stringMatching(/message bus could not be reached.*endpoints\.bus/),
      data: { service: 'bus', httpStatus: null, setting: 'endpoints.bus' },
    });
  } finally {
    await walletCall(session.w.popup, 'wallet_setSettings', { endpoints: { bus: sim.urls.bus } });
  }
});

test('a missing bus key is said before Confirm is offered; with the key, Confirm comes back', async ({ sim }) => {
  await walletCall(session.w.popup, 'wallet_setSettings', { busApiKey: null });
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_publishIntents', { intents: transfer }),
  );
  // In the person's words, naming the setting as Settings names it.
  await expect(approval.getByTestId('approval-blocked')).toContainText(
    /Sending needs an API key on Local[^:]*: add it in Settings → Advanced, under “Message-bus API key”\./,
  );
  await approval.bringToFront();
  await expect(approval.getByTestId('approval-confirm')).toBeDisabled();
  await walletCall(session.w.popup, 'wallet_setSettings', { busApiKey: sim.busApiKey });
  await expect(approval.getByTestId('approval-blocked')).toHaveCount(0);
  await reject(approval);
  expect(errorOf(await pending).code).toBe(4001);
  await expectClosed(approval);
});

test('after a final error the window shows the next request, then closes when nothing is left', async () => {
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_publishIntents', { intents: transfer }),
  );
  await confirm(approval, { acknowledgeDanger: true });
  expect(errorOf(await pending).code).toBe(-32603);
  await expect(approval.getByTestId('approval-refused')).toContainText(/^Not signed: The verifier refused it/);
  // The next request reaches the same window (no hang, no -32002); the old error is named as the previous one's.
  const next = request(session.dapp, 'intents_signIntents', { intents: transfer });
  await expect(approval.getByTestId('approval-kind')).toHaveAttribute('data-kind', 'signIntents');
  await expect(approval.getByTestId('approval-refused')).toContainText(/^The previous request was not signed/);
  await reject(approval);
  expect(errorOf(await next).code).toBe(4001);
  await expectClosed(approval);
});
