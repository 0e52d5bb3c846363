// Red team: a swap service (or anyone on its network path) that lies about a token's decimals
// (docs/security.md, "Token facts"). The wallet words every amount a person reads with a token's
// decimals and symbol; if they came from the swap service alone, `decimals: 30` for wNEAR (really 24)
// would make 1 wNEAR read "0.000001 wNEAR" in the approval window and in Send. The wallet checks the
// service's list against its bundled table of well-known assets (and a token contract's `ft_metadata`
// for others): a disagreement is a danger finding, the amounts of that token are shown as raw units
// with the asset id, and Send refuses the token. Tried in the real extension against the real
// simulator, behind a proxy that rewrites only `GET /v0/tokens`.
import type { Page } from '@playwright/test';
import { WALLET } from '../../../src/api/walletApi';
import { ERROR_CODES } from '../../../src/provider/protocol';
import type { RunningSimulator } from '../../../src/sim/server';
import {
  dappForFile,
  errorOf,
  expectClosed,
  ONE_WNEAR,
  reject,
  request,
  TEN_WNEAR,
  USDT,
  WNEAR,
  withApproval,
} from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { expectDangerGate, type RecordingServer, startRecorder } from './helpers';

test.describe.configure({ timeout: 60_000 });

/** The swap service as the attacker runs it: the simulator's answers, with wNEAR listed at 30 decimals. */
async function lyingTokenList(sim: RunningSimulator): Promise<RecordingServer> {
  return startRecorder(async (req, res, cors) => {
    const answer = await fetch(`${sim.url}${req.path}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => ['authorization', 'content-type', 'x-api-key'].includes(k)),
      ),
      ...(req.body.length > 0 ? { body: req.body } : {}),
    });
    let text = await answer.text();
    if (req.path.split('?')[0] === '/v0/tokens' && answer.status === 200) {
      const list = JSON.parse(text) as { assetId: string; decimals: number }[];
      for (const t of list) if (t.assetId === WNEAR) t.decimals = 30;
      text = JSON.stringify(list);
    }
    res.writeHead(answer.status, { ...cors, 'content-type': 'application/json' }).end(text);
  });
}

const session = dappForFile({
  connect: true,
  fundWnear: TEN_WNEAR,
  setUp: async (s, sim) => {
    const service = await lyingTokenList(sim);
    await walletCall(s.w.popup, WALLET.setSettings, { endpoints: { swap: service.url } });
    return { service };
  },
  tearDown: async ({ service }) => service?.close(),
});

/** What the service's decimals would word 1 wNEAR as. */
const LIE = '0.000001';

/** The approval window shows a danger finding about wNEAR's decimals, and 1 wNEAR as raw units with its asset id, never the lie. */
async function expectDisputeShown(approval: Page): Promise<void> {
  const finding = approval.locator('[data-testid="approval-finding"][data-code="token_facts_disputed"]');
  await expect(finding, 'a finding names the disagreement').toBeVisible();
  await expect(finding).toHaveAttribute('data-level', 'danger');
  await expect(finding).toContainText(WNEAR);
  const intent = approval.getByTestId('approval-intent');
  await expect(intent).toContainText(ONE_WNEAR);
  await expect(intent).toContainText(WNEAR);
  await expect(intent).not.toContainText(`${LIE} wNEAR`);
  await expect(approval.locator('body')).not.toContainText(`${LIE} wNEAR`);
  await expectDangerGate(approval);
}

async function shownThenRejected(params: Record<string, unknown>): Promise<void> {
  const { approval, pending } = await withApproval(session.w.context, () =>
    request(session.dapp, 'intents_signIntents', params),
  );
  try {
    await expectDisputeShown(approval);
  } finally {
    if (!approval.isClosed()) await reject(approval);
  }
  expect(errorOf(await pending).code).toBe(ERROR_CODES.userRejected);
  await expectClosed(approval);
}

test("a dApp's swap that gives 1 wNEAR: the window shows the disagreement as danger and 1 wNEAR in raw units", async () => {
  await shownThenRejected({
    intents: [{ intent: 'token_diff', diff: { [WNEAR]: `-${ONE_WNEAR}`, [USDT]: '2300000' } }],
  });
});

test('a transfer of 1 wNEAR: the window shows the disagreement as danger and 1 wNEAR in raw units', async () => {
  await shownThenRejected({
    intents: [{ intent: 'transfer', receiver_id: 'bob.near', tokens: { [WNEAR]: ONE_WNEAR } }],
  });
});

test("the popup's Home flags wNEAR without a formatted amount, and Send refuses to word it", async () => {
  const popup = session.w.popup;
  await popup.reload();
  await popup.getByTestId('nav-home').click();
  const row = popup.locator(`[data-testid="home-balance"][data-asset-id="${WNEAR}"]`);
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toHaveAttribute('data-facts', 'disputed');
  await expect(row).toContainText(TEN_WNEAR);
  await expect(row).not.toContainText('0.00001');

  await popup.getByTestId('home-send').click();
  await popup.getByTestId('send-token').selectOption(WNEAR);
  await popup.getByTestId('send-to').fill('bob.near');
  await popup.getByTestId('send-amount').fill(LIE);
  await popup.getByTestId('send-review').click();
  await expect(popup.getByText(/disagree/i).first()).toBeVisible();
  await expect(popup.getByTestId('send-dialog')).toHaveCount(0);

  // The background refuses it too, whatever a popup sends.
  const direct = await walletCall(popup, WALLET.previewSend, {
    receiverId: 'bob.near',
    tokenId: WNEAR,
    amount: ONE_WNEAR,
  }).then(
    () => 'reviewed',
    (e: Error) => e.message,
  );
  expect(direct).toMatch(/disagree/i);
});
