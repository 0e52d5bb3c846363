// The contacts store (src/background/contacts/store.ts): sealed at rest, one list per network, one contact
// per address, imports all or nothing, a damaged list reported and never written over, and the names the
// risk engine reads only while the list can be read.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { contactsParams } from '../../../../src/background/contacts/params';
import { ContactsStore } from '../../../../src/background/contacts/store';
import { KeyValue } from '../../../../src/background/kv';
import { StorageProblems } from '../../../../src/background/problems';
import { memoryVaultStorage, Vault } from '../../../../src/vault';

const random = (n: number) => new Uint8Array(randomBytes(n));
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

async function setUp() {
  const vault = new Vault({ storage: memoryVaultStorage(), random, iterations: 600_000 });
  await vault.create('a long test password', { kind: 'generate' });
  const kv = new KeyValue(fakeBrowser.storage.local, vault);
  let verifier = 'intents.sim';
  const problems = new StorageProblems();
  const store = new ContactsStore({ local: kv, verifierId: async () => verifier, random, problems });
  return { vault, kv, store, problems, onNetwork: (v: string) => (verifier = v) };
}

beforeEach(() => fakeBrowser.reset());

describe('contacts', () => {
  it('are sealed at rest and kept per network', async () => {
    const { store, onNetwork } = await setUp();
    await store.save({ name: 'Alice', chain: 'home', address: 'alice.sim', memo: '' });
    const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
    for (const part of ['Alice', 'alice.sim', 'contacts']) expect(everything).not.toContain(part);
    expect((await store.list()).contacts.map((c) => c.name)).toEqual(['Alice']);
    onNetwork('intents.near');
    expect((await store.list()).contacts).toEqual([]);
    expect(await store.ledgerNames(['alice.sim'])).toEqual(new Map());
    onNetwork('intents.sim');
    expect(await store.ledgerNames(['alice.sim', 'bob.sim'])).toEqual(new Map([['alice.sim', 'Alice']]));
  });

  it('one contact per address; an edit keeps its id; a delete takes it out', async () => {
    const { store } = await setUp();
    const { saved } = await store.save({ name: 'Alice', chain: 'home', address: 'alice.sim', memo: '' });
    await expect(store.save({ name: 'Again', chain: 'home', address: 'alice.sim', memo: '' })).rejects.toThrow(
      /already saved as Alice/,
    );
    const edited = await store.save({ id: saved.id, name: 'Alice B', chain: 'home', address: 'alice.sim', memo: '' });
    expect(edited.contacts).toEqual([{ ...saved, name: 'Alice B' }]);
    await expect(
      store.save({ id: 'ffffffffffffffff', name: 'X', chain: 'home', address: 'x.sim', memo: '' }),
    ).rejects.toThrow(/no longer exists/);
    expect((await store.remove(saved.id)).contacts).toEqual([]);
    expect(await store.ledgerNames(['alice.sim'])).toEqual(new Map());
  });

  it('an import adds what is new and skips what is kept; a ledger contact names only the ledger account', async () => {
    const { store } = await setUp();
    await store.save({ name: 'Alice', chain: 'home', address: 'alice.sim', memo: '' });
    const out = await store.import([
      { name: 'Alice again', chain: 'home', address: 'alice.sim', memo: '' },
      { name: 'Eve', chain: 'eth', address: EVM, memo: '' },
      { name: 'Eve twice', chain: 'eth', address: EVM, memo: '' },
    ]);
    expect(out).toMatchObject({ added: 1, skipped: 2 });
    expect(out.contacts.map((c) => c.name)).toEqual(['Alice', 'Eve']);
    // An Ethereum contact whose address happens to be an account id on the ledger names no ledger account.
    expect(await store.ledgerNames([EVM.toLowerCase(), EVM])).toEqual(new Map());
  });

  it('a damaged list is reported, kept as found, never written over; while locked no name is known', async () => {
    const { store, kv, problems, vault } = await setUp();
    await store.save({ name: 'Alice', chain: 'home', address: 'alice.sim', memo: '' });
    const name = await kv.storedName('contacts:intents.sim');
    await fakeBrowser.storage.local.set({ [name]: { sealed: 1, iv: 'AAAAAAAAAAAAAAAA', ciphertext: 'AAAA' } });
    await expect(store.list()).rejects.toThrow();
    expect(problems.list().map((p) => p.store)).toEqual(['contacts']);
    await expect(store.save({ name: 'Bob', chain: 'home', address: 'bob.sim', memo: '' })).rejects.toThrow();
    expect((await fakeBrowser.storage.local.get(name))[name]).toEqual({
      sealed: 1,
      iv: 'AAAAAAAAAAAAAAAA',
      ciphertext: 'AAAA',
    });
    expect(await store.ledgerNames(['alice.sim'])).toEqual(new Map());
    await fakeBrowser.storage.local.remove(name);
    await store.save({ name: 'Alice', chain: 'home', address: 'alice.sim', memo: '' });
    await vault.lock();
    expect(await store.ledgerNames(['alice.sim'])).toEqual(new Map());
  });

  it('params: every contact is checked by the one rule; ids are the store’s own', () => {
    expect(contactsParams.contacts_save.safeParse({ name: 'A', chain: 'home', address: 'a.sim' }).success).toBe(true);
    expect(contactsParams.contacts_save.safeParse({ name: 'A', chain: 'eth', address: 'a.sim' }).success).toBe(false);
    expect(
      contactsParams.contacts_save.safeParse({ name: 'A', chain: 'home', address: 'a.sim', id: 'x' }).success,
    ).toBe(false);
    expect(
      contactsParams.contacts_import.safeParse({ contacts: [{ name: '', chain: 'home', address: 'a.sim' }] }).success,
    ).toBe(false);
    expect(contactsParams.contacts_remove.safeParse({ id: '0123456789abcdef' }).success).toBe(true);
  });
});
