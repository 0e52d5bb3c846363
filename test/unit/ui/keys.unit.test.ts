import { describe, expect, it } from 'vitest';
import { anotherRegisteredKeyRemains, keyRows, registeredText } from '../../../src/ui/keys';

const A = 'ed25519:AAAA';
const B = 'ed25519:BBBB';
const C = 'ed25519:CCCC';

describe('keyRows', () => {
  it('puts the signing key first, then local keys, then keys only the verifier knows', () => {
    const rows = keyRows({
      accountId: 'alice.near',
      registered: [C, A, B],
      local: [
        { publicKey: B, signing: false, registered: true, backup: 'none' },
        { publicKey: A, signing: true, registered: true, backup: 'phrase' },
      ],
    });
    expect(rows).toEqual([
      { publicKey: A, local: true, signing: true, registered: true, backup: 'phrase' },
      { publicKey: B, local: true, signing: false, registered: true, backup: 'none' },
      { publicKey: C, local: false, signing: false, registered: true, backup: null },
    ]);
  });

  it('marks every key unknown when the verifier could not be asked', () => {
    const rows = keyRows({
      accountId: 'alice.near',
      registered: null,
      error: 'timeout',
      local: [{ publicKey: A, signing: true, registered: null, backup: 'exported' }],
    });
    expect(rows).toEqual([{ publicKey: A, local: true, signing: true, registered: null, backup: 'exported' }]);
  });

  it('fills a missing local answer from the registered list', () => {
    const rows = keyRows({
      accountId: 'a.near',
      registered: [B],
      local: [
        { publicKey: A, signing: true, registered: null, backup: 'phrase' },
        { publicKey: B, signing: false, registered: null, backup: 'phrase' },
      ],
    });
    expect(rows.map((r) => r.registered)).toEqual([false, true]);
  });
});

describe('anotherRegisteredKeyRemains', () => {
  const row = (publicKey: string, registered: boolean | null) => ({
    publicKey,
    local: true,
    signing: false,
    registered,
    backup: 'phrase' as const,
  });
  it('is true when another key is registered', () => {
    expect(anotherRegisteredKeyRemains([row(A, true), row(B, true)], A)).toBe(true);
  });
  it('is false when no other key is registered', () => {
    expect(anotherRegisteredKeyRemains([row(A, true), row(B, false)], A)).toBe(false);
    expect(anotherRegisteredKeyRemains([row(A, true)], A)).toBe(false);
  });
  it('is unknown when the ledger did not answer', () => {
    expect(anotherRegisteredKeyRemains([row(A, null), row(B, null)], A)).toBeNull();
  });
  it('words the registered state', () => {
    expect([true, false, null].map(registeredText)).toEqual(['yes', 'no', 'unknown']);
  });
});
