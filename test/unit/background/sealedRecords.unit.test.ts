// Private records sealed at rest (src/background/sealedRecords.ts, kv.ts): sealed under the vault's data
// key with their storage key as additional data, opened only while unlocked; what an earlier version left
// in the clear is sealed once; afterwards a private record in the clear, or one that does not open, is damage.
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { CorruptedValueError, KeyValue } from '../../../src/background/kv';
import { CLEAR_RECORDS, isClearRecord, SEALED_MARKER } from '../../../src/background/sealedRecords';
import { memoryVaultStorage, Vault, VaultError } from '../../../src/vault';

const random = (n: number) => new Uint8Array(randomBytes(n));
const PASSWORD = 'a long test password';
// The id holds a '-', which neither a stored name (hex) nor a sealed value (standard base64) can: a short
// id of hex letters alone would turn up in them by chance.
const swap = { id: 'ab12-swap', depositAddress: 'deposit.near', amount: '1000000000000000000000000' };
const anything = z.unknown();
const area = () => fakeBrowser.storage.local;
const raw = async (key: string) => (await area().get(key))[key];
/** The value stored for a record, under the name the store gives it. */
const storedOf = async (kv: KeyValue, key: string) => raw(await kv.storedName(key));

async function unlockedVault(): Promise<Vault> {
  const vault = new Vault({ storage: memoryVaultStorage(), random, iterations: 600_000 });
  await vault.create(PASSWORD, { kind: 'generate' });
  return vault;
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => 'resolved',
    (e: unknown) => e,
  );
}

beforeEach(() => fakeBrowser.reset());

describe('which records are kept in the clear', () => {
  it('only the listed ones, each with a reason; every other key is private', () => {
    for (const { key, why } of CLEAR_RECORDS) expect(why.length, key).toBeGreaterThan(20);
    for (const key of ['settings', 'networkGrants', 'grants', SEALED_MARKER])
      expect(isClearRecord(key), key).toBe(true);
    for (const key of [
      'swap:1',
      'swapIds',
      'swapTrack',
      'publishedIntents',
      'usedNonces',
      'selectedAccount',
      'balances:alice.near',
      'sendDraft:alice.near',
      'settingsX',
      'grants:intents.near',
      'networkGrantsX',
      'newly-invented',
    ])
      expect(isClearRecord(key), key).toBe(false);
  });
});

describe('a private record', () => {
  it('is sealed at rest (nothing of it readable), opens to what was written, and a clear record stays clear', async () => {
    const kv = new KeyValue(area(), await unlockedVault());
    await kv.write('swap:ab12-swap', swap);
    await kv.write('balances:alice.near', { rows: [] });
    await kv.write('settings', { preset: 'local' });
    const stored = JSON.stringify(await storedOf(kv, 'swap:ab12-swap'));
    expect(stored).toMatch(/^\{"sealed":1,"iv":"[^"]+","ciphertext":"[^"]+"\}$/);
    // Neither the value nor the name shows anything: names are keyed hashes of the record's key.
    const everything = JSON.stringify(await area().get(null));
    for (const part of [swap.id, swap.depositAddress, swap.amount, 'alice.near', 'balances', 'swap:'])
      expect(everything).not.toContain(part);
    expect(await kv.storedName('swap:ab12-swap')).toMatch(/^p\.[0-9a-f]{32}$/);
    expect(await kv.storedName('settings')).toBe('settings');
    expect(await kv.read('swap:ab12-swap', anything)).toEqual(swap);
    expect(await kv.readMany(['swap:ab12-swap', 'swap:none'], anything)).toEqual([swap, undefined]);
    expect(await raw('settings')).toEqual({ preset: 'local' });
  });

  it('cannot be read or written while the wallet is locked, and another wallet cannot open it', async () => {
    const vault = await unlockedVault();
    const kv = new KeyValue(area(), vault);
    await kv.write('swap:ab12-swap', swap);
    const before = await area().get(null);
    await vault.lock();
    expect(await failure(kv.read('swap:ab12-swap', anything))).toMatchObject({ name: 'VaultError', code: 'locked' });
    expect(await failure(kv.write('swap:cd34', swap))).toBeInstanceOf(VaultError);
    expect(await area().get(null)).toEqual(before);
    // Another wallet names the record differently, so it does not even find it; given it, it cannot open it.
    await vault.unlock(PASSWORD);
    const other = new KeyValue(area(), await unlockedVault());
    expect(await other.read('swap:ab12-swap', anything)).toBeUndefined();
    await area().set({ [await other.storedName('swap:ab12-swap')]: await storedOf(kv, 'swap:ab12-swap') });
    expect(await failure(other.read('swap:ab12-swap', anything))).toBeInstanceOf(CorruptedValueError);
  });

  it('moved to another key, edited, or written in the clear: damage, reported by its key, never used', async () => {
    const kv = new KeyValue(area(), await unlockedVault());
    await kv.write('swap:ab12-swap', swap);
    await kv.write('swap:cd34', { ...swap, id: 'cd34', depositAddress: 'other.near' });
    // A sealed record copied over another key does not open there (the key is its additional data).
    await area().set({ [await kv.storedName('swap:cd34')]: await storedOf(kv, 'swap:ab12-swap') });
    expect(await failure(kv.read('swap:cd34', anything))).toMatchObject({
      key: 'swap:cd34',
      message: expect.stringMatching(/does not open/),
    });
    // One character of the ciphertext changed.
    const sealed = (await storedOf(kv, 'swap:ab12-swap')) as { ciphertext: string };
    const flipped = sealed.ciphertext.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    await area().set({ [await kv.storedName('swap:ab12-swap')]: { ...sealed, ciphertext: flipped } });
    expect(await failure(kv.read('swap:ab12-swap', anything))).toBeInstanceOf(CorruptedValueError);
    // A record written under its own name in the clear (as a content script would) is never read.
    await kv.write('swap:ef56', swap);
    await area().set({ 'swap:ef56': { ...swap, depositAddress: 'attacker.near' } });
    expect(await kv.read('swap:ef56', anything)).toEqual(swap);
    // A well-formed record in the clear where the sealed one belongs.
    await area().set({ [await kv.storedName('swap:ef56')]: { ...swap, depositAddress: 'attacker.near' } });
    expect(await failure(kv.read('swap:ef56', anything))).toMatchObject({
      message: expect.stringMatching(/not sealed as the wallet seals it/),
    });
    expect(await kv.readMany(['swap:ef56'], anything)).toEqual([expect.any(CorruptedValueError)]);
    expect(await kv.readOr('swap:ef56', anything, 'fallback')).toBe('fallback');
    // asFound gives the damaged value as found, to be set aside; a good one opened.
    expect(await kv.asFound('swap:ef56')).toEqual({ ...swap, depositAddress: 'attacker.near' });
    await kv.write('swap:gh78', swap);
    expect(await kv.asFound('swap:gh78')).toEqual(swap);
  });
});

