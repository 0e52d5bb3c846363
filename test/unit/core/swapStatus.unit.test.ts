// The extension's one list of swap statuses and refund reasons (src/core/swapStatus.ts), held against
// sources it does not write: the official SDK's status enum, and the simulator's own independent model
// of the service's refund reasons.
import { GetExecutionStatusResponse } from '@defuse-protocol/one-click-sdk-typescript';
import { describe, expect, it } from 'vitest';
import {
  isTerminal,
  REFUND_REASONS,
  REFUND_TEXT,
  refundReasonText,
  SWAP_STATUSES,
  TERMINAL_STATUSES,
} from '../../../src/core/swapStatus';
import { REFUND_REASONS as SIM_REFUND_REASONS } from '../../../src/sim/oneclick/model';

describe('swap statuses', () => {
  it('are exactly the SDK’s GetExecutionStatusResponse.status values', () => {
    expect([...SWAP_STATUSES].sort()).toEqual(Object.values(GetExecutionStatusResponse.status).sort());
  });

  it('end at SUCCESS, REFUNDED and FAILED only', () => {
    expect(SWAP_STATUSES.filter(isTerminal)).toEqual([...TERMINAL_STATUSES]);
    expect(isTerminal('INCOMPLETE_DEPOSIT')).toBe(false);
  });
});

describe('refund reasons', () => {
  it('are the ones the simulator’s model of the service gives', () => {
    expect([...REFUND_REASONS].sort()).toEqual([...SIM_REFUND_REASONS].sort());
  });

  it('each says in plain words what happened and what to do; an unknown code is shown as it came', () => {
    for (const r of REFUND_REASONS) {
      expect(refundReasonText(r)).toBe(REFUND_TEXT[r]);
      expect(REFUND_TEXT[r].explain).not.toMatch(/[A-Z]{3,}_[A-Z]/); // plain words, not codes
      expect(REFUND_TEXT[r].todo.length).toBeGreaterThan(10);
    }
    expect(refundReasonText('AMOUNT_LESS_THAN_MIN_AMOUNT_OUT')?.todo).toMatch(/slippage/);
    expect(refundReasonText('NEW_REASON')?.explain).toMatch(/"NEW_REASON"/);
    expect(refundReasonText(null)).toBeNull();
    expect(refundReasonText('')).toBeNull();
  });
});
