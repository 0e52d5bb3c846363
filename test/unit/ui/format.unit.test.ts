import { describe, expect, it } from 'vitest';
import { describeLockAt, relativeTime, shortAccount, shortKey } from '../../../src/ui/format';

describe('format', () => {
  it('shortens keys but keeps the curve prefix', () => {
    expect(shortKey('ed25519:DcA2MzgpJbrUATQLLceocVckhhAqrkingax4oJ9kZ847')).toBe('ed25519:DcA2Mz…9kZ847');
    expect(shortKey('ed25519:short')).toBe('ed25519:short');
  });
  it('shortens implicit account ids, not named ones', () => {
    expect(shortAccount('alice.near')).toBe('alice.near');
    expect(shortAccount('a'.repeat(64))).toBe(`${'a'.repeat(8)}…${'a'.repeat(8)}`);
  });
  it('says when the wallet locks', () => {
    const time = () => '14:05';
    expect(describeLockAt(60_000 * 12, 0, time)).toBe('14:05 (in 12 minutes)');
    expect(describeLockAt(30_000, 0, time)).toBe('14:05 (in 30 seconds)');
  });

  it('says relative time in one way everywhere: the largest unit, counted toward now', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    expect(relativeTime(now, now)).toBe('now');
    expect(relativeTime(now + 999, now)).toBe('now');
    expect(relativeTime(now + 59_999, now)).toBe('in 59 seconds');
    expect(relativeTime(now + 4 * 60_000 + 59_000, now)).toBe('in 4 minutes');
    expect(relativeTime(now + 60_000, now)).toBe('in 1 minute');
    expect(relativeTime(now - 90_000, now)).toBe('1 minute ago');
    expect(relativeTime(now + 2 * 3600_000 + 5 * 60_000, now)).toBe('in 2 hours');
    expect(relativeTime(now - 3 * 86_400_000 - 4 * 3600_000, now)).toBe('3 days ago');
  });
});
