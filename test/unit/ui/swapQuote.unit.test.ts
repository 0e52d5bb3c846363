/**
 * The swap form's quote panel: the withdrawal fee of a quote is shown when the service charges one, and a
 * refusal of a too small amount is said in the person's language with the minimum in the token's words.
 */
import { readFileSync } from 'node:fs';
import type { VNode } from 'preact';
import { describe, expect, it } from 'vitest';
import type { QuoteView, TokenView } from '../../../src/api/swapApi';
import { formatMessage, type MessageEntry } from '../../../src/core/messages';
import type { Trouble } from '../../../src/ui/call';
import { QuotePanel } from '../../../src/ui/pages/SwapQuote';

const USDC = { symbol: 'USDC', decimals: 6 } as TokenView;
const NEAR = { symbol: 'wNEAR', decimals: 24 } as TokenView;

function view(withdrawFee?: string): QuoteView {
  return {
    quote: {
      amountIn: '1000000000000000000000000',
      amountInFormatted: '1',
      amountInUsd: '2.5',
      amountOut: '2200000',
      amountOutFormatted: '2.2',
      amountOutUsd: '2.2',
      minAmountOut: '2178000',
      timeEstimate: 40,
      ...(withdrawFee !== undefined && { withdrawFee }),
    },
    feeWithoutJwt: false,
    appFees: [],
  };
}

/** Text of the element with this data-testid in the (unrendered) tree, or null. */
function textOf(node: unknown, testid: string): string | null {
  if (node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const n of node) {
      const t = textOf(n, testid);
      if (t !== null) return t;
    }
    return null;
  }
  const props = (node as VNode<Record<string, unknown>>).props ?? {};
  const flat = (c: unknown): string =>
    Array.isArray(c) ? c.map(flat).join('') : typeof c === 'string' || typeof c === 'number' ? String(c) : '';
  if (props['data-testid'] === testid) return flat(props.children);
  return textOf(props.children, testid);
}

const panel = (withdrawFee?: string) =>
  QuotePanel({
    state: { kind: 'ok', view: view(withdrawFee) },
    swapType: 'EXACT_INPUT',
    origin: NEAR,
    destination: USDC,
    onRetry: () => undefined,
  });

describe('QuotePanel', () => {
  it('shows the withdrawal fee in destination units when present', () => {
    expect(textOf(panel('300000'), 'swap-quote-withdraw-fee')).toBe('0.3 USDC (already taken out)');
  });

  it('shows no withdrawal fee when absent or zero', () => {
    expect(textOf(panel(), 'swap-quote-withdraw-fee')).toBeNull();
    expect(textOf(panel('0'), 'swap-quote-withdraw-fee')).toBeNull();
    expect(textOf(panel('0'), 'swap-quote-min-out')).toBe('2.178 USDC');
  });

  it('says "no quote, too small" in the person’s language with the minimum in the token’s words', () => {
    const message = 'Amount is too low for bridge, try at least 430000000000000000000000';
    const failed = () =>
      (
        findProps(
          QuotePanel({
            state: { kind: 'error', message, trouble: { text: message, details: null } },
            swapType: 'EXACT_INPUT',
            origin: NEAR,
            destination: USDC,
            onRetry: () => undefined,
          }),
          'swap-quote-error',
        ) as { trouble: Trouble }
      ).trouble;
    expect(failed()).toEqual({
      text: 'No quote: the amount is too small for this route (Minimum 0.43 wNEAR).',
      details: message,
    });
    const i18n = (globalThis as unknown as { chrome: { i18n: { getMessage: unknown } } }).chrome.i18n;
    const english = i18n.getMessage;
    const es = JSON.parse(
      readFileSync(new URL('../../../assets/public/_locales/es/messages.json', import.meta.url), 'utf8'),
    ) as Record<string, MessageEntry>;
    i18n.getMessage = (key: string, subs: string[] = []) => formatMessage(es, key, subs);
    try {
      expect(failed().text).toMatch(
        /^Sin cotización: la cantidad es demasiado pequeña para esta ruta \(.*0[.,]43 wNEAR\)\.$/,
      );
    } finally {
      i18n.getMessage = english;
    }
  });
});

/** The props of the element with this data-testid in the (unrendered) tree, or null. */
function findProps(node: unknown, testid: string): Record<string, unknown> | null {
  if (node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const n of node) {
      const p = findProps(n, testid);
      if (p !== null) return p;
    }
    return null;
  }
  const props = (node as VNode<Record<string, unknown>>).props ?? {};
  if (props.testid === testid || props['data-testid'] === testid) return props;
  return findProps(props.children, testid);
}
