// The bench page for "render 1,000 history rows": the popup's Activity list (ActivityList), swaps with
// every fifth row an intent the wallet published, bundled by esbuild (test/bench/rows/history.ts) and
// loaded in Chromium. Exposes benchRender(n) → ms.

import { render } from 'preact';
import type { ActivityItem } from '../../../src/api/activity';
import type { HistoryItem, SwapStatus, TokenView } from '../../../src/api/swapApi';
import { phrase } from '../../../src/core/phrase';
import { ActivityList } from '../../../src/ui/components/ActivityList';

const STATUSES: SwapStatus[] = [
  'SUCCESS',
  'REFUNDED',
  'PROCESSING',
  'FAILED',
  'PENDING_DEPOSIT',
  'INCOMPLETE_DEPOSIT',
  'KNOWN_DEPOSIT_TX',
];
const TOKENS: TokenView[] = [
  {
    assetId: 'nep141:wrap.near',
    symbol: 'wNEAR',
    decimals: 24,
    blockchain: 'home',
    price: 3.1,
    priceUpdatedAt: '2026-01-01T00:00:00Z',
    contractAddress: 'wrap.near',
    facts: 'confirmed',
    factsNote: null,
  },
  {
    assetId: 'nep141:eth-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.omft.near',
    symbol: 'USDC',
    decimals: 6,
    blockchain: 'eth',
    price: 1,
    priceUpdatedAt: '2026-01-01T00:00:00Z',
    contractAddress: '0xa0b8',
    facts: 'confirmed',
    factsNote: null,
  },
  {
    assetId: 'nep141:btc.omft.near',
    symbol: 'BTC',
    decimals: 8,
    blockchain: 'btc',
    price: 97000,
    priceUpdatedAt: '2026-01-01T00:00:00Z',
    contractAddress: null,
    facts: 'confirmed',
    factsNote: null,
  },
];
const tokenMap = new Map(TOKENS.map((t) => [t.assetId, t]));

/** `n` distinct rows (fresh objects each call, so every render is a full mount). */
function items(n: number, salt: number): ActivityItem[] {
  return Array.from({ length: n }, (_, i): ActivityItem => {
    const at = Date.UTC(2026, 0, 1) + i * 60_000;
    if (i % 5 === 4) {
      const intentHash = `${(i * 7919 + salt).toString(36)}Hash`;
      const intent = {
        intentHash,
        accountId: 'alice.near',
        kind: i % 10 === 4 ? ('send' as const) : ('dapp' as const),
        origin: i % 10 === 4 ? null : 'https://app.example.com',
        summary: [phrase('describe_give', '1 wNEAR'), phrase('describe_receive', '3.1 USDC')],
        receivers: [],
        createdAt: at,
        status: 'SETTLED' as const,
        detail: null,
        txHash: null,
        checkedAt: at,
      };
      return { type: 'intent', key: `intent:${intentHash}`, at, intent };
    }
    return { type: 'swap', key: `s${i}`, at, swap: swap(i, salt, at) };
  });
}

function swap(i: number, salt: number, at: number): HistoryItem {
  const from = TOKENS[i % 3]!;
  const to = TOKENS[(i + 1) % 3]!;
  const address = `0x${(i * 7919 + salt).toString(16).padStart(40, '0')}`;
  return {
    key: `${address}_`,
    source: i % 5 === 0 ? 'both' : 'service',
    originAsset: from.assetId,
    destinationAsset: to.assetId,
    depositAddress: address,
    depositMemo: null,
    recipient: 'bob.near',
    status: STATUSES[i % STATUSES.length]!,
    createdAt: new Date(at).toISOString(),
    amountIn: null,
    amountOut: null,
    amountInFormatted: `${(i % 97) + 1}.${i % 10}`,
    amountOutFormatted: `${((i * 13) % 89) + 1}.25`,
    amountInUsd: '10.00',
    amountOutUsd: '9.98',
    refundReason: null,
    referral: null,
    intentHashes: [],
    homeTxHashes: [],
    originChainTxHashes: [],
    destinationChainTxHashes: [],
    senders: [],
    refundTo: 'alice.near',
    localId: null,
    ...(i % 7 === 0 ? { flow: 'withdraw' as const } : {}),
  };
}

const root = document.getElementById('app')!;
let salt = 0;

/** Mounts a fresh list of `n` rows and forces style and layout; returns the milliseconds taken. */
function benchRender(n: number): number {
  render(null, root);
  void root.offsetHeight;
  const list = items(n, ++salt);
  const t0 = performance.now();
  render(<ActivityList items={list} tokens={tokenMap} onOpen={() => undefined} now={Date.UTC(2026, 0, 2)} />, root);
  void root.offsetHeight; // style and layout of what was rendered
  const ms = performance.now() - t0;
  const rendered = root.querySelectorAll('[data-testid="history-row"]').length;
  const setSize = root.querySelector('[data-testid="history-row"]')?.getAttribute('aria-setsize');
  if (rendered === 0 || setSize !== String(n))
    throw new Error(`bench: expected a list of ${n} rows, got ${rendered} rendered with set size ${setSize}`);
  return ms;
}

(globalThis as unknown as { benchRender: typeof benchRender }).benchRender = benchRender;
