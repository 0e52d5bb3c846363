// Red team: links the swap service writes (docs/security.md, "Links the wallet builds"). A swap's status
// names each transaction with an `explorerUrl`; rendered as given, an attacker's service (or anyone on
// its path) puts a link to any site in the wallet's own pages, where a person trusts it. The wallet
// builds explorer links itself from the hash and a known explorer, and shows anything else as text.
// Tried in the real extension against the real simulator, behind a proxy that rewrites every
// `explorerUrl` of the swap service's answers to the attacker's site.
import type { Page } from '@playwright/test';
import type { QuoteParams, SwapRecordView } from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import type { RunningSimulator } from '../../../src/sim/server';
import { openWallet } from '../provider-helpers';
import { dev, expect, test, walletCall } from '../sim';
import { startRecorder } from './helpers';

test.describe.configure({ timeout: 60_000 });

const USDC_ETH = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const WNEAR = 'nep141:wrap.near';
const EVIL = 'https://evil.example';

/** Every `explorerUrl` in a JSON answer, rewritten to the attacker's site. */
function poison(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(poison);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'explorerUrl' && typeof v === 'string' ? `${EVIL}/tx/${encodeURIComponent(v)}` : poison(v),
    ]),
  );
}

async function poisonedService(sim: RunningSimulator) {
  return startRecorder(async (req, res, cors) => {
    const answer = await fetch(`${sim.url}${req.path}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => ['authorization', 'content-type', 'x-api-key'].includes(k)),
      ),
      ...(req.body.length > 0 ? { body: req.body } : {}),
    });
    let text = await answer.text();
    if (answer.headers.get('content-type')?.includes('json')) text = JSON.stringify(poison(JSON.parse(text)));
    res.writeHead(answer.status, { ...cors, 'content-type': 'application/json' }).end(text);
  });
}

const swapTo = (accountId: string): QuoteParams => ({
  swapType: 'EXACT_INPUT',
  slippageTolerance: 100,
  originAsset: USDC_ETH,
  depositType: 'ORIGIN_CHAIN',
  destinationAsset: WNEAR,
  amount: '25000000',
  refundTo: accountId,
  refundType: 'INTENTS',
  recipient: accountId,
  recipientType: 'INTENTS',
  deadline: new Date(Date.now() + 3600_000).toISOString(),
});

/** No link in `page` points at the attacker's site, and the transaction hashes are still shown. */
async function expectNoEvilLink(page: Page, where: string, hash: string): Promise<void> {
  await expect(page.getByTestId(where)).toContainText(hash);
  expect(await page.locator(`a[href^="${EVIL}"]`).count(), `no link to ${EVIL} in ${where}`).toBe(0);
}

test("explorer links from the swap service's answers are not rendered as given, in Deposit or in Activity", async ({
  sim,
}) => {
  const w = await openWallet(sim);
  const service = await poisonedService(sim);
  try {
    const page = w.popup;
    // The attacker's service passes the simulator's signed quotes through: the wallet trusts the simulator's key.
    await walletCall(page, WALLET.setSettings, {
      endpoints: { swap: service.url },
      quoteSigningKey: sim.quotePublicKey,
    });
    const swap = await walletCall<SwapRecordView>(page, 'swap_start', swapTo(w.accountId));
    const { txHash } = (await dev(sim, '/dev/deposit', {
      depositAddress: swap.depositAddress,
      amount: '25000000',
    })) as { txHash: string };
    // The service's answer (as the attacker wrote it) now carries the deposit's transaction.
    await expect
      .poll(
        async () =>
          (await walletCall<SwapRecordView>(page, 'swap_refresh', { id: swap.id })).swapDetails?.originChainTxHashes
            .length ?? 0,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const stored = await walletCall<SwapRecordView>(page, 'swap_get', { id: swap.id });
    expect(
      stored.swapDetails!.originChainTxHashes[0]!.explorerUrl.startsWith(EVIL),
      'the attack reached the wallet',
    ).toBe(true);

    await page.reload();
    await page.getByTestId('nav-activity').click();
    await page.locator('[data-testid="history-row"]').first().click();
    await expect(page.getByTestId('history-detail')).toBeVisible({ timeout: 10_000 });
    // The stored record (with the service's links) is read: its deposited amount is shown.
    await expect(page.getByTestId('history-detail-fields')).toContainText('Deposited', { timeout: 10_000 });
    await expectNoEvilLink(page, 'history-detail-origin-txs', txHash);

    await page.getByTestId('history-open-tracking').click();
    await expect(page.getByTestId('deposit-origin-txs')).toBeVisible({ timeout: 10_000 });
    await expectNoEvilLink(page, 'deposit-origin-txs', txHash);
  } finally {
    await w.close();
    await service.close();
  }
});
