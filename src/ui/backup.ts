// The recovery-phrase backup check: ask for a few words at random positions before marking the
// phrase as written down.

/** Returns a uniformly random integer in [0, max). */
export type RandomInt = (max: number) => number;

/** The browser's CSPRNG, without modulo bias. */
export const cryptoRandomInt: RandomInt = (max) => {
  if (!Number.isInteger(max) || max < 1 || max > 2 ** 32) throw new RangeError(`max must be 1…2^32, got ${max}`);
  const limit = 2 ** 32 - (2 ** 32 % max);
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % max;
  }
};

/** `count` distinct word positions (0-based) out of `total`, ascending. */
export function pickBackupPositions(total: number, count: number, randomInt: RandomInt): number[] {
  if (!Number.isInteger(total) || !Number.isInteger(count) || count < 0 || count > total) {
    throw new RangeError(`cannot pick ${count} of ${total} positions`);
  }
  // Partial Fisher–Yates shuffle over 0…total-1.
  const pool = Array.from({ length: total }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(total - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/** Positions whose answer does not match the phrase (case and surrounding spaces ignored). */
export function wrongBackupAnswers(
  words: readonly string[],
  positions: readonly number[],
  answers: readonly string[],
): number[] {
  return positions.filter((pos, i) => (answers[i] ?? '').trim().toLowerCase() !== (words[pos] ?? '').toLowerCase());
}
