// Contacts (src/core/contacts.ts): one rule for a contact, per chain (checksums and memos included), and a
// file read back all or nothing, each bad entry named.
import { describe, expect, it } from 'vitest';
import {
  CONTACTS_FILE_FORMAT,
  type ContactInput,
  type ContactsFileResult,
  contactProblem,
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
  });

  it('has a visible name of at most 64 characters', () => {
    expect(nameText('Bob')).toBeNull();
    expect(nameText('')).toMatch(/Enter a name/);
    expect(nameText(' Bob')).toMatch(/spaces/);
    expect(nameText('x'.repeat(65))).toMatch(/at most 64/);
    expect(nameText('Bob\u202Eevil')).toMatch(/visible/);
    expect(nameText('Bob\u200B')).toMatch(/visible/);
    expect(nameText('Bob\nCarol')).toMatch(/visible/);
  });

  it('is the same as another for the same chain, address and memo (an account id in any case)', () => {
    expect(sameContactAddress(c({}), c({ address: 'ALICE.near' }))).toBe(true);
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
