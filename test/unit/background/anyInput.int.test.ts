// ANY_INPUT through the background against the simulator, as the popup calls it: the request in its one
// live shape (origin 1cs:any, amount 0, INTENTS deposit and refund) and nothing else for that type; the
// swap never ends, so the tracker reads its payouts from /v0/any-input/withdrawals on the alarm, keeps
// each once, notifies new ones, shows their sum in history, and stops at the deadline.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  ANY_INPUT_ASSET,
  type HistoryPage,
  type QuoteParams,
  SWAP,
  type SwapRecordView,
} from '../../../src/api/swapApi';
import { type CreateResult, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { ANY_INPUT_AMOUNT, ANY_INPUT_POLL_MS } from '../../../src/background/swaps/anyInput';
import { SWAP_ALARM } from '../../../src/background/swaps/tracker';
import {
  type Background,
  backgroundEnv,
  call,
  ONE_NEAR,
  PASSWORD,
  simulatorWithClock,
  USDT_ETH,
  useSimulator,
  WNEAR,
} from './harness';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

async function dev(path: string, body: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

async function background(): Promise<{ bg: Background; account: string }> {
  const bg = startBackground(backgroundEnv(clock));
  await useSimulator(bg, sim.url, sim.busApiKey);
  const created = await call<CreateResult>(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  await call(bg, WALLET.setSettings, { jwt: sim.devJwt });
  return { bg, account: created.status.accounts[0]!.accountId };
}

const anyInput = (account: string, recipient: string, overrides: Partial<QuoteParams> = {}): QuoteParams => ({
  swapType: 'ANY_INPUT',
  slippageTolerance: 0,
  originAsset: ANY_INPUT_ASSET,
  depositType: 'INTENTS',
  destinationAsset: USDT_ETH,
  amount: '0',
  refundTo: account,
  refundType: 'INTENTS',
  recipient,
  recipientType: 'INTENTS',
  deadline: new Date(clock.now + 3 * 3600_000).toISOString(),
  ...overrides,
});

/** Moves both clocks and fires the tracker's alarm as the browser would. */
async function alarmAfter(_bg: Background, ms: number) {
  await dev('/dev/clock/advance', { ms });
  await fakeBrowser.alarms.onAlarm.trigger({
    name: SWAP_ALARM,
    scheduledTime: clock.now,
    periodInMinutes: undefined,
  } as never);
}
/** Fires the alarm every poll interval until `done` holds (a bounded number of times). */
async function until(bg: Background, id: string, done: (r: SwapRecordView) => boolean): Promise<SwapRecordView> {
  for (let i = 0; i < 20; i++) {
    const r = await call<SwapRecordView>(bg, SWAP.get, { id });
    if (done(r)) return r;
    await alarmAfter(bg, ANY_INPUT_POLL_MS);
  }
  throw new Error('the tracker never got there');
}
const notifications = () =>
  Object.values(
    (
      fakeBrowser.notifications as unknown as {
        getAllCreateOptions(): Record<string, { title: string; message: string }>;
      }
    ).getAllCreateOptions(),
  ).map((n) => `${n.title}: ${n.message}`);
const usdtOf = async (accountId: string) => {
  const res = await fetch(`${sim.url}/dev/balances?accountId=${accountId}`);
  return BigInt(((await res.json()) as { balances: Record<string, string> }).balances[USDT_ETH] ?? '0');
};

describe('ANY_INPUT requests', () => {
  it('the live shape is quoted; any other shape of that type is refused with the field at fault', async () => {
    const { bg, account } = await background();
    const q = await call<{ quote: { amountIn: string } }>(bg, SWAP.quote, anyInput(account, account));
    expect(q.quote.amountIn).toBe('0');
    const refused = async (overrides: Partial<QuoteParams>) => {
      const e = await call(bg, SWAP.quote, anyInput(account, account, overrides)).then(
        () => null,
        (err: { data?: { field?: string } }) => err,
      );
      return e?.data?.field;
    };
    expect(await refused({ originAsset: WNEAR })).toBe('originAsset');
    expect(await refused({ amount: '1000' })).toBe('amount');
    expect(await refused({ depositType: 'ORIGIN_CHAIN' })).toBe('depositType');
    expect(await refused({ refundType: 'ORIGIN_CHAIN', refundTo: '0x52908400098527886E0F7030069857D2E4169EE7' })).toBe(
      'refundType',
    );
    // The pseudo asset and a zero amount belong to ANY_INPUT only.
    expect(await refused({ swapType: 'EXACT_INPUT' })).toBe('originAsset');
    expect(await refused({ swapType: 'EXACT_INPUT', originAsset: WNEAR })).toBe('amount');
  });
});

describe('ANY_INPUT tracking', () => {
  it('reads payouts on the alarm, keeps each once, notifies new ones, sums them in history, and stops at the deadline', async () => {
    const { bg, account } = await background();
    const recipient = 'anypool.near';
    const r = await call<SwapRecordView>(bg, SWAP.start, anyInput(account, recipient));
    expect(r.amountToSend).toBe(ANY_INPUT_AMOUNT);
    // Nothing to pay from the intents account: the address takes any token.
    await expect(call(bg, SWAP.previewPayment, { id: r.id })).rejects.toThrow(/ANY_INPUT/);

    const none = await until(bg, r.id, (x) => x.withdrawals !== undefined);
    expect(none.withdrawals).toEqual([]);
    expect(notifications()).toEqual([]);

    // About $1,500 of wNEAR: converted and paid out once the pool passes $1,000.
    await dev('/dev/deposit', {
      depositAddress: r.depositAddress,
      amount: String(500n * ONE_NEAR),
      assetId: WNEAR,
      txHash: 'AnyIn1',
    });
    const first = await until(bg, r.id, (x) => (x.withdrawals?.length ?? 0) > 0);
    expect(first.status).not.toMatch(/SUCCESS|REFUNDED|FAILED/);
    expect(first.withdrawals).toHaveLength(1);
    const paid = first.withdrawals![0]!;
    expect(paid.status).toBe('SUCCESS');
    expect(BigInt(paid.amountOut)).toBe(await usdtOf(recipient));
    expect(notifications()).toEqual([`Swap payout: ${paid.amountOutFormatted} USDT paid to ${recipient}`]);

    // More checks read nothing new: no duplicate on the record, no second notification.
    await alarmAfter(bg, ANY_INPUT_POLL_MS);
    await alarmAfter(bg, ANY_INPUT_POLL_MS);
    expect((await call<SwapRecordView>(bg, SWAP.get, { id: r.id })).withdrawals).toHaveLength(1);
    expect(notifications()).toHaveLength(1);

    await dev('/dev/deposit', {
      depositAddress: r.depositAddress,
      amount: String(500n * ONE_NEAR),
      assetId: WNEAR,
      txHash: 'AnyIn2',
    });
    const second = await until(bg, r.id, (x) => (x.withdrawals?.length ?? 0) > 1);
    expect(second.withdrawals!.map((w) => w.status)).toEqual(['SUCCESS', 'SUCCESS']);
    const total = second.withdrawals!.reduce((n, w) => n + BigInt(w.amountOut), 0n);
    expect(total).toBe(await usdtOf(recipient));
    expect(notifications()).toHaveLength(2);

    const history = await call<HistoryPage>(bg, SWAP.history, {});
    const item = history.items.find((i) => i.localId === r.id)!;
    expect(item).toMatchObject({
      amountInFormatted: 'any',
      destinationChainTxHashes: second.withdrawals!.map((w) => w.hash),
    });
    expect(item.amountOutFormatted).toBe((Number(total) / 1e6).toString());

    // Past the deadline tracking ends (an ANY_INPUT swap has no terminal status).
    await alarmAfter(bg, Date.parse(r.deadline!) - clock.now + 60_000);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });
});
