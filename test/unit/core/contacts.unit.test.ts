// Contacts (src/core/contacts.ts): one rule for a contact, per chain (checksums and memos included), and a
// file read back all or nothing, each bad entry named. The XRP X-address is xrpl.js's ripple-address-codec
// vector for r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59 with tag 1.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { ChainId } from '../../../src/core/chains';
import {
  addressOfChainProblem,
  CONTACTS_FILE_FORMAT,
  type ContactInput,
  type ContactsFileResult,
  contactProblem,
  contactRule,
  contactShape,
  contactsFileText,
  MAX_CONTACTS,
  nameProblem,
  parseContactsFile,
  sameContactAddress,
  savableAddress,
} from '../../../src/core/contacts';
import { said, saidIf } from '../../../src/ui/phrase';

/** A file's errors in English (the test setup's catalogue): the entry's number and name, then the problem. */
const nameText = (name: string) => saidIf(nameProblem(name));
const problemText = (input: ContactInput) => saidIf(contactProblem(input));
const errorsOf = (out: ContactsFileResult): string[] =>
  out.ok
    ? []
    : out.errors.map((e) => `${e.entry ? `#${e.entry.number} ${e.entry.name ?? '-'}: ` : ''}${said(e.problem)}`);

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'; // EIP-55 test vector
const BTC = 'bc1qw508d6qejxtdg4c3y0x4rn0vedqw6jacr4skpx'.replace('4rn0', '4r0n'); // a mistyped one, below
const XRP = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const X1 = 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu';
const c = (over: Partial<ContactInput>): ContactInput => ({
  name: 'Alice',
  chain: 'home',
  address: 'alice.near',
  memo: '',
  ...over,
});

describe('a contact', () => {
  it('is checked per chain: account ids, EIP-55 checksums, bech32, memos only where the chain carries one', () => {
    expect(problemText(c({}))).toBeNull();
    expect(problemText(c({ address: 'Alice.near' }))).toMatch(/not an account id/);
    expect(problemText(c({ chain: 'eth', address: EVM }))).toBeNull();
    expect(problemText(c({ chain: 'eth', address: EVM.replace('E0F', 'e0F') }))).toMatch(/Ethereum address/);
    expect(problemText(c({ chain: 'base', address: EVM.toLowerCase() }))).toBeNull();
    expect(problemText(c({ chain: 'btc', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }))).toBeNull();
    expect(problemText(c({ chain: 'btc', address: BTC }))).toMatch(/Bitcoin address/);
    expect(problemText(c({ chain: 'btc', address: EVM }))).toMatch(/Bitcoin address/);
    expect(problemText(c({ chain: 'xrp', address: XRP, memo: '12345' }))).toBeNull();
    expect(problemText(c({ chain: 'xrp', address: XRP, memo: '012' }))).toMatch(/destination tag/i);
    expect(problemText(c({ chain: 'home', memo: '1' }))).toMatch(/takes no memo/);
    expect(problemText(c({ address: ' alice.near' }))).toMatch(/no spaces/);
    expect(problemText(c({ address: '' }))).toMatch(/Enter an address/);
    expect(problemText(c({ address: 'alice .near' }))).toMatch(/no spaces/);
    expect(problemText(c({ chain: 'eth', address: `${EVM.slice(0, 20)}\t${EVM.slice(21)}` }))).toMatch(/no spaces/);
  });

  it('of a chain no longer in the table (a stored contact read back) is refused as such', () => {
    expect(addressOfChainProblem('mars' as ChainId, 'x', '')?.key).toBe('contacts_unknownChain');
  });

  it('is judged by the same rule wherever a schema carries it, in the words it is given', () => {
    const schema = z.strictObject(contactShape).check(contactRule(said));
    expect(schema.safeParse(c({})).success).toBe(true);
    const bad = c({ chain: 'eth', address: EVM.replace('E0F', 'e0F') });
    const out = schema.safeParse(bad);
    expect(out.success).toBe(false);
    expect(out.error?.issues.map((i) => i.message)).toEqual([problemText(bad)]);
    expect(out.error?.issues[0]?.message).toMatch(/Ethereum address/);
  });

  it('has a visible name of at most 64 characters', () => {
    expect(nameText('Bob')).toBeNull();
    expect(nameText('')).toMatch(/Enter a name/);
    expect(nameText('   ')).toMatch(/Enter a name/);
    expect(nameText('x'.repeat(64))).toBeNull();
    expect(nameText(' Bob')).toMatch(/spaces/);
    expect(nameText('x'.repeat(65))).toMatch(/at most 64/);
    expect(nameText('Bob\u202Eevil')).toMatch(/visible/);
    expect(nameText('Bob\u200B')).toMatch(/visible/);
    expect(nameText('Bob\nCarol')).toMatch(/visible/);
  });

  it('is the same as another for the same chain, address and memo (an account id in any case)', () => {
    expect(sameContactAddress(c({}), c({ address: 'ALICE.near' }))).toBe(true);
    expect(sameContactAddress(c({}), c({ address: 'bob.near' }))).toBe(false);
    expect(sameContactAddress(c({ chain: 'eth', address: EVM }), c({ chain: 'eth', address: EVM }))).toBe(true);
    expect(sameContactAddress(c({ chain: 'eth', address: EVM }), c({ chain: 'eth', address: EVM.toLowerCase() }))).toBe(
      false,
    );
    expect(sameContactAddress(c({ chain: 'eth', address: EVM }), c({ chain: 'base', address: EVM }))).toBe(false);
    expect(sameContactAddress(c({ chain: 'xrp', address: XRP, memo: '1' }), c({ chain: 'xrp', address: XRP }))).toBe(
      false,
    );
  });

  it('can be made from a recipient the wallet used: the first chain it is an address of', () => {
    expect(savableAddress(['near'], 'bob.near')).toEqual({ chain: 'home', address: 'bob.near', memo: '' });
    expect(savableAddress(['eth', 'home'], EVM)).toEqual({ chain: 'eth', address: EVM, memo: '' });
    expect(savableAddress(['eth', 'home'], 'bob.near')).toEqual({ chain: 'home', address: 'bob.near', memo: '' });
    expect(savableAddress(['btc'], 'bob.near')).toBeNull();
    // An X-address is saved as the classic address and its tag, the memo the contact form shows.
    expect(savableAddress(['xrp'], X1)).toEqual({
      chain: 'xrp',
      address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59',
      memo: '1',
    });
    expect(savableAddress(['unknown-chain'], 'bob.near')).toBeNull();
  });
});

describe('a contacts file', () => {
  const good = [
    c({}),
    c({ name: 'Eve', chain: 'eth', address: EVM }),
    c({ name: 'X', chain: 'xrp', address: XRP, memo: '7' }),
  ];

  it('reads back what was exported', () => {
    expect(parseContactsFile(contactsFileText(good))).toEqual({ ok: true, contacts: good });
  });

  it('a memo left out reads as none', () => {
    const text = JSON.stringify({
      format: CONTACTS_FILE_FORMAT,
      version: 1,
      contacts: [{ name: 'A', chain: 'home', address: 'a.near' }],
    });
    expect(parseContactsFile(text)).toEqual({ ok: true, contacts: [c({ name: 'A', address: 'a.near' })] });
  });

  it('with any bad entry gives nothing and names each bad entry by number and name', () => {
    const text = JSON.stringify({
      format: CONTACTS_FILE_FORMAT,
      version: 1,
      contacts: [
        good[0],
        { ...good[1], address: EVM.replace('E0F', 'e0F') },
        { name: 'Mallory', chain: 'mars', address: 'x' },
        { ...good[0], extra: 1 },
        'not an object',
      ],
    });
    const out = parseContactsFile(text);
    expect(out.ok).toBe(false);
    expect(errorsOf(out)).toEqual([
      expect.stringMatching(/^#2 Eve: This is not a Ethereum address/),
      '#3 Mallory: chain: missing or not valid',
      '#4 Alice: unknown fields: extra',
      '#5 -: not a contact',
    ]);
  });

  it('names an entry that is null, lists every unknown field, and cuts a long name to 64 characters', () => {
    const long = 'L'.repeat(100);
    const text = JSON.stringify({
      format: CONTACTS_FILE_FORMAT,
      version: 1,
      contacts: [null, { ...good[0], extra: 1, more: 2 }, { ...good[0], name: long }],
    });
    expect(errorsOf(parseContactsFile(text))).toEqual([
      '#1 -: not a contact',
      '#2 Alice: unknown fields: extra, more',
      expect.stringMatching(new RegExp(`^#3 ${'L'.repeat(64)}: .*at most 64`)),
    ]);
  });

  it('that is not JSON, not this format, another version or too long is refused with words saying so', () => {
    expect(errorsOf(parseContactsFile('{nope'))).toEqual([expect.stringMatching(/not JSON/)]);
    expect(errorsOf(parseContactsFile(JSON.stringify({ contacts: [] })))).toEqual([
      expect.stringMatching(/not a contacts file/),
    ]);
    expect(
      errorsOf(parseContactsFile(JSON.stringify({ format: CONTACTS_FILE_FORMAT, version: 2, contacts: [] }))),
    ).toEqual([expect.stringMatching(/not a contacts file/)]);
    const many = Array.from({ length: MAX_CONTACTS + 1 }, () => good[0]);
    expect(
      errorsOf(parseContactsFile(JSON.stringify({ format: CONTACTS_FILE_FORMAT, version: 1, contacts: many }))),
    ).toEqual(['A file holds at most 1000 contacts']);
  });
});
