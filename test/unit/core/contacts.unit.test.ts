// Contacts (src/core/contacts.ts): one rule for a contact, per chain (checksums and memos included), and a
// file read back all or nothing, each bad entry named.
import { describe, expect, it } from 'vitest';
import {
  CONTACTS_FILE_FORMAT,
  type ContactInput,
  contactProblem,
  contactsFileText,
  MAX_CONTACTS,
  nameProblem,
  parseContactsFile,
  sameContactAddress,
  savableAddress,
} from '../../../src/core/contacts';

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
    expect(contactProblem(c({}))).toBeNull();
    expect(contactProblem(c({ address: 'Alice.near' }))).toMatch(/not an account id/);
    expect(contactProblem(c({ chain: 'eth', address: EVM }))).toBeNull();
    expect(contactProblem(c({ chain: 'eth', address: EVM.replace('E0F', 'e0F') }))).toMatch(/Ethereum address/);
    expect(contactProblem(c({ chain: 'base', address: EVM.toLowerCase() }))).toBeNull();
    expect(contactProblem(c({ chain: 'btc', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }))).toBeNull();
    expect(contactProblem(c({ chain: 'btc', address: BTC }))).toMatch(/Bitcoin address/);
    expect(contactProblem(c({ chain: 'btc', address: EVM }))).toMatch(/Bitcoin address/);
    expect(contactProblem(c({ chain: 'xrp', address: XRP, memo: '12345' }))).toBeNull();
    expect(contactProblem(c({ chain: 'xrp', address: XRP, memo: '012' }))).toMatch(/destination tag/i);
    expect(contactProblem(c({ chain: 'home', memo: '1' }))).toMatch(/takes no memo/);
    expect(contactProblem(c({ address: ' alice.near' }))).toMatch(/no spaces/);
    expect(contactProblem(c({ address: '' }))).toMatch(/Enter an address/);
  });

  it('has a visible name of at most 64 characters', () => {
    expect(nameProblem('Bob')).toBeNull();
    expect(nameProblem('')).toMatch(/Enter a name/);
    expect(nameProblem(' Bob')).toMatch(/spaces/);
    expect(nameProblem('x'.repeat(65))).toMatch(/at most 64/);
    expect(nameProblem('Bob\u202Eevil')).toMatch(/visible/);
    expect(nameProblem('Bob\u200B')).toMatch(/visible/);
    expect(nameProblem('Bob\nCarol')).toMatch(/visible/);
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
    if (out.ok) return;
    expect(out.errors).toHaveLength(4);
    expect(out.errors[0]).toMatch(/^Contact 2 \(Eve\): .*Ethereum address/);
    expect(out.errors[1]).toMatch(/^Contact 3 \(Mallory\): chain/);
    expect(out.errors[2]).toMatch(/^Contact 4 \(Alice\)/);
    expect(out.errors[3]).toMatch(/^Contact 5: /);
  });

  it('that is not JSON, not this format, another version or too long is refused with words saying so', () => {
    expect(parseContactsFile('{nope')).toEqual({ ok: false, errors: [expect.stringMatching(/not JSON/)] });
    expect(parseContactsFile(JSON.stringify({ contacts: [] }))).toEqual({
      ok: false,
      errors: [expect.stringMatching(/not a contacts file/)],
    });
    expect(parseContactsFile(JSON.stringify({ format: CONTACTS_FILE_FORMAT, version: 2, contacts: [] }))).toEqual({
      ok: false,
      errors: [expect.stringMatching(/not a contacts file/)],
    });
    const many = Array.from({ length: MAX_CONTACTS + 1 }, () => good[0]);
    expect(parseContactsFile(JSON.stringify({ format: CONTACTS_FILE_FORMAT, version: 1, contacts: many }))).toEqual({
      ok: false,
      errors: [expect.stringMatching(/at most/)],
    });
  });
});