describe('records an earlier version wrote in the clear', () => {
  it('are sealed in place at the first private access after the unlock, once; the marker says so', async () => {
    await area().set({ swapIds: ['ab12'], 'swap:ab12-swap': swap, settings: { preset: 'local' }, grants: {} });
    const vault = await unlockedVault();
    await vault.lock();
    const kv = new KeyValue(area(), vault);
    expect(await failure(kv.read('swapIds', anything))).toMatchObject({ code: 'locked' });
    expect(await raw(SEALED_MARKER)).toBeUndefined();
    expect(await raw('swapIds')).toEqual(['ab12']);

    await vault.unlock(PASSWORD);
    expect(await kv.read('swap:ab12-swap', anything)).toEqual(swap);
    expect(await raw(SEALED_MARKER)).toBe(1);
    expect(JSON.stringify(await storedOf(kv, 'swapIds'))).toMatch(/"sealed":1/);
    expect(await raw('swapIds'), 'the clear copy is gone').toBeUndefined();
    expect(await raw('swap:ab12-swap')).toBeUndefined();
    expect(await kv.read('swapIds', anything)).toEqual(['ab12']);
    expect(await raw('settings')).toEqual({ preset: 'local' });
    expect(await raw('grants')).toEqual({});

    // A new worker on the same storage reads the marker and seals nothing again.
    const again = new KeyValue(area(), vault);
    const before = await area().get(null);
    expect(await again.read('swap:ab12-swap', anything)).toEqual(swap);
    expect(await area().get(null)).toEqual(before);
  });

  it('once sealed, a new worker reads the marker and the record it wants, never the whole area', async () => {
    const vault = await unlockedVault();
    const first = new KeyValue(area(), vault);
    for (let i = 0; i < 20; i++) await first.write(`swap:${i}`, { ...swap, id: String(i) });
    const asked: (string | string[] | null)[] = [];
    const counted = {
      get: (keys: string | string[] | null) => {
        asked.push(keys);
        return area().get(keys);
      },
      set: (items: Record<string, unknown>) => area().set(items),
      remove: (keys: string | string[]) => area().remove(keys),
    };
    const again = new KeyValue(counted, vault);
    expect(await again.read('swap:3', anything)).toEqual({ ...swap, id: '3' });
    expect(asked).not.toContain(null);
    expect(asked).toHaveLength(2);
  });
});
