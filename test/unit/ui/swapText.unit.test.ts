// Plain-words texts and the status stepper (src/ui/swapText.ts).
import { describe, expect, it } from 'vitest';
import type { StatusChange, SwapStatus } from '../../../src/api/swapApi';
import {
  describeCountdown,
  formatCountdown,
  missingAmount,
  prettyJson,
  quoteFacts,
  STATUS_TEXT,
  SWAP_STATUSES,
  stepsOf,
} from '../../../src/ui/swapText';

describe('status and refund texts', () => {
  // The interface: docs/interface.md.
  it('explains every status of the interface', () => {
    expect([...SWAP_STATUSES].sort()).toEqual([
      'FAILED',
      'INCOMPLETE_DEPOSIT',
      'KNOWN_DEPOSIT_TX',
      'PENDING_DEPOSIT',
      'PROCESSING',
      'REFUNDED',
      'SUCCESS',
    ]);
    for (const s of SWAP_STATUSES) {
      expect(STATUS_TEXT[s].label.length).toBeGreaterThan(2);
      expect(STATUS_TEXT[s].explain.length).toBeGreaterThan(20);
    }
    expect(STATUS_TEXT.INCOMPLETE_DEPOSIT.todo).toMatch(/Send the missing amount to the same address/);
    expect(STATUS_TEXT.INCOMPLETE_DEPOSIT.todo).toMatch(/refunded after the deadline/);
    expect(STATUS_TEXT.FAILED.todo).toMatch(/signed quote/);
  });
});

describe('stepper', () => {
  const at = (status: SwapStatus, t: number): StatusChange => ({ status, at: t });
  const states = (status: SwapStatus, history: StatusChange[] = []) =>
    stepsOf(status, history).map((s) => `${s.key}:${s.state}`);

  it('covers every status', () => {
    expect(states('PENDING_DEPOSIT')).toEqual(['deposit:current', 'processing:todo', 'done:todo']);
    expect(states('KNOWN_DEPOSIT_TX')).toEqual(['deposit:current', 'processing:todo', 'done:todo']);
    expect(states('INCOMPLETE_DEPOSIT')).toEqual(['deposit:attention', 'processing:todo', 'done:todo']);
    expect(states('PROCESSING')).toEqual(['deposit:done', 'processing:current', 'done:todo']);
    expect(states('SUCCESS')).toEqual(['deposit:done', 'processing:done', 'done:done']);
    expect(states('REFUNDED', [at('PENDING_DEPOSIT', 1), at('PROCESSING', 2), at('REFUNDED', 3)])).toEqual([
      'deposit:done',
      'processing:done',
      'done:failed',
    ]);
    expect(states('REFUNDED', [at('PENDING_DEPOSIT', 1), at('INCOMPLETE_DEPOSIT', 2), at('REFUNDED', 3)])).toEqual([
      'deposit:attention',
      'processing:todo',
      'done:failed',
    ]);
    expect(states('FAILED', [at('PROCESSING', 2), at('FAILED', 3)])).toEqual([
      'deposit:done',
      'processing:done',
      'done:failed',
    ]);
  });

  it('takes times from the status history', () => {
    const steps = stepsOf('SUCCESS', [
      at('PENDING_DEPOSIT', 100),
      at('KNOWN_DEPOSIT_TX', 200),
      at('PROCESSING', 300),
      at('SUCCESS', 400),
    ]);
    expect(steps.map((s) => s.at)).toEqual([200, 300, 400]);
    const refunded = stepsOf('REFUNDED', [at('REFUNDED', 900)]);
    expect(refunded[2]).toMatchObject({ label: 'Refunded', at: 900 });
    expect(stepsOf('FAILED', [])[2]!.label).toBe('Failed');
  });
});

describe('countdowns', () => {
  it('formats minutes and hours', () => {
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('describes a target time from now', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(describeCountdown('2026-01-01T00:12:05Z', now)).toEqual({ text: 'in 12:05', passed: false });
    expect(describeCountdown('2025-12-31T23:57:00Z', now)).toEqual({ text: 'passed 3 minutes ago', passed: true });
    expect(describeCountdown('2025-12-31T23:59:50Z', now)).toEqual({ text: 'passed 10 seconds ago', passed: true });
    expect(describeCountdown(null, now)).toBeNull();
    expect(describeCountdown('not a date', now)).toBeNull();
  });
});

describe('the stored quote', () => {
  it('reads what the deposit view shows through the schema of a quote, and shows nothing of anything else', () => {
    const answer = {
      timestamp: '2026-09-01T19:00:00.000Z',
      signature: 'ed25519:sig',
      quoteRequest: { dry: false },
      quote: {
        amountIn: '1500000',
        amountInFormatted: '1.5',
        amountInUsd: '1.5',
        amountOut: '400',
        amountOutFormatted: '0.4',
        amountOutUsd: '',
        minAmountOut: '390',
        timeEstimate: 60,
      },
    };
    expect(quoteFacts(JSON.stringify(answer))).toEqual({
      amountIn: '1500000',
      amountInFormatted: '1.5',
      amountInUsd: '1.5',
      amountOut: '400',
      amountOutFormatted: '0.4',
      amountOutUsd: null,
      minAmountOut: '390',
      signature: 'ed25519:sig',
    });
    // Not the shape of a quote (an amount that is not a string, a field missing): none of it is shown.
    const broken = { ...answer, quote: { ...answer.quote, amountIn: 1500000 } };
    expect(Object.values(quoteFacts(JSON.stringify(broken))).every((v) => v === null)).toBe(true);
    const { timeEstimate: _missing, ...partial } = answer.quote;
    expect(quoteFacts(JSON.stringify({ ...answer, quote: partial })).amountIn).toBeNull();
    expect(quoteFacts('not json').amountIn).toBeNull();
    expect(quoteFacts('null').signature).toBeNull();
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('oops')).toBe('oops');
  });

  it('works out what is missing of a deposit', () => {
    expect(missingAmount('1500000', '1000000')).toBe(500000n);
    expect(missingAmount('1500000', undefined)).toBe(1500000n);
    expect(missingAmount('1500000', '1500000')).toBeNull();
    expect(missingAmount(null, '1')).toBeNull();
  });
});
