// EXACT_OUTPUT swaps start only within what the person accepted: the real quote's amountIn may exceed
// the accepted dry quote's by the slippage the request allows, and no more. Otherwise a clear refusal,
// nothing stored, and the popup reviews the new quote. Against the running simulator over HTTP.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type QuoteView, SWAP, type SwapRecordView } from '../../../src/api/swapApi';
import { WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { swapParams } from '../reliability/helpers';
import { backgroundEnv, call, PASSWORD, simulatorWithClock, useSimulator } from './harness';

const { sim, clock } = simulatorWithClock();
beforeEach(() => fakeBrowser.reset());

async function wallet() {
  const bg = startBackground(backgroundEnv(clock));
  await useSimulator(bg, sim.url, sim.busApiKey);
  await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
  return bg;
}

const exactOut = () => swapParams(clock.now, { swapType: 'EXACT_OUTPUT', amount: '1000000', slippageTolerance: 100 });

describe('EXACT_OUTPUT: the real quote within the accepted one', () => {
  it('starts when the real amountIn is within the accepted dry quote and the slippage', async () => {
    const bg = await wallet();
    const dry = await call<QuoteView>(bg, SWAP.quote, exactOut());
    const r = await call<SwapRecordView>(bg, SWAP.start, { ...exactOut(), acceptedAmountIn: dry.quote.amountIn });
    expect(BigInt(JSON.parse(r.quoteResponseJson).quote.amountIn)).toBeLessThanOrEqual(
      (BigInt(dry.quote.amountIn) * 10_100n) / 10_000n,
    );
  });

  it('refuses, stores nothing, when the real quote takes more than the accepted one and the slippage allow', async () => {
    const bg = await wallet();
    const dry = await call<QuoteView>(bg, SWAP.quote, exactOut());
    // The person accepted a quote 2 % cheaper than the service's now (the price moved since): 1 % slippage does not cover it.
    const accepted = ((BigInt(dry.quote.amountIn) * 98n) / 100n).toString();
    await expect(call(bg, SWAP.start, { ...exactOut(), acceptedAmountIn: accepted })).rejects.toThrow(
      /takes .* more than the .* you accepted .*review the new quote/i,
    );
    expect(await call<SwapRecordView[]>(bg, SWAP.list)).toEqual([]);
  });

  it('refuses an EXACT_OUTPUT start that names no accepted quote', async () => {
    const bg = await wallet();
    await expect(call(bg, SWAP.start, exactOut())).rejects.toThrow(/acceptedAmountIn/);
    expect(await call<SwapRecordView[]>(bg, SWAP.list)).toEqual([]);
  });
});
