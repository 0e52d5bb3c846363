// The one rule for writing a phrase out (src/core/phrase.ts, `sayWith`), which the pages and the background
// both use with their own lookup of the catalogue (docs/architecture.md, "Words and languages").
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../../src/core/messages';
import { phrase, sayWith } from '../../../src/core/phrase';

/** A lookup that shows what it was asked: the key and its substitutions, in order. */
const asked = (key: MessageKey, subs: string[]) => `${key}(${subs.join('|')})`;

describe('sayWith', () => {
  const say = sayWith(asked);

  it('leaves text as it is', () => {
    expect(say('12.5 wNEAR')).toBe('12.5 wNEAR');
  });

  it('writes a phrase inside a phrase first, then the phrase with its text', () => {
    const inner = phrase('amount_unitsOf', '5', 'nep141:x.near');
    expect(say(phrase('amount_tooManyDecimals', 'alice.near', inner, '1 wNEAR'))).toBe(
      'amount_tooManyDecimals(alice.near|amount_unitsOf(5|nep141:x.near)|1 wNEAR)',
    );
  });

  it('joins a list with commas, its phrases written out, in order', () => {
    expect(say(['-1 wNEAR', phrase('amount_unitsOf', '2', 'nep141:y.near'), ['a', 'b']])).toBe(
      '-1 wNEAR, amount_unitsOf(2|nep141:y.near), a, b',
    );
  });

  it('asks the lookup it was given, not another', () => {
    const other = sayWith((key) => `other:${key}`);
    expect(other(phrase('amount_unitsOf', '1', 'z'))).toBe('other:amount_unitsOf');
  });
});
