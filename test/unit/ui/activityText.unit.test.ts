// What Activity's rows say (src/ui/activityText.ts): the kind of each row, a withdrawal read as one
// ("Withdraw 25 USDC to 0x…"), a receipt, a swap; an intent's own words, its site, its status and the
// swap colour it takes.

import { describe, expect, it } from 'vitest';
import type { ActivityItem, PublishedIntentView } from '../../../src/api/activity';
import type { HistoryItem, TokenView } from '../../../src/api/swapApi';
import { phrase } from '../../../src/core/phrase';
import { dayOf, intentKind, kindOf, lineOf, statusOf, swapKind, swapLine } from '../../../src/ui/activityText';

const USDC = 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near';
const BTC = 'nep141:btc.omft.near';
const token = (assetId: string, symbol: string, blockchain: string): TokenView => ({
  assetId,
  symbol,
  decimals: 6,
  blockchain,
  price: 1,
  priceUpdatedAt: '',
  contractAddress: null,
  facts: 'confirmed',
  factsNote: null,
});
const TOKENS = new Map([token(USDC, 'USDC', 'eth'), token(BTC, 'BTC', 'btc')].map((t) => [t.assetId, t]));
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const swap = (over: Partial<HistoryItem>): HistoryItem =>
  ({
    originAsset: USDC,
    destinationAsset: USDC,
    amountInFormatted: '25',
    amountOutFormatted: '24.5',
    recipient: ADDRESS,
    status: 'SUCCESS',
    ...over,
  }) as HistoryItem;
const intent = (over: Partial<PublishedIntentView>): PublishedIntentView => ({
  intentHash: 'H',
  accountId: 'alice.near',
  kind: 'send',
  origin: null,
  summary: [phrase('describe_send', '1 wNEAR', 'bob.near')],
  receivers: ['bob.near'],
  createdAt: 0,
  status: 'PENDING',
  detail: null,
  txHash: null,
  checkedAt: null,
  ...over,
});
const row = (i: PublishedIntentView): ActivityItem => ({
  type: 'intent',
  key: `intent:${i.intentHash}`,
  at: 0,
  intent: i,
});

describe('Activity rows', () => {
  it('a withdrawal reads as a withdrawal to its address; another token says what arrives', () => {
    expect(swapKind(swap({ flow: 'withdraw' }))).toBe('Withdraw');
    expect(swapLine(swap({ flow: 'withdraw' }), TOKENS)).toBe('25 USDC to 0x5aAeb6…Ef1BeAed');
    expect(swapLine(swap({ flow: 'withdraw', destinationAsset: BTC, amountOutFormatted: '0.0002' }), TOKENS)).toBe(
      '25 USDC as 0.0002 BTC to 0x5aAeb6…Ef1BeAed',
    );
  });

  it('a receipt says from which chain; a swap shows both sides; no flow is a swap', () => {
    expect(swapKind(swap({ flow: 'receive' }))).toBe('Receive');
    expect(swapLine(swap({ flow: 'receive', amountOutFormatted: '10' }), TOKENS)).toBe('10 USDC from Ethereum');
    expect(swapKind(swap({}))).toBe('Swap');
    expect(swapLine(swap({ destinationAsset: BTC, amountOutFormatted: '0.0002' }), TOKENS)).toBe(
      '25 USDC → 0.0002 BTC',
    );
  });

  it('an intent: Send, or dApp intent with the site; its words on one line', () => {
    expect(intentKind(intent({}))).toBe('Send');
    expect(intentKind(intent({ kind: 'dapp', origin: 'https://app.example:8443' }))).toBe(
      'dApp intent · app.example:8443',
    );
    const two = row(
      intent({
        kind: 'dapp',
        origin: 'https://app.example',
        summary: [phrase('describe_give', '1 wNEAR'), phrase('describe_receive', '3 USDC')],
      }),
    );
    expect(kindOf(two)).toBe('dApp intent · app.example');
    expect(lineOf(two, TOKENS)).toBe('Give 1 wNEAR; Receive 3 USDC');
  });

  it('one status vocabulary for intents and swaps, each word with its icon, coloured as the swap status it resembles', () => {
    expect(statusOf(row(intent({ status: 'SETTLED' })))).toEqual({
      label: 'Completed',
      icon: '✓',
      colour: 'SUCCESS',
      code: 'SETTLED',
    });
    expect(statusOf({ type: 'swap', key: 'k', at: 0, swap: swap({ status: 'SUCCESS' }) })).toMatchObject({
      label: 'Completed',
      icon: '✓',
    });
    expect(statusOf(row(intent({ status: 'TX_BROADCASTED' })))).toEqual({
      label: 'In progress',
      icon: '◔',
      colour: 'PROCESSING',
      code: 'TX_BROADCASTED',
    });
    expect(statusOf(row(intent({ status: 'FAILED' })))).toEqual({
      label: 'Failed',
      icon: '✕',
      colour: 'FAILED',
      code: 'FAILED',
    });
    expect(statusOf({ type: 'swap', key: 'k', at: 0, swap: swap({ status: 'REFUNDED' }) })).toEqual({
      label: 'Refunded',
      icon: '↩',
      colour: 'REFUNDED',
      code: 'REFUNDED',
    });
  });

  it('a date header says Today and Yesterday by the local calendar, else the date', () => {
    const now = new Date(2026, 10, 26, 0, 30).getTime();
    expect(dayOf(new Date(2026, 10, 26, 0, 1).getTime(), now)).toBe('Today');
    expect(dayOf(new Date(2026, 10, 25, 23, 59).getTime(), now)).toBe('Yesterday');
    const older = new Date(2026, 10, 24, 12).getTime();
    expect(dayOf(older, now)).toBe(new Intl.DateTimeFormat([], { dateStyle: 'medium' }).format(older));
  });
});
