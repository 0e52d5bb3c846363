// Verifier fees on token_diff (src/core/fees.ts; docs/protocol.md, "Fees and the token_diff invariant"):
// ceil(|delta| × fee / 1e6) on negative entries only; never on nep171, nor on nep245 when |delta| ≤ 1;
// nep141 always pays. The fee is 0..1,000,000 pips.
import { describe, expect, it } from 'vitest';
import { PIPS_MAX, tokenDiffFee, unmatchedDeltas } from '../../../src/core/fees';

describe('tokenDiffFee', () => {
  it('charges ceil(|delta| × fee / 1e6) on a negative nep141 entry, one unit included', () => {
    expect(tokenDiffFee('nep141:wrap.near', -1_000_000n, 100)).toBe(100n);
    expect(tokenDiffFee('nep141:wrap.near', -1_000_001n, 100)).toBe(101n); // 100.0001 → 101
    expect(tokenDiffFee('nep141:wrap.near', -1n, 1)).toBe(1n); // 0.000001 → 1
    expect(tokenDiffFee('nep141:wrap.near', -7n, 1_000_000)).toBe(7n); // 100 %
  });

  it('charges nothing on a positive or zero entry, or at a fee of zero', () => {
    expect(tokenDiffFee('nep141:wrap.near', 1_000_000n, 100)).toBe(0n);
    expect(tokenDiffFee('nep141:wrap.near', 0n, 100)).toBe(0n);
    expect(tokenDiffFee('nep141:wrap.near', -1_000_000n, 0)).toBe(0n);
  });

  it('never charges nep171, whatever the amount', () => {
    expect(tokenDiffFee('nep171:nft.near:token-1', -1n, 1_000_000)).toBe(0n);
    expect(tokenDiffFee('nep171:nft.near:token-1', -5n, 1_000_000)).toBe(0n);
  });

  it('charges nep245 only past one unit', () => {
    expect(tokenDiffFee('nep245:mt.near:a', -1n, 1_000_000)).toBe(0n);
    expect(tokenDiffFee('nep245:mt.near:a', -2n, 1)).toBe(1n);
    expect(tokenDiffFee('nep245:mt.near:a', -3_000_000n, 10)).toBe(30n);
  });

  it('takes a whole number of pips from 0 to 1,000,000 and names the fee otherwise', () => {
    expect(PIPS_MAX).toBe(1_000_000n);
    for (const fee of [-1, 1_000_001, 1.5, Number.NaN]) {
      expect(() => tokenDiffFee('nep141:wrap.near', -1n, fee), String(fee)).toThrow(
        new RegExp(`^fee: fee must be 0\\.\\.1000000 pips, got ${fee}$`),
      );
    }
  });
});

describe('unmatchedDeltas', () => {
  it('balances when the receiving side nets out the fees, and reports what does not balance', () => {
    // At 100 pips the user's 1,000,000 wrap pays 100, so the solver receives 999,900; the solver's 998
    // usdt pays ceil(0.0998) = 1, so the user receives 997.
    const user = { 'nep141:wrap.near': '-1000000', 'nep141:usdt.near': '997' };
    const solver = { 'nep141:wrap.near': '999900', 'nep141:usdt.near': '-998' };
    expect(unmatchedDeltas([user, solver], 100)).toEqual({});
    expect(unmatchedDeltas([user, { ...solver, 'nep141:wrap.near': '1000000' }], 100)).toEqual({
      'nep141:wrap.near': 100n,
    });
    expect(unmatchedDeltas([{ ...user, 'nep141:usdt.near': '998' }, solver], 100)).toEqual({ 'nep141:usdt.near': 1n });
    expect(unmatchedDeltas([user, solver], 0)).toEqual({ 'nep141:wrap.near': -100n, 'nep141:usdt.near': -1n });
  });
});
