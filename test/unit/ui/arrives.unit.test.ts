import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SwapRecordView } from '../../../src/api/swapApi';
import { arrivesText } from '../../../src/ui/arrives';

const USDC = { assetId: 'nep141:eth-0xa0b8.omft.near', symbol: 'USDC', decimals: 6, blockchain: 'eth' };
const XRP = { assetId: 'nep141:xrp.omft.near', symbol: 'XRP', decimals: 6, blockchain: 'xrp' };

// A live 1Click quote response (test/fixtures/live/README.md), its amountOut set per case.
const LIVE = JSON.parse(readFileSync('test/fixtures/live/quote-exact-input.response.json', 'utf8')) as {
  quote: Record<string, unknown>;
};

function record(request: Partial<SwapRecordView['request']>, amountOut: string | null = '24900000'): SwapRecordView {
  const quote = { ...LIVE.quote };
  if (amountOut === null) delete quote.amountOut;
  else quote.amountOut = amountOut;
  return {
    request: { destinationAsset: USDC.assetId, recipient: 'me.near', recipientType: 'INTENTS', ...request },
    quoteResponseJson: JSON.stringify({ ...LIVE, quote }),
  } as SwapRecordView;
}

describe('what a swap paid from the balance delivers, and where', () => {
  it('to the person’s own intents account, to another one, to an address on a chain', () => {
    expect(arrivesText(record({}), USDC, 'me.near')).toBe('Then about 24.9 USDC arrive in your intents account.');
    expect(arrivesText(record({ recipient: 'bob.near' }), USDC, 'me.near')).toBe(
      'Then about 24.9 USDC arrive in the intents account bob.near.',
    );
    expect(arrivesText(record({ recipient: '0x5aAe', recipientType: 'DESTINATION_CHAIN' }), USDC, 'me.near')).toBe(
      'Then about 24.9 USDC arrive at 0x5aAe on Ethereum.',
    );
  });

  it('names the memo by its chain’s name for it', () => {
    const r = record(
      { destinationAsset: XRP.assetId, recipient: 'rHb9', recipientType: 'DESTINATION_CHAIN', recipientMemo: '77' },
      '5000000',
    );
    expect(arrivesText(r, XRP, null)).toBe('Then about 5 XRP arrive at rHb9 on XRP Ledger (destination tag 77).');
  });

  it('raw units for a token it cannot word; nothing without an amount out', () => {
    expect(arrivesText(record({}), { ...USDC, decimals: null }, 'me.near')).toBe(
      `Then about 24900000 units of ${USDC.assetId} arrive in your intents account.`,
    );
    expect(arrivesText(record({}, null), USDC, 'me.near')).toBeNull();
    expect(arrivesText(record({}, '-1'), USDC, 'me.near')).toBeNull();
  });
});
