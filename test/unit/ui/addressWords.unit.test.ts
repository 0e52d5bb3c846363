// The form and address checks in another language (src/ui/addresses.ts, src/ui/validate.ts): each problem is
// a sentence of the person's catalogue, what is checked ("Una dirección de Bitcoin") and what is wrong with it
// in one message, with nothing of the English left. The browser's i18n is the Spanish catalogue here; the
// judge is the screens' own (test/support/messageCheck.ts), with chain names as data.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddressFamily, isAddressOf } from '../../../src/core/chainAddress';
import { CHAINS } from '../../../src/core/chains';
import { formatMessage, type MessageEntry } from '../../../src/core/messages';
import { addressFromBytes } from '../../../src/sim/oneclick/addresses';
import {
  accountIdProblem,
  addressProblem,
  CHAIN_IDS,
  familyOf,
  recipientProblem,
  refundProblem,
} from '../../../src/ui/addresses';
import * as validate from '../../../src/ui/validate';
import { unexplained } from '../../support/messageCheck';

type Catalogue = Record<string, MessageEntry>;
const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../assets/public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
const es = catalogue('es');
type I18n = { getMessage(key: string, subs?: string[]): string; getUILanguage(): string };
const global = globalThis as unknown as { chrome: { i18n: I18n } };
const chainNames = Object.values(CHAINS).flatMap((c) => [c.name, ...Object.values(c.names ?? {})]);

/** Each check's words in English (the setup's catalogue) and in Spanish, for the same input. */
function inBoth<T extends unknown[]>(check: (...args: T) => string | null, ...args: T): [string | null, string | null] {
  const english = check(...args);
  const shown = global.chrome.i18n;
  global.chrome.i18n = {
    getMessage: (key, subs = []) => formatMessage(es, key, subs),
    getUILanguage: () => 'es',
  };
  try {
    return [english, check(...args)];
  } finally {
    global.chrome.i18n = shown;
  }
}

const bytes = (seed: number) => Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i * 7) & 0xff);
const SAME_CLASS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/** A valid address of the family with one character changed for another of its kind: a checksum's typo. */
function typos(family: Exclude<AddressFamily, 'home'>): string[] {
  const good = addressFromBytes(family, bytes(3));
  const out: string[] = [];
  for (let i = good.length - 1; i > good.length - 6; i--) {
    const cls = SAME_CLASS.find((c) => c.includes(good[i]!));
    if (!cls) continue;
    const swapped = cls[(cls.indexOf(good[i]!) + 1) % cls.length]!;
    const typo = good.slice(0, i) + swapped + good.slice(i + 1);
    if (!isAddressOf(family, typo)) out.push(typo);
  }
  return out;
}

const SHAPES = [
  '',
  ' x',
  'a b',
  'abc',
  '0x12',
  '0xZZ',
  'QQQQQQ',
  'bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdqb',
  'ltc1qar0',
  'zs1z7rejlpsa98s2rrrfkwmaxu53e4ue0ulcrw0h4x5g8jl04tak0d3mm47vdtahatqrlkngh9sly',
  't2Rv4exT7bqhZqi2j7xz8bUHDMxwosrjADU',
  'bitcoincash:zpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
  'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6B',
  'qpm2q',
  '0:abc',
  'EQD4FPq-PRDieyQKkizFTRtSDyucUIqrj0v_zXJmqaDp6_0',
  'EQD4$Pq',
  'T7oKJ3q7s94kDH6tpkBowhetT1JKfcfdSCmAXbS75iATyLD',
  'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2F',
  'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyT0',
  'rHb9',
  'MAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'GAHJJJKMOKYE4RVPZEWZTKH5FVI4PA3VL7GK2LFNUBSGBV6OJKDH3F2',
  'Gahjjjkmokye4rvpzewztkh5fvi4pa3vl7gk2lfnubsgbv6ojkdh3f2b',
  'addr1xyz',
  'aleo1qqq',
  'Alice.near',
  'a',
  'alice..near',
];

