/** Fee closure maths (docs/protocol.md worked examples) and the batch invariant's unmatched deltas. */
import { describe, expect, it } from 'vitest';
import { closureDelta } from '../../../src/sim/ledger';
import { DeltaMatcher, invariantMessage } from '../../../src/sim/ledger/invariant';

const FT = 'nep141:ft.near';

describe('closure under the fee (docs/protocol.md, "Fees and the token_diff invariant")', () => {
  it.each([
    [100, -1_000_000n, 999_900n],
    [100, 2_500_000n, -2_500_251n],
    [1, -1_000_000n, 999_999n],
    [1, 2_500_000n, -2_500_003n],
    [1, -100n, 99n],
    [1, 100n, -101n],
    [0, -100n, 100n],
    [0, 100n, -100n],
  ])('fee %i pips: user %s → counterparty %s', (fee, user, expected) => {
    expect(closureDelta(FT, user, fee)).toBe(expected);
  });

  it('no fee on a single NFT or a single multi-token unit', () => {
    expect(closureDelta('nep171:nft.near:1', 1n, 100)).toBe(-1n);
    expect(closureDelta('nep245:mt.near:x', -1n, 100)).toBe(1n);
    expect(closureDelta('nep245:mt.near:x', -1000n, 10_000)).toBe(990n);
  });

  it('every closure balances: delta + fee(delta) + closure + fee(closure) = 0', () => {
    for (const fee of [1, 7, 100, 12_345]) {
      for (const d of [1n, 2n, 99n, 1_000_001n, 123_456_789n]) {
        for (const delta of [d, -d]) {
          const c = closureDelta(FT, delta, fee);
          const feeOf = (x: bigint) => (x < 0n ? (-x * BigInt(fee) + 999_999n) / 1_000_000n : 0n);
          expect(delta + feeOf(delta) + c + feeOf(c)).toBe(0n);
        }
      }
    }
  });
});

describe('batch invariant', () => {
  it('reports unmatched deltas per token, sorted, in the contract JSON', () => {
    const m = new DeltaMatcher();
    m.withdraw('nep141:b.near', 10n);
    m.deposit('nep141:a.near', 5n);
    m.deposit('nep141:b.near', 10n);
    m.withdraw('nep141:c.near', 3n);
    const v = m.finalize();
    expect(v).toEqual({ error: 'unmatched_deltas', unmatched_deltas: { 'nep141:a.near': '5', 'nep141:c.near': '-3' } });
    expect(invariantMessage(v!)).toBe(
      'invariant violated: {"error":"unmatched_deltas","unmatched_deltas":{"nep141:a.near":"5","nep141:c.near":"-3"}}',
    );
  });

  it('reports overflow past i128', () => {
    const m = new DeltaMatcher();
    m.deposit(FT, 1n << 127n);
    expect(m.finalize()).toEqual({ error: 'overflow' });
  });

  it('balanced batches pass', () => {
    const m = new DeltaMatcher();
    m.deposit(FT, 7n);
    m.withdraw(FT, 7n);
    expect(m.finalize()).toBeNull();
  });
});
