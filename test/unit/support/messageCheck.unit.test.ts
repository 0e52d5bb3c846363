// The text check's judge (test/support/messageCheck.ts): what it lets through as a message or as data, and
// the hard-coded words it must catch, in English and in another language.
import { describe, expect, it } from 'vitest';
import { type Catalogue, HOLE, unexplained } from '../../support/messageCheck';

const en: Catalogue = {
  give: { message: 'You give' },
  sendTo: { message: 'Send $amount$ to $who$', placeholders: { amount: { content: '$1' }, who: { content: '$2' } } },
  status: { message: 'Status: $s$', placeholders: { s: { content: '$1' } } },
  done: { message: 'Done' },
  bare: { message: '$a$ · $b$', placeholders: { a: { content: '$1' }, b: { content: '$2' } } },
};
const es: Catalogue = { give: { message: 'Entregas' }, done: { message: 'Hecho' } };
const pieces = (...texts: string[]) => texts.map((text) => ({ text, where: 'p' }));
const left = (cat: Catalogue, texts: string[], data: string[] = [], intl: string[] = []) =>
  unexplained(pieces(...texts), cat, data, intl).map((p) => p.text);

describe('the text check', () => {
  it('passes messages, with their substitutions, white space as the page lays it out', () => {
    expect(left(en, ['You give', '  Send 1.5 USDC\n to alice.near ', 'Status: Done'])).toEqual([]);
  });

  it('passes data: amounts, symbols, ids, addresses, punctuation and arrows', () => {
    expect(
      left(en, ['1,234.5', 'USDC', 'wNEAR', '0x5aAe…eAed', 'alice.near', '→', '$12.30', '· 3 ·', 'nep141:wrap.near']),
    ).toEqual([]);
  });

  it('passes what the screen shows of the person and the words Intl writes', () => {
    expect(
      left(
        en,
        ['Alice Smith', 'Nov 26, 2026, 10:20 AM', 'in 4 minutes'],
        ['Alice Smith'],
        ['Nov', 'AM', 'in', 'minutes'],
      ),
    ).toEqual([]);
  });

  it('catches words the catalogue did not write: alone, beside data, in a substitution, or hyphenated', () => {
    expect(
      left(en, ['Balance', 'Balance: 12 USDC', 'Send 5 USDC to my friend', 'cross-chain', 'Status: pending', 'a · b']),
    ).toEqual(['Balance', 'Balance: 12 USDC', 'Send 5 USDC to my friend', 'cross-chain', 'Status: pending', 'a · b']);
  });

  it('in Spanish, catches the English words a screen forgot to look up', () => {
    expect(left(es, ['Entregas', 'Hecho', '1.234,5 USDC'])).toEqual([]);
    expect(left(es, ['You give', 'Done'])).toEqual(['You give', 'Done']);
  });

  it('reads words of scripts without capitals (Chinese) as words', () => {
    expect(left({ a: { message: '兑换' } }, ['兑换', '余额'])).toEqual(['余额']);
  });

  it('in Chinese, finds Intl’s words between digits and punctuation, whatever the number, and nothing else', () => {
    const zh: Catalogue = { lock: { message: '锁定时间：$t$', placeholders: { t: { content: '$1' } } } };
    expect(left(zh, ['锁定时间：17:31（14分钟后）'], [], ['2分钟后'])).toEqual([]);
    expect(left(zh, ['锁定时间：17:31（14分钟前）', '锁定时间：余额 3'], [], ['2分钟后'])).toEqual([
      '锁定时间：17:31（14分钟前）',
      '锁定时间：余额 3',
    ]);
  });

  it('reads a message with an element inside it as one message, the element a hole, its own words a message too', () => {
    // "Send 1 USDC to <strong>Bob</strong>" as Placed lays it out: the words around the hole are the message's.
    expect(left(en, [`Send 1 USDC to ${HOLE}`, `Status: ${HOLE}`, `Send ${HOLE} to ${HOLE} now`])).toEqual([
      `Send ${HOLE} to ${HOLE} now`,
    ]);
    // A message inside a message: the substitution is itself a message.
    expect(left(en, [`Status: Done`, `Status: You give`, `Status: You take`])).toEqual(['Status: You take']);
  });
});
