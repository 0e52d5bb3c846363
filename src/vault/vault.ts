/**
 * The vault: the only code that holds secret bytes (secret keys, recovery phrases, the credentials and data
 * keys, the AES key of the record). It keeps the encrypted record in storage, the unlocked key and contents in
 * memory and the key in its session area (./session.ts); it makes, imports, derives and forgets keys, and
 * signs. Callers name what to do (`addAccount`, `newKeyFor`, `forgetKey` …) and get public keys and views
 * back. No secret leaves except through `exportSecretKey` and `exportPhrase`, which ask for the password
 * again, and the words of a phrase the vault has just made, once, for the backup step (docs/security.md,
 * "Keys at rest and in memory"). The secret-holding state is in `#` fields, out of reach at run time too.
 * Over 300 lines on purpose: the one class that touches secret bytes stays in one file, so that what can
 * reach them is read in one place.
 */

import {
  base64,
  formatPublicKey,
  generateKeyPair,
  type IntentPayload,
  implicitAccountId,
  isPasskeyPublicKey,
  type Nep413Payload,
  type Random,
  type SignedIntent,
  type SigningStandard,
  utf8,
} from '../core';
import { serial } from '../core/serial';
import {
  addKey,
  addNamedAccount,
  attachHeldKey,
  dropHeldKey,
  emptyContents,
  forgetKey,
  holdKey,
  markKeyExported,
  markPhraseBackedUp,
  removeAccount,
  renameAccount,
  requireAccount,
  seedOf,
  setSigningKey,
  type VaultAccount,
  type VaultContents,
  vaultContentsSchema,
} from './contents';
import {
  CREDENTIALS_KEY_BYTES,
  openText,
  openWithKey,
  type SealedText,
  sealText,
  sealWithKey,
} from './credentialCipher';
import { VaultError } from './errors';
import {
  type AddedKey,
  addMadeKey,
  deriveNext,
  type KeySource,
  type MadeKey,
  makeKey,
  walletPhraseId,
} from './keySources';
import { addPasskeyAccount, addPasskeyKey, type NewPasskey, passkeyProblem, type StoredPasskey } from './passkeys';
import { passwordWeakness, weaknessOf } from './password';
import {
  DEFAULT_ITERATIONS,
  deriveKeyBytes,
  type KeyMaterial,
  MIN_ITERATIONS,
  openRecord,
  readRecord,
  type VaultRecord,
  writeRecord,
} from './record';
import { type RecordKeys, recordKeys, recordName } from './recordKeys';
import { type SessionArea, SessionSlot } from './session';
import { signIntentChecked, signMessageChecked } from './signing';
import { PasswordThrottle, THROTTLE_KEY } from './throttle';
import type { VaultStorage } from './vaultStorage';

export const RECORD_KEY = 'vault';
/** Staging slot for change-password: the old record stays in RECORD_KEY until the new one is proven. */
export const NEXT_RECORD_KEY = 'vault.next';

export interface VaultOptions {
  storage: VaultStorage;
  random: Random;
  now?: () => number;
  /** PBKDF2 iterations for new records (default DEFAULT_ITERATIONS); a record with fewer is raised on unlock. */
  iterations?: number;
  /**
   * The fewest PBKDF2 iterations a record may have, read or written (default MIN_ITERATIONS). Production
   * never sets it (src/background/start.ts does not); the vault's tests lower it so that each key
   * derivation takes milliseconds, and one test pins the defaults (docs/testing.md, "Mutation testing").
   */
  minIterations?: number;
  /** Where the unlocked key waits across worker restarts (./session.ts); without one a restart starts locked. */
  session?: SessionArea;
  /** The BIP-39 English word list, loaded only when a phrase is made or imported (./phrase.ts). */
  wordlist?: () => Promise<string[]>;
}

