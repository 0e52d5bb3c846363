// The popup's swap client (src/ui/swaps.ts): each SWAP method with its params, errors with the
// background's message, and records read again when a method answers without one.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeMessage, RuntimeReply } from '../../../src/provider/protocol';
import { SWAP, type QuoteParams } from '../../../src/provider/swapApi';

const sent: RuntimeMessage[] = [];
let replies: RuntimeReply[] = [];
vi.mock('../../../src/ui/messaging', () => ({
  askBackground: async (message: RuntimeMessage) => {
    sent.push(message);
    return replies.shift() ?? { ok: true, result: null };
  },
}));
const { swaps } = await import('../../../src/ui/swaps');
const { WalletError, messageOf } = await import('../../../src/ui/wallet');

const record = { id: 's1', status: 'PENDING_DEPOSIT' };
const params: QuoteParams = {
  swapType: 'EXACT_INPUT',
  slippageTolerance: 100,
  originAsset: 'nep141:a',
  depositType: 'ORIGIN_CHAIN',
  destinationAsset: 'nep141:b',
  amount: '1',
  refundTo: 'alice.near',
  refundType: 'INTENTS',
  recipient: 'alice.near',
  recipientType: 'INTENTS',
  deadline: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  sent.length = 0;
  replies = [];
});

describe('swap client', () => {
  it('sends each method with its params', async () => {
    await swaps.tokens();
    await swaps.quote(params);
    await swaps.start(params);
    await swaps.list();
    await swaps.get('s1');
    await swaps.history({ numberOfTransactions: 10, direction: 'next' });
    expect(sent).toEqual([
      { type: 'request', method: SWAP.tokens },
      { type: 'request', method: SWAP.quote, params },
      { type: 'request', method: SWAP.start, params },
      { type: 'request', method: SWAP.list },
      { type: 'request', method: SWAP.get, params: { id: 's1' } },
      { type: 'request', method: SWAP.history, params: { numberOfTransactions: 10, direction: 'next' } },
    ]);
  });

  it('uses the record a method returns, or reads it again', async () => {
    replies = [{ ok: true, result: record }];
    expect(await swaps.submitDeposit({ id: 's1', txHash: '0xabc', memo: '7' })).toEqual(record);
    expect(sent).toEqual([{ type: 'request', method: SWAP.submitDeposit, params: { id: 's1', txHash: '0xabc', memo: '7' } }]);
    sent.length = 0;
    replies = [{ ok: true, result: { intentHash: 'h' } }, { ok: true, result: { ...record, paidIntentHash: 'h' } }];
    expect(await swaps.payFromIntents('s1', true)).toMatchObject({ paidIntentHash: 'h' });
    expect(sent).toEqual([
      { type: 'request', method: SWAP.payFromIntents, params: { id: 's1', acknowledgeDanger: true } },
      { type: 'request', method: SWAP.get, params: { id: 's1' } },
    ]);
  });

  it("throws the background's error with the service's message", async () => {
    replies = [{ ok: false, error: { code: -32602, message: 'Amount is too low for bridge, try at least 1.5 USDC' } }];
    const err = await swaps.quote(params).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WalletError);
    expect(messageOf(err)).toBe('Amount is too low for bridge, try at least 1.5 USDC');
  });

  it('asks for the token list once, and again after a failure', async () => {
    replies = [{ ok: false, error: { code: -32603, message: 'offline' } }];
    await expect(swaps.tokensOnce()).rejects.toThrow('offline');
    replies = [{ ok: true, result: [{ assetId: 'nep141:a' }] }];
    expect(await swaps.tokensOnce()).toEqual([{ assetId: 'nep141:a' }]);
    expect(await swaps.tokensOnce()).toEqual([{ assetId: 'nep141:a' }]);
    expect(sent.filter((m) => m.type === 'request' && m.method === SWAP.tokens)).toHaveLength(2);
  });
});
