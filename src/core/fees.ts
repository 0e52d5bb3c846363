/**
 * Verifier fees on token_diff (docs/protocol.md, "Fees and the token_diff invariant"). `fee` is in pips
 * (1 pip = 0.0001 %, 1_000_000 = 100 %), charged only on negative entries: ceil(|delta| × fee / 1e6).
 * No fee on nep171, nor on nep245 when |delta| ≤ 1; nep141 always pays.
 */
import { ProtocolError } from './errors';

export const PIPS_MAX = 1_000_000n;

export function tokenDiffFee(tokenId: string, delta: bigint, feePips: number): bigint {
  if (!Number.isInteger(feePips) || feePips < 0 || feePips > 1_000_000) {
    throw new ProtocolError(`fee must be 0..1000000 pips, got ${feePips}`, 'fee');
  }
  if (delta >= 0n || feePips === 0) return 0n;
  const abs = -delta;
  if (tokenId.startsWith('nep171:')) return 0n;
  if (!tokenId.startsWith('nep141:') && abs <= 1n) return 0n;
  const num = abs * BigInt(feePips);
  return (num + PIPS_MAX - 1n) / PIPS_MAX;
}

/**
 * Per-token unmatched deltas of a set of token_diff maps (the verifier's invariant, checked once per
 * batch): Σ deltas + Σ fees must be 0 for every token. Returns only tokens that do not balance.
 */
export function unmatchedDeltas(diffs: readonly Record<string, string>[], feePips: number): Record<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const diff of diffs) {
    for (const [tokenId, raw] of Object.entries(diff)) {
      const delta = BigInt(raw);
      sums.set(tokenId, (sums.get(tokenId) ?? 0n) + delta + tokenDiffFee(tokenId, delta, feePips));
    }
  }
  const out: Record<string, bigint> = {};
  for (const [tokenId, sum] of sums) if (sum !== 0n) out[tokenId] = sum;
  return out;
}