/** The contents as the wallet's lists show them: no secret key, no phrase, no credentials or data key. */
export interface VaultView {
  version: 1;
  accounts: VaultAccount[];
  /** `phrase`: derived from one of `phrases` (covered by it); `exported`: its secret was exported once. */
  keys: { publicKey: string; source: string; createdAt: string; exported: boolean }[];
  phrases: { id: string; backedUp: boolean }[];
  /** The phrase new accounts derive from (`addAccount({ kind: 'derive' })`), or null. */
  walletPhraseId: string | null;
  /** Passkeys' public halves (no secret exists for them here). */
  passkeys: StoredPasskey[];
}

const LOCKED = () => new VaultError('locked', 'The wallet is locked.');

export class Vault {
  readonly #store: VaultStorage;
  readonly #random: Random;
  readonly #now: () => number;
  readonly #iterations: number;
  readonly #minIterations: number;
  readonly #throttle: PasswordThrottle;
  readonly #session: SessionSlot;
  readonly #wordlist: () => Promise<string[]>;
  #material: KeyMaterial | null = null;
  #contents: VaultContents | null = null;
  /** The keys derived from the data key, once per unlock (see sealData); dropped on lock. */
  #dataKey: Promise<RecordKeys> | null = null;
  /** Moves on every lock: work that started before a lock never opens the wallet again after it. */
  #epoch = 0;
  /**
   * Serialises writes so two callers cannot interleave read-modify-write (src/core/serial.ts). Not
   * reentrant: code inside it calls the private helpers, never another public method that takes it.
   */
  readonly #exclusive = serial();