/** Every problem found, in both languages, each with what produced it. */
function problems(): { input: string; english: string | null; spanish: string | null }[] {
  const out: { input: string; english: string | null; spanish: string | null }[] = [];
  const add = (input: string, [english, spanish]: [string | null, string | null]) =>
    out.push({ input, english, spanish });
  for (const chain of CHAIN_IDS) {
    for (const text of SHAPES) add(`${chain} ${text}`, inBoth(addressProblem, chain, text));
    const family = familyOf(chain);
    if (family && family !== 'home')
      for (const text of typos(family)) add(`${chain} typo ${text}`, inBoth(addressProblem, chain, text));
  }
  for (const intents of [true, false])
    for (const chain of ['eth', null])
      for (const text of ['', ' bob.near', 'Bob.near']) {
        const where = `${intents ? 'INTENTS' : 'chain'} ${chain} ${text}`;
        add(`recipient ${where}`, inBoth(recipientProblem, intents ? 'INTENTS' : 'DESTINATION_CHAIN', chain, text));
        add(`refund ${where}`, inBoth(refundProblem, intents ? 'INTENTS' : 'ORIGIN_CHAIN', chain, text));
      }
  for (const what of ['addrSubject_receivingAccount', 'addrSubject_senderAccount', 'addrSubject_feeRecipient'] as const)
    for (const text of ['Bob.near', 'b', 'bob..near']) add(`${what} ${text}`, inBoth(accountIdProblem, text, what));
  add('password', inBoth(validate.newPasswordProblem, 'short', 'short'));
  add('passwords', inBoth(validate.newPasswordProblem, 'long enough one', 'long enough two'));
  for (const url of ['', 'nope', 'ftp://x', 'https://u:p@x']) add(`url ${url}`, inBoth(validate.httpUrlProblem, url));
  for (const minutes of ['x', '0']) add(`auto-lock ${minutes}`, inBoth(validate.autoLockProblem, minutes));
  for (const key of ['', 'ed25519:abc']) {
    add(`public key ${key}`, inBoth(validate.publicKeyProblem, key));
    add(`secret key ${key}`, inBoth(validate.secretKeyProblem, key));
  }
  for (const phrase of ['', 'one two three']) add(`phrase ${phrase}`, inBoth(validate.phraseProblem, phrase));
  for (const id of ['', 'Bob', 'a..b']) add(`account ${id}`, inBoth(validate.accountIdProblem, id));
  for (const label of ['', 'x'.repeat(65)]) add(`label`, inBoth(validate.labelProblem, label));
  return out;
}

describe('form and address checks in Spanish', () => {
  let found: ReturnType<typeof problems>;
  beforeAll(() => {
    found = problems();
  });
  afterAll(() => {
    found = [];
  });

  it('find a problem in Spanish exactly where they find one in English, and not the English words', () => {
    for (const p of found) {
      expect(p.spanish === null, p.input).toBe(p.english === null);
      if (p.english) expect(p.spanish, p.input).not.toBe(p.english);
    }
    // The inputs reach the checks' many sentences: each shape problem, each checksum, each form check.
    const sentences = new Set(found.map((p) => p.english).filter(Boolean));
    expect(sentences.size).toBeGreaterThan(80);
    expect([...sentences].some((s) => /fails its checksum/.test(s!))).toBe(true);
    expect([...sentences].some((s) => /EIP-55/.test(s!))).toBe(true);
  });

  it('word every problem with Spanish messages only, chain names and the typed text aside', () => {
    const pieces = found.flatMap((p) => (p.spanish ? [{ text: p.spanish, where: p.input }] : []));
    // The characters an address may start with ("empieza por D, A, 9") are data, though a lone letter reads as a word.
    const firstCharacters = ['A', 'D', 'L', 'M', 'T', 'X', 't'];
    expect(unexplained(pieces, es, [...chainNames, ...firstCharacters], [])).toEqual([]);
  });
});
