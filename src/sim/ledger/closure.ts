/**
 * Counterparty "closure" of a token_diff entry under the protocol fee (docs/protocol.md, "Fees and the
 * token_diff invariant"; near/intents contracts/defuse/core/src/intents/token_diff.rs `closure_delta`): what
 * the other side must sign so the batch balances. User −X → counterparty +(X − fee(X)); user +Y →
 * counterparty −Z with Z − fee(Z) = Y (the smallest such Z). Examples at 100 pips: −1000000 → +999900;
 * +2500000 → −2500251.
 */
import { tokenDiffFee } from '../../core';

export function closureDelta(tokenId: string, delta: bigint, feePips: number): bigint {
  if (delta === 0n) return 0n;
  if (delta < 0n) return -delta - tokenDiffFee(tokenId, delta, feePips);
  return -givingFor(tokenId, delta, feePips);
}

/** Smallest Z with Z − fee(Z) = y; Z − fee(Z) grows by 0 or 1 per step of Z, so it hits every y. */
function givingFor(tokenId: string, y: bigint, feePips: number): bigint {
  const net = (z: bigint) => z - tokenDiffFee(tokenId, -z, feePips);
  const keep = 1_000_000n - BigInt(feePips);
  if (keep <= 0n) return y; // a 100 % fee leaves nothing to give; no closure exists
  let z = (y * 1_000_000n + keep - 1n) / keep;
  while (z > 1n && net(z - 1n) >= y) z -= 1n;
  while (net(z) < y) z += 1n;
  return z;
}

/** Closure of a whole diff (one entry per token). */
export function closureOf(diff: Readonly<Record<string, bigint>>, feePips: number): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const [tokenId, delta] of Object.entries(diff)) out[tokenId] = closureDelta(tokenId, delta, feePips);
  return out;
}
