import { describe, expect, it } from 'vitest';
import type { QuoteParams } from '../../../src/api/swapApi';
import { SWAP_STATUSES } from '../../../src/core/swapStatus';
import { correlationIdOf, OUTCOME_TEXT, outcomeOf } from '../../../src/ui/swapOutcome';

const DEADLINE = '2026-11-26T05:00:00.000Z';
const at = Date.parse(DEADLINE);
const request = { swapType: 'EXACT_INPUT', deadline: DEADLINE } as QuoteParams;

describe('what went wrong with a swap', () => {
  it('each non-success status has its own outcome; the others none', () => {
    const seen = Object.fromEntries(SWAP_STATUSES.map((status) => [status, outcomeOf({ status, request }, at + 1)]));
    expect(seen).toEqual({
      PENDING_DEPOSIT: 'expired',
      KNOWN_DEPOSIT_TX: null,
      PROCESSING: null,
      SUCCESS: null,
      INCOMPLETE_DEPOSIT: 'incomplete',
      REFUNDED: 'refunded',
      FAILED: 'failed',
    });
  });

  it('an unfunded swap is expired only after its own deadline, and an ANY_INPUT swap never', () => {
    expect(outcomeOf({ status: 'PENDING_DEPOSIT', request }, at)).toBeNull();
    expect(outcomeOf({ status: 'PENDING_DEPOSIT', request }, at + 1)).toBe('expired');
    expect(outcomeOf({ status: 'PENDING_DEPOSIT', request: { ...request, deadline: 'soon' } }, at + 1)).toBeNull();
    expect(outcomeOf({ status: 'FAILED', request: { ...request, swapType: 'ANY_INPUT' } }, at + 1)).toBeNull();
  });

  it('every outcome says what happened and what to do, in words of their own', () => {
    const texts = Object.values(OUTCOME_TEXT);
    for (const w of texts) for (const t of [w.title, w.happened, w.todo]) expect(t.length).toBeGreaterThan(10);
    expect(new Set(texts.map((w) => w.title)).size).toBe(texts.length);
    expect(OUTCOME_TEXT.expired.todo).toMatch(/Do not send/);
  });

  it('the reference is the quote’s correlation id, or none from an answer without one or not a quote', () => {
    expect(correlationIdOf('not json')).toBeNull();
    expect(correlationIdOf('{"correlationId":"abc"}')).toBeNull(); // not the shape of a quote
  });
});
