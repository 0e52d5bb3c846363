// Recipient memos per chain (src/core/destinationMemo.ts): an XRP destination tag travels inside the
// recipient as an X-address (XLS-5d); a Stellar memo or TON comment has no route and is refused, never
// dropped; other chains take none. X-address vectors are xrpl.js's (ripple-address-codec tests).
import { describe, expect, it } from 'vitest';
import { decodeXAddress, encodeXAddress, isAddressOf } from '../../../src/core/chainAddress';
import {
  type MemoKind,
  memoLabel,
  memoProblem,
  memoRuleOf,
  memoWord,
  parseDestinationTag,
  recipientWithMemo,
  splitRecipient,
} from '../../../src/core/destinationMemo';
import { said, saidIf } from '../../../src/ui/phrase';

/** The memo's problem in English (the test setup's catalogue). */
const memoText = (...args: Parameters<typeof memoProblem>) => saidIf(memoProblem(...args));

const R1 = 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59';
const R2 = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const VECTORS: [string, number | null, string][] = [
  [R1, null, 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ'],
  [R1, 1, 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu'],
  [R2, 0, 'XVLhHMPHU98es4dbozjVtdWzVrDjtV8AqEL4xcZj5whKbmc'],
  [R2, 4294967295, 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi'],
];

describe('X-addresses', () => {
  it.each(VECTORS)('%s with tag %s is %s, both ways', (classic, tag, x) => {
    expect(encodeXAddress(classic, tag)).toBe(x);
    expect(decodeXAddress(x)).toEqual({ classic, tag });
    expect(isAddressOf('xrp', x)).toBe(true);
  });

  it('refuses testnet X-addresses, a changed character, and encoding a tag out of range or a bad classic address', () => {
    expect(decodeXAddress('T7oKJ3q7s94kDH6tpkBowhetT1JKfcfdSCmAXbS75iATyLD')).toBeNull();
    const x = VECTORS[1]![2];
    const typo = `${x.slice(0, 20)}${x[20] === 'a' ? 'b' : 'a'}${x.slice(21)}`;
    expect(decodeXAddress(typo)).toBeNull();
    expect(isAddressOf('xrp', typo)).toBe(false);
    expect(() => encodeXAddress(R1, 4294967296)).toThrow();
    expect(() => encodeXAddress(R1, -1)).toThrow();
    expect(() => encodeXAddress('rNotAnAddress', 1)).toThrow();
  });
});

describe('memo rules per chain', () => {
  it('XRP has a destination tag that is carried; Stellar a memo and TON a comment that are not; others none', () => {
    expect(memoRuleOf('xrp')).toEqual({ kind: 'tag', carried: true });
    expect(memoRuleOf('stellar')).toEqual({ kind: 'memo', carried: false });
    expect(memoRuleOf('ton')).toEqual({ kind: 'comment', carried: false });
    for (const f of ['evm', 'btc', 'sol', 'home'] as const) expect(memoRuleOf(f)).toBeNull();
    expect(memoRuleOf(null)).toBeNull();
    expect(['tag', 'memo', 'comment'].map((k) => said(memoLabel(k as MemoKind)))).toEqual([
      'Destination tag',
      'Memo',
      'Comment',
    ]);
    expect(said(memoWord('tag'))).toBe('destination tag');
  });

  it('a destination tag is a whole number 0…4294967295 without leading zeros or spaces', () => {
    for (const ok of ['0', '1', '123456', '4294967295']) expect(memoText('xrp', ok, R1), ok).toBeNull();
    for (const bad of ['4294967296', '007', '-1', '1.5', '1e3', 'abc', '12 34', '99999999999'])
      expect(memoText('xrp', bad, R1), bad).toMatch(/whole number from 0 to 4294967295/);
    expect(memoText('xrp', ' 12', R1)).toMatch(/spaces/);
    expect(parseDestinationTag('4294967295')).toBe(4294967295);
    expect(parseDestinationTag('4294967296')).toBeNull();
  });

  it('an empty memo is fine on every chain (the receiver may need none)', () => {
    for (const f of ['xrp', 'stellar', 'ton', 'evm', null] as const) expect(memoText(f, '', '')).toBeNull();
  });

  it('a Stellar memo or TON comment is refused with a reason that names the field, whatever its form', () => {
    for (const memo of ['123', 'hello', 'a'.repeat(28)]) {
      expect(memoText('stellar', memo, 'G')).toMatch(/cannot carry a memo.*clear the Memo field/);
      expect(memoText('ton', memo, 'EQ')).toMatch(/cannot carry a comment.*clear the Comment field/);
    }
  });

  it('a chain without memos refuses one; an X-address that carries another tag conflicts', () => {
    expect(memoText('evm', '5', '0x')).toMatch(/takes no memo/);
    expect(memoText('xrp', '2', VECTORS[1]![2])).toMatch(/already carries destination tag 1/);
    expect(memoText('xrp', '1', VECTORS[1]![2])).toBeNull();
    expect(memoText('xrp', '7', VECTORS[0]![2])).toBeNull();
  });
});

describe('the recipient as the swap service takes it', () => {
  it('a classic XRP address with a tag leaves as its X-address; without a tag, as it is', () => {
    expect(recipientWithMemo(R1, '1')).toBe(VECTORS[1]![2]);
    expect(recipientWithMemo(R2, '4294967295')).toBe(VECTORS[3]![2]);
    expect(recipientWithMemo(R1, undefined)).toBe(R1);
    expect(recipientWithMemo(R1, '')).toBe(R1);
    // An X-address without a tag takes the tag; one with the same tag stays.
    expect(recipientWithMemo(VECTORS[0]![2], '1')).toBe(VECTORS[1]![2]);
    expect(recipientWithMemo(VECTORS[1]![2], '1')).toBe(VECTORS[1]![2]);
  });

  it('a memo is never dropped: for any other address, a bad tag or a conflicting one, it throws', () => {
    expect(() => recipientWithMemo('GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ', '123')).toThrow(
      /Only an XRP Ledger address/,
    );
    expect(() => recipientWithMemo('alice.near', '1')).toThrow();
    expect(() => recipientWithMemo(R1, '007')).toThrow(/memo_tagNotNumber/);
    expect(() => recipientWithMemo(VECTORS[1]![2], '2')).toThrow(/memo_tagOtherInAddress/);
  });

  it('splits an X-address back into its address and tag; anything else is itself', () => {
    expect(splitRecipient(VECTORS[1]![2])).toEqual({ address: R1, memo: '1' });
    expect(splitRecipient(VECTORS[0]![2])).toEqual({ address: R1, memo: null });
    expect(splitRecipient(R1)).toEqual({ address: R1, memo: null });
  });
});
