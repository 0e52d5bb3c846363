import { describe, expect, it } from 'vitest';
import { cryptoRandomInt, pickBackupPositions, type RandomInt, wrongBackupAnswers } from '../../../src/ui/backup';

/** A seeded xorshift, so failures can be replayed. */
function seeded(seed: number): RandomInt {
  let x = seed || 1;
  return (max) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % max;
  };
}

describe('pickBackupPositions', () => {
  it('picks distinct, sorted, in-range positions', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const picked = pickBackupPositions(12, 3, seeded(seed));
      expect(picked).toHaveLength(3);
      expect(new Set(picked).size).toBe(3);
      expect([...picked].sort((a, b) => a - b)).toEqual(picked);
      for (const p of picked) expect(p >= 0 && p < 12).toBe(true);
    }
  });

  it('reaches every position (each appears over many draws)', () => {
    const seen = new Array<number>(24).fill(0);
    for (let seed = 1; seed <= 2000; seed++) for (const p of pickBackupPositions(24, 3, seeded(seed))) seen[p]!++;
    // 6000 picks over 24 positions: 250 expected each; a gross bias would leave some far off.
    for (const count of seen) expect(count).toBeGreaterThan(150);
  });

  it('uses the random source as given: a source returning 0 takes the first positions', () => {
    expect(pickBackupPositions(12, 3, () => 0)).toEqual([0, 1, 2]);
    // Always the last of the pool: 11, then the 0 and 1 that the swaps moved there.
    expect(pickBackupPositions(12, 3, (max) => max - 1)).toEqual([0, 1, 11]);
  });

  it('handles the edges and refuses impossible requests', () => {
    expect(pickBackupPositions(12, 0, seeded(1))).toEqual([]);
    expect(pickBackupPositions(3, 3, seeded(7))).toEqual([0, 1, 2]);
    expect(() => pickBackupPositions(2, 3, seeded(1))).toThrow(RangeError);
    expect(() => pickBackupPositions(12, -1, seeded(1))).toThrow(RangeError);
  });

  it('works with the browser CSPRNG', () => {
    const picked = pickBackupPositions(12, 3, cryptoRandomInt);
    expect(new Set(picked).size).toBe(3);
    for (let i = 0; i < 200; i++) {
      const n = cryptoRandomInt(12);
      expect(Number.isInteger(n) && n >= 0 && n < 12).toBe(true);
    }
    expect(() => cryptoRandomInt(0)).toThrow(RangeError);
  });
});

describe('wrongBackupAnswers', () => {
  const words = 'legal winner thank year wave sausage worth useful legal winner thank yellow'.split(' ');
  it('accepts right answers whatever their case and spacing', () => {
    expect(wrongBackupAnswers(words, [0, 5, 11], [' Legal', 'SAUSAGE ', 'yellow'])).toEqual([]);
  });
  it('lists the positions answered wrongly or not at all', () => {
    expect(wrongBackupAnswers(words, [0, 5, 11], ['legal', 'sausages', ''])).toEqual([5, 11]);
    expect(wrongBackupAnswers(words, [1, 2], ['winner'])).toEqual([2]);
  });
});
