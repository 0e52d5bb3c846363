// The contents' pure changes (src/vault/contents.ts): what each one refuses, with the words it says, and
// that each touches only the account it names.
import { describe, expect, it } from 'vitest';
import { formatPublicKey, generateKeyPair, implicitAccountId } from '../../../src/core';
import { VaultError } from '../../../src/vault';
import {
  addKey,
  addNamedAccount,
  emptyContents,
  forgetKey,
  markPhraseBackedUp,
  renameAccount,
  requireAccount,
  seedOf,
  setSigningKey,
  type VaultContents,
} from '../../../src/vault/contents';
import { random } from './helpers';

const NOW = new Date('2030-01-01T00:00:00.000Z');

function refusal(f: () => unknown): [string, string] {
  try {
    f();
  } catch (e) {
    if (e instanceof VaultError) return [e.code, e.message];
    throw e;
  }
  throw new Error('expected a refusal');
}

/** Two implicit accounts, A with keys a1 (signing) and a2, B with b. */
function twoAccounts() {
  const [a1, a2, b] = [generateKeyPair(random), generateKeyPair(random), generateKeyPair(random)];
  const A = implicitAccountId(a1.publicKey);
  const B = implicitAccountId(b.publicKey);
  let c: VaultContents = addKey(emptyContents(), { pair: a1, source: 'generated' }, NOW);
  c = addKey(c, { pair: a2, source: 'generated' }, NOW, A);
  c = addKey(c, { pair: b, source: 'imported' }, NOW);
  const k = (p: typeof a1) => formatPublicKey(p.publicKey);
  return { c, A, B, a1: k(a1), a2: k(a2), b: k(b) };
}

describe('contents', () => {
  it('keeps a phrase key’s phrase id and derivation path, and none for other keys', () => {
    const pair = generateKeyPair(random);
    const c = addKey(emptyContents(), { pair, source: 'phrase', phraseId: 'p1', derivationPath: "m/44'/397'/0'" }, NOW);
    expect(c.keys[0]).toMatchObject({ source: 'phrase', phraseId: 'p1', derivationPath: "m/44'/397'/0'" });
    const plain = addKey(emptyContents(), { pair, source: 'generated' }, NOW);
    expect(Object.keys(plain.keys[0]!).sort()).toEqual(['createdAt', 'publicKey', 'secretKey', 'source']);
  });

  it('refuses an invalid account id and another key’s implicit id, saying which', () => {
    const pair = generateKeyPair(random);
    expect(refusal(() => addKey(emptyContents(), { pair, source: 'generated' }, NOW, 'Not Valid!'))).toEqual([
      'invalid_input',
      "'Not Valid!' is not a valid account id",
    ]);
    const other = implicitAccountId(generateKeyPair(random).publicKey);
    expect(refusal(() => addKey(emptyContents(), { pair, source: 'generated' }, NOW, other))).toEqual([
      'invalid_input',
      'an implicit account id is the hex of its own key; use that key or a named account',
    ]);
  });

  it('adds a key to the named account only, once', () => {
    const { c, A, B, a1, a2, b } = twoAccounts();
    expect(c.accounts.map((a) => [a.accountId, a.publicKeys])).toEqual([
      [A, [a1, a2]],
      [B, [b]],
    ]);
    const again = addNamedAccount(c, 'shared.near', a1);
    const twice = addKey(again, { pair: generateKeyPair(random), source: 'generated' }, NOW, 'shared.near');
    expect(requireAccount(twice, B).publicKeys).toEqual([b]);
    expect(requireAccount(twice, A).publicKeys).toEqual([a1, a2]);
    expect(requireAccount(twice, 'shared.near').publicKeys).toHaveLength(2);
  });

  it('renames one account to a trimmed label of 1 to 64 characters', () => {
    const { c, A, B } = twoAccounts();
    const renamed = renameAccount(c, A, '  Savings  ');
    expect([requireAccount(renamed, A).label, requireAccount(renamed, B).label]).toEqual(['Savings', 'Account 2']);
    expect(requireAccount(renameAccount(c, A, 'x'.repeat(64)), A).label).toHaveLength(64);
    for (const bad of ['   ', 'x'.repeat(65)])
      expect(refusal(() => renameAccount(c, A, bad))).toEqual(['invalid_input', 'a label has 1 to 64 characters']);
    expect(refusal(() => renameAccount(c, 'nobody.near', 'x'))).toEqual([
      'invalid_input',
      "no account 'nobody.near' in this wallet",
    ]);
  });

  it('sets the signing key of one account, and only to one of its keys', () => {
    const { c, A, B, a1, a2, b } = twoAccounts();
    const next = setSigningKey(c, A, a2);
    expect(requireAccount(next, A).publicKeys).toEqual([a2, a1]);
    expect(requireAccount(next, B).publicKeys).toEqual([b]);
    expect(refusal(() => setSigningKey(c, A, b))).toEqual(['unknown_key', `key ${b} is not a local key of ${A}`]);
  });

  it('forgets a key of one account, not its only one, and not a key it does not have', () => {
    const { c, A, B, a1, a2, b } = twoAccounts();
    const next = forgetKey(c, A, a1);
    expect(requireAccount(next, A).publicKeys).toEqual([a2]);
    expect(requireAccount(next, B).publicKeys).toEqual([b]);
    expect(next.keys.map((k) => k.publicKey)).toEqual([a2, b]);
    expect(refusal(() => forgetKey(c, A, b))).toEqual(['unknown_key', `key ${b} is not a local key of ${A}`]);
    expect(refusal(() => forgetKey(next, A, a2))).toEqual([
      'invalid_input',
      'this is the account’s only local key; remove the account instead',
    ]);
  });

  it('adds a named account only for a held key and a new id', () => {
    const { c, A, a1 } = twoAccounts();
    const stranger = formatPublicKey(generateKeyPair(random).publicKey);
    expect(refusal(() => addNamedAccount(c, 'bob.near', stranger))).toEqual([
      'unknown_key',
      'Pick one of this wallet’s keys for the named account.',
    ]);
    expect(refusal(() => addNamedAccount(c, A, a1))).toEqual([
      'invalid_input',
      `The account ${A} is already in this wallet.`,
    ]);
  });

  it('marks only the named phrase backed up', () => {
    const c: VaultContents = {
      ...emptyContents(),
      phrases: [
        { id: 'p1', phrase: 'x', createdAt: NOW.toISOString(), backedUp: false },
        { id: 'p2', phrase: 'y', createdAt: NOW.toISOString(), backedUp: false },
      ],
    };
    expect(markPhraseBackedUp(c, 'p2').phrases.map((p) => p.backedUp)).toEqual([false, true]);
    expect(refusal(() => markPhraseBackedUp(c, 'p3'))).toEqual(['invalid_input', 'no such recovery phrase']);
  });

  it('gives a stored seed, and says so when there is none or it is damaged', () => {
    const { c, a1 } = twoAccounts();
    expect(seedOf(c, a1)).toHaveLength(32);
    const stranger = formatPublicKey(generateKeyPair(random).publicKey);
    expect(refusal(() => seedOf(c, stranger))).toEqual(['unknown_key', `no local secret for key ${stranger}`]);
    const damaged = { ...c, keys: c.keys.map((k) => (k.publicKey === a1 ? { ...k, secretKey: 'ed25519:1' } : k)) };
    expect(refusal(() => seedOf(damaged, a1))).toEqual(['corrupted', `The stored secret of ${a1} is damaged.`]);
    expect(new VaultError('corrupted', 'x').name).toBe('VaultError');
  });
});