  constructor(options: VaultOptions) {
    this.#store = options.storage;
    this.#random = options.random;
    this.#now = options.now ?? Date.now;
    this.#iterations = options.iterations ?? DEFAULT_ITERATIONS;
    this.#minIterations = options.minIterations ?? MIN_ITERATIONS;
    if (this.#iterations < this.#minIterations)
      throw new VaultError('invalid_input', `iterations must be at least ${this.#minIterations}`);
    this.#throttle = new PasswordThrottle(this.#store, this.#now);
    this.#session = new SessionSlot(options.session);
    this.#wordlist =
      options.wordlist ??
      (() => Promise.reject(new VaultError('invalid_input', 'Recovery phrases are not available here.')));
  }

  async exists(): Promise<boolean> {
    return (await this.#store.get(RECORD_KEY)) !== undefined;
  }

  /** Reads and checks the stored record; a damaged one raises `corrupted` and is left as it is. */
  async readStoredRecord(): Promise<VaultRecord> {
    const raw = await this.#store.get(RECORD_KEY);
    if (raw === undefined) throw new VaultError('no_vault', 'There is no wallet yet. Create or import one.');
    return readRecord(raw, this.#minIterations);
  }

  get isUnlocked(): boolean {
    return this.#contents !== null;
  }

  /** A new wallet, unlocked, with its first key from `source` (without one: no key yet). */
  create(password: string, source?: KeySource, label?: string): Promise<AddedKey | null> {
    return this.#exclusive(async () => {
      const weak = weaknessOf(password);
      if (weak)
        throw new VaultError('weak_password', `Password too weak: ${passwordWeakness(password)}.`, undefined, weak);
      if (await this.exists()) throw new VaultError('exists', 'A wallet already exists on this browser profile.');
      const made = source ? await this.#make(source) : null;
      try {
        const first = made
          ? addMadeKey(emptyContents(), made, this.#date(), label)
          : { contents: emptyContents(), added: null };
        const material = await this.#deriveFresh(password);
        await this.#writeVerified(RECORD_KEY, material, first.contents);
        await this.#store.del(NEXT_RECORD_KEY);
        await this.#open(material, first.contents);
        return first.added;
      } finally {
        made?.key.pair.secretSeed.fill(0);
      }
    });
  }

  /**
   * The throttle is checked and updated inside the exclusive section: parallel attempts queue and
   * each sees the failures counted before it, exactly as serial attempts do (docs/security.md).
   */
  unlock(password: string): Promise<void> {
    return this.#exclusive(async () => {
      await this.#throttle.check();
      const record = await this.readStoredRecord();
      const salt = base64.decode(record.kdf.salt);
      const keyBytes = await deriveKeyBytes(password, salt, record.kdf.iterations);
      let contents: VaultContents;
      try {
        contents = parseContents(await openRecord(record, keyBytes));
      } catch (e) {
        keyBytes.fill(0);
        if (e instanceof VaultError && e.code === 'wrong_password') await this.#throttle.failed();
        throw e;
      }
      await this.#throttle.succeeded();
      await this.#open({ keyBytes, salt, iterations: record.kdf.iterations }, contents);
      // A record written with weaker KDF parameters is raised to today's; the session then holds the new key.
      if (record.kdf.iterations < this.#iterations) await this.#rekey(password);
    });
  }

  /**
   * After a worker restart: unlocks with the key the session area holds, if there is one and it opens the
   * record. A key that does not is removed, and the error (e.g. `corrupted`) is thrown.
   */
  resume(): Promise<boolean> {
    return this.#exclusive(async () => {
      if (this.#contents) return true;
      const epoch = this.#epoch;
      // The record is read beside the key (two stores, one round trip); without a key it is not used.
      const [keyBytes, read] = await Promise.all([
        this.#session.read(),
        this.readStoredRecord().then(
          (record) => ({ record }),
          (error: unknown) => ({ error }),
        ),
      ]);
      if (!keyBytes) return false;
      try {
        if ('error' in read) throw read.error;
        const { record } = read;
        const contents = parseContents(await openRecord(record, keyBytes));
        if (epoch !== this.#epoch) {
          keyBytes.fill(0); // locked meanwhile
          return false;
        }
        this.#material = { keyBytes, salt: base64.decode(record.kdf.salt), iterations: record.kdf.iterations };
        this.#contents = contents;
        return true;
      } catch (e) {
        keyBytes.fill(0);
        if (epoch === this.#epoch) await this.#session.clear();
        throw e;
      }
    });
  }

  /** Forgets the key and the contents at once; the stored session is removed when this settles. */
  lock(): Promise<void> {
    this.#epoch += 1;
    this.#wipe();
    return this.#session.clear();
  }

  /** A copy of the decrypted contents without secrets, for lists in the UI. */
  view(): VaultView {
    const c = this.#requireContents();
    return {
      version: c.version,
      accounts: structuredClone(c.accounts),
      keys: c.keys.map(({ publicKey, source, createdAt, exportedAt }) => ({
        publicKey,
        source,
        createdAt,
        exported: exportedAt !== undefined,
      })),
      phrases: c.phrases.map(({ id, backedUp }) => ({ id, backedUp })),
      walletPhraseId: walletPhraseId(c),
      passkeys: structuredClone(c.passkeys ?? []),
    };
  }

  /** A passkey account (./passkeys.ts): the implicit account of its `p256:` key; returns its id. */
  addPasskeyAccount(passkey: NewPasskey, label?: string): Promise<string> {
    return this.#exclusive(async () => {
      let accountId = '';
      await this.#commit((c) => {
        const next = addPasskeyAccount(c, passkey, this.#date(), label);
        accountId = next.accountId;
        return next.contents;
      });
      return accountId;
    });
  }

  /** A passkey as a further key of `accountId` (once its `add_public_key` executed on the verifier). */
  addPasskeyKey(accountId: string, passkey: NewPasskey): Promise<void> {
    return this.#change((c) => addPasskeyKey(c, accountId, passkey, this.#date()));
  }

  /**
   * A new account from `source` (a new key, a new or imported phrase, an imported secret key, or the next
   * account of the wallet's own phrase: `derive`, ./keySources.ts).
   */
  addAccount(source: KeySource, label?: string): Promise<AddedKey> {
    return this.#exclusive(async () => {
      const contents = this.#requireContents();
      const made =
        source.kind === 'derive' ? await deriveNext(contents, await this.#wordlist()) : await this.#make(source);
      try {
        let added: AddedKey | undefined;
        await this.#commit((c) => {
          const next = addMadeKey(c, made, this.#date(), label);
          added = next.added;
          return next.contents;
        });
        return added!;
      } finally {
        made.key.pair.secretSeed.fill(0);
      }
    });
  }

  /**
   * The account `addAccount({ kind: 'derive' })` would add next, without adding it: its public key and
   * implicit account id, for the wallet to ask the verifier whether the phrase used it before (a restore
   * finds the accounts it made, src/background/wallet/phraseAccounts.ts). The derived secret is wiped here.
   */
  previewDerived(): Promise<{ accountId: string; publicKey: string }> {
    return this.#exclusive(async () => {
      const made = await deriveNext(this.#requireContents(), await this.#wordlist());
      try {
        return {
          accountId: implicitAccountId(made.key.pair.publicKey),
          publicKey: formatPublicKey(made.key.pair.publicKey),
        };
      } finally {
        made.key.pair.secretSeed.fill(0);
      }
    });
  }

  /** A named account (or a key's own implicit account again) signed by a key this wallet holds. */
  addNamedAccount(accountId: string, publicKey: string, label?: string): Promise<void> {
    return this.#change((c) => addNamedAccount(c, accountId, publicKey, label));
  }

  /** Rotation's first step: a new generated key for the account (not its signing key yet). Its public key. */
  newKeyFor(accountId: string): Promise<string> {
    return this.#exclusive(async () => {
      const pair = generateKeyPair(this.#random);
      try {
        await this.#commit((c) => {
          requireAccount(c, accountId);
          return addKey(c, { pair, source: 'generated' }, this.#date(), accountId);
        });
        return formatPublicKey(pair.publicKey);
      } finally {
        pair.secretSeed.fill(0);
      }
    });
  }

  /**
   * A new generated key held for a change not yet made (./contents.ts holdKey): kept, but no account signs
   * with it until attachKey. Its public key.
   */
  newHeldKey(): Promise<string> {
    return this.#exclusive(async () => {
      const pair = generateKeyPair(this.#random);
      try {
        await this.#commit((c) => holdKey(c, { pair, source: 'generated' }, this.#date()));
        return formatPublicKey(pair.publicKey);
      } finally {
        pair.secretSeed.fill(0);
      }
    });
  }

  /** A held key becomes a further local key of the account (once the verifier has it). */
  attachKey(accountId: string, publicKey: string): Promise<void> {
    return this.#change((c) => attachHeldKey(c, accountId, publicKey));
  }

  /** Forgets a held key that no account signs with (its change did not go out). */
  dropHeldKey(publicKey: string): Promise<void> {
    return this.#change((c) => dropHeldKey(c, publicKey));
  }

  /** Forgets a local key of the account; `successor` becomes its signing key in the same write. */
  forgetKey(accountId: string, publicKey: string, successor?: string): Promise<void> {
    return this.#change((c) => forgetKey(c, accountId, publicKey, successor));
  }

  setSigningKey(accountId: string, publicKey: string): Promise<void> {
    return this.#change((c) => setSigningKey(c, accountId, publicKey));
  }

  renameAccount(accountId: string, label: string): Promise<void> {
    return this.#change((c) => renameAccount(c, accountId, label));
  }

  /** Removes the account; keys no other account uses go with it. */
  removeAccount(accountId: string): Promise<void> {
    return this.#change((c) => removeAccount(c, accountId));
  }

  markPhraseBackedUp(phraseId: string): Promise<void> {
    return this.#change((c) => markPhraseBackedUp(c, phraseId));
  }

  /**
   * Seals a service credential under the credentials key in the contents, making and storing that
   * key the first time. Locked: throws `locked` (nothing can be sealed without the unlocked vault).
   */
  sealCredential(plaintext: string, aad: string): Promise<SealedText> {
    return this.#exclusive(async () => {
      const key = await this.#keyField('credentialsKey');
      try {
        return await sealText(key, plaintext, aad, this.#random(12));
      } finally {
        key.fill(0);
      }
    });
  }

  /** Opens a credential sealed by `sealCredential` with the same additional data; `locked` while locked. */
  async openCredential(sealed: SealedText, aad: string): Promise<string> {
    const key = this.#requireContents().credentialsKey;
    if (!key)
      throw new VaultError(
        'corrupted',
        'This wallet has no credentials key: the saved credential was sealed by another wallet.',
      );
    return openText(base64.decode(key), sealed, aad);
  }

  /**
   * Seals one of the wallet's private records (its storage key as additional data, so a sealed value
   * cannot be moved to another key) under a key derived from the data key in the contents, which is made
   * and stored the first time (./recordKeys.ts). Locked: throws `locked`. The keys never leave the vault;
   * the derived CryptoKeys are kept while unlocked.
   */
  async sealData(plaintext: string, aad: string): Promise<SealedText> {
    return sealWithKey((await this.#recordKeys()).seal, plaintext, aad, this.#random(12));
  }

  /** Opens a record sealed by `sealData` under the same additional data; `locked` while locked, `corrupted` when it does not open. */
  async openData(sealed: SealedText, aad: string): Promise<string> {
    return openWithKey((await this.#recordKeys()).seal, sealed, aad);
  }

  /** The name a private record is stored under: a keyed hash of its logical key, so names show nothing either. */
  async recordName(logical: string): Promise<string> {
    return recordName((await this.#recordKeys()).name, logical);
  }

  #recordKeys(): Promise<RecordKeys> {
    this.#requireContents();
    this.#dataKey ??= this.#exclusive(async () => {
      const raw = await this.#keyField('dataKey');
      try {
        return await recordKeys(raw);
      } finally {
        raw.fill(0);
      }
    });
    const pending = this.#dataKey;
    pending.catch(() => {
      if (this.#dataKey === pending) this.#dataKey = null;
    });
    return pending;
  }

  /** A 32-byte key kept in the contents, made and stored the first time. Only inside `#exclusive`. */
  async #keyField(field: 'credentialsKey' | 'dataKey'): Promise<Uint8Array> {
    let contents = this.#requireContents();
    if (!contents[field]) {
      const next = vaultContentsSchema.parse({
        ...structuredClone(contents),
        [field]: base64.encode(this.#random(CREDENTIALS_KEY_BYTES)),
      });
      const epoch = this.#epoch;
      await this.#persist(next);
      // Not after a lock that came meanwhile: that would open the wallet again.
      if (epoch !== this.#epoch) throw LOCKED();
      this.#contents = contents = next;
    }
    return base64.decode(contents[field]!);
  }

  /**
   * Re-encrypts under a new password with a fresh salt. Crash-safe: the new record is written to a
   * staging slot and read back first; only then does one atomic write replace the old record. While
   * unlocked, the session then holds the new key (the old one no longer opens the record).
   */
  changePassword(oldPassword: string, newPassword: string): Promise<void> {
    return this.#exclusive(async () => {
      const weak = weaknessOf(newPassword);
      if (weak)
        throw new VaultError(
          'weak_password',
          `New password too weak: ${passwordWeakness(newPassword)}.`,
          undefined,
          weak,
        );
      const contents = await this.#decryptWithPassword(oldPassword);
      const material = await this.#deriveFresh(newPassword);
      const proven = await this.#writeVerified(NEXT_RECORD_KEY, material, contents);
      await this.#store.set(RECORD_KEY, proven);
      await this.#store.del(NEXT_RECORD_KEY);
      await this.#adopt(material);
    });
  }

  /** The secret key text for backup; asks for the password again, and counts wrong ones. */
  exportSecretKey(password: string, publicKey: string): Promise<string> {
    return this.#exclusive(async () => {
      if (isPasskeyPublicKey(publicKey))
        throw new VaultError(
          'invalid_input',
          'A passkey has nothing to export: its private key never leaves your authenticator. Keep a second key or passkey on the account instead.',
          undefined,
          undefined,
          'passkey_export',
        );
      const contents = await this.#decryptWithPassword(password);
      const key = contents.keys.find((k) => k.publicKey === publicKey);
      if (!key) throw new VaultError('unknown_key', `no local secret for key ${publicKey}`);
      // Shown to be kept: a key no phrase covers counts as backed up from now on (the reminder stops).
      if (this.#contents) await this.#commit((c) => markKeyExported(c, publicKey, this.#date()));
      return key.secretKey;
    });
  }

  /** A recovery phrase for backup; asks for the password again, and counts wrong ones. */
  exportPhrase(password: string, phraseId: string): Promise<string> {
    return this.#exclusive(async () => {
      const contents = await this.#decryptWithPassword(password);
      const phrase = contents.phrases.find((p) => p.id === phraseId);
      if (!phrase) throw new VaultError('invalid_input', 'no such recovery phrase');
      return phrase.phrase;
    });
  }

  /**
   * Erases the wallet from this device: the record, a staged one, the password throttle and the unlocked
   * session, and locks. What else the wallet stored is the background's to clear (src/background/wallet/erase.ts).
   * Without the password on purpose: it is the way back for a person who forgot it, and it gives out nothing.
   */
  erase(): Promise<void> {
    return this.#exclusive(async () => {
      this.#epoch += 1;
      this.#wipe();
      await this.#session.clear();
      await this.#store.del(RECORD_KEY);
      await this.#store.del(NEXT_RECORD_KEY);
      await this.#store.del(THROTTLE_KEY);
    });
  }

  /** Signs an intent payload with noble's ed25519 and releases it only once it verifies (./signing.ts). */
  signIntent(publicKey: string, payload: IntentPayload, standard: SigningStandard): SignedIntent {
    return this.#withSeed(publicKey, (seed) => signIntentChecked(seed, publicKey, payload, standard));
  }

  /** A NEP-413 message signature (base64), released only once it verifies (./signing.ts). */
  signMessage(publicKey: string, payload: Nep413Payload): string {
    return this.#withSeed(publicKey, (seed) => signMessageChecked(seed, publicKey, payload));
  }

  /**
   * The seed of `publicKey`, read from the contents for one signature and zeroed after it. No expanded key
   * is kept between signatures (docs/decisions.md, "Signing with the audited primitive").
   */
  #withSeed<T>(publicKey: string, sign: (seed: Uint8Array) => T): T {
    const seed = seedOf(this.#requireContents(), publicKey);
    try {
      return sign(seed);
    } finally {
      seed.fill(0);
    }
  }

  #make(source: KeySource): Promise<MadeKey> {
    return makeKey(source, { random: this.#random, wordlist: this.#wordlist });
  }

  #date(): Date {
    return new Date(this.#now());
  }

  /** Unlocked with `material`: in memory, and the key in the session area (the write issued before this returns). */
  #open(material: KeyMaterial, contents: VaultContents): Promise<void> {
    this.#wipe();
    this.#material = material;
    this.#contents = contents;
    return this.#session.save(material.keyBytes);
  }

  /** The record now opens with `material`: kept in memory and in the session while unlocked, else wiped. */
  #adopt(material: KeyMaterial): Promise<void> {
    if (!this.#contents) {
      material.keyBytes.fill(0);
      return Promise.resolve();
    }
    this.#material?.keyBytes.fill(0);
    this.#material = material;
    return this.#session.save(material.keyBytes);
  }

  #wipe(): void {
    this.#dataKey = null;
    this.#material?.keyBytes.fill(0);
    this.#material = null;
    this.#contents = null;
  }

  #change(change: (contents: VaultContents) => VaultContents): Promise<void> {
    return this.#exclusive(() => this.#commit(change));
  }

  /** Applies a pure change to the contents and persists it (fresh IV; same key and salt). Only inside `#exclusive`. */
  async #commit(change: (contents: VaultContents) => VaultContents): Promise<void> {
    const next = vaultContentsSchema.parse(change(structuredClone(this.#requireContents())));
    // Never write what the next read would refuse (./passkeys.ts): e.g. a passkey account whose first key
    // is no longer its passkey.
    const problem = passkeyProblem(next);
    if (problem) throw new VaultError('invalid_input', `That change was not made: ${problem}.`);
    const epoch = this.#epoch;
    await this.#persist(next);
    // Written, but not opened again after a lock that came meanwhile.
    if (epoch === this.#epoch) this.#contents = next;
  }

  /** Writes the contents under the unlocked key; a copy of the key, since a lock meanwhile wipes the vault's. */
  async #persist(next: VaultContents): Promise<void> {
    const held = this.#requireMaterial();
    const material = { ...held, keyBytes: held.keyBytes.slice() };
    try {
      await this.#writeVerified(RECORD_KEY, material, next);
    } finally {
      material.keyBytes.fill(0);
    }
  }

  /** Only inside `#exclusive`, so the throttle's check and update cannot interleave with another attempt. */
  async #decryptWithPassword(password: string): Promise<VaultContents> {
    await this.#throttle.check();
    const record = await this.readStoredRecord();
    const keyBytes = await deriveKeyBytes(password, base64.decode(record.kdf.salt), record.kdf.iterations);
    try {
      const contents = parseContents(await openRecord(record, keyBytes));
      await this.#throttle.succeeded();
      return contents;
    } catch (e) {
      if (e instanceof VaultError && e.code === 'wrong_password') await this.#throttle.failed();
      throw e;
    } finally {
      keyBytes.fill(0);
    }
  }

  async #rekey(password: string): Promise<void> {
    const contents = this.#requireContents();
    const material = await this.#deriveFresh(password);
    const proven = await this.#writeVerified(NEXT_RECORD_KEY, material, contents);
    await this.#store.set(RECORD_KEY, proven);
    await this.#store.del(NEXT_RECORD_KEY);
    await this.#adopt(material);
  }

  async #deriveFresh(password: string): Promise<KeyMaterial> {
    const salt = this.#random(32);
    return { keyBytes: await deriveKeyBytes(password, salt, this.#iterations), salt, iterations: this.#iterations };
  }

  /** Writes a record to `slot`, reads it back and decrypts it before reporting success. */
  async #writeVerified(slot: string, material: KeyMaterial, contents: VaultContents): Promise<VaultRecord> {
    const record = await writeRecord(material, utf8.encode(JSON.stringify(contents)), this.#random);
    await this.#store.set(slot, record);
    const back = readRecord(await this.#store.get(slot), this.#minIterations);
    parseContents(await openRecord(back, material.keyBytes));
    return back;
  }

  #requireContents(): VaultContents {
    if (!this.#contents) throw LOCKED();
    return this.#contents;
  }

  #requireMaterial(): KeyMaterial {
    if (!this.#material) throw LOCKED();
    return this.#material;
  }
}

function parseContents(plaintext: Uint8Array): VaultContents {
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(plaintext));
  } catch {
    throw new VaultError('corrupted', 'The vault decrypted but its contents are not readable. It was left untouched.');
  }
  const parsed = vaultContentsSchema.safeParse(json);
  if (!parsed.success)
    throw new VaultError(
      'corrupted',
      'The vault decrypted but its contents do not match the expected shape. It was left untouched.',
    );
  const problem = passkeyProblem(parsed.data);
  if (problem) throw new VaultError('corrupted', `The vault decrypted but ${problem}. It was left untouched.`);
  return parsed.data;
}
