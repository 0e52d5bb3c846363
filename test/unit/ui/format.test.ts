import { describe, expect, it } from 'vitest';
import { describeLockAt, shortAccount, shortKey } from '../../../src/ui/format';

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
    expect(describeLockAt(60_000 * 12, 0, time)).toBe('14:05 (in 12 min)');
    expect(describeLockAt(30_000, 0, time)).toBe('14:05 (in under a minute)');
  });
});
