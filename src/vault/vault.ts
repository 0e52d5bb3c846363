/**
 * The vault: the only code that holds secret key bytes. It keeps the encrypted record in storage, the
 * unlocked key and contents in memory, and signs; it never hands a secret out except through
 * `exportSecretKey`, which asks for the password again. Over 300 lines on purpose: the one class that
 * touches secret bytes stays in one file, so that what can reach them is read in one place.
 */
import {
  type ExpandedKey,
  type IntentPayload,
  type Nep413Payload,
  type Random,
  type SignedIntent,
  type SigningStandard,
  base64,
  expandSeed,
  signIntentPayload,
  signNep413,
  utf8,
  verifySignedIntent,
} from '../core';
import { type VaultContents, emptyContents, secretOf, vaultContentsSchema } from './contents';
import { CREDENTIALS_KEY_BYTES, type SealedText, openText, openWithKey, sealText, sealWithKey } from './credentialCipher';
import { type RecordKeys, recordKeys, recordName } from './recordKeys';
import { VaultError } from './errors';
import { passwordWeakness } from './password';
import { DEFAULT_ITERATIONS, type KeyMaterial, MIN_ITERATIONS, deriveKeyBytes, openRecord, readRecord, writeRecord, type VaultRecord } from './record';
import type { VaultStorage } from './vaultStorage';
import { PasswordThrottle } from './throttle';

export const RECORD_KEY = 'vault';
/** Staging slot for change-password: the old record stays in RECORD_KEY until the new one is proven. */
export const NEXT_RECORD_KEY = 'vault.next';

export interface VaultOptions {
  storage: VaultStorage;
  random: Random;
  now?: () => number;
  iterations?: number;
}

/** What survives a service-worker restart in storage.session (never written to disk). */
export interface UnlockedSession {
  keyBytes: string;
  salt: string;
  iterations: number;
}

export class Vault {
  private readonly store: VaultStorage;
  private readonly random: Random;
  private readonly now: () => number;
  private readonly iterations: number;
  private readonly throttle: PasswordThrottle;
  private material: KeyMaterial | null = null;
  private contents: VaultContents | null = null;
  /** Keys that signed since the unlock, expanded once (see signingKey); wiped on lock. */
  private readonly signingKeys = new Map<string, ExpandedKey>();
  /** The keys derived from the data key, once per unlock (see sealData); dropped on lock. */
  private dataCryptoKey: Promise<RecordKeys> | null = null;
  /** Serialises writes so two callers cannot interleave read-modify-write. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: VaultOptions) {
    this.store = options.storage;
    this.random = options.random;
    this.now = options.now ?? Date.now;
    this.iterations = options.iterations ?? DEFAULT_ITERATIONS;
    if (this.iterations < MIN_ITERATIONS) throw new VaultError('invalid_input', `iterations must be at least ${MIN_ITERATIONS}`);
    this.throttle = new PasswordThrottle(this.store, this.now);
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async exists(): Promise<boolean> {
    return (await this.store.get(RECORD_KEY)) !== undefined;
  }

  /** Reads and checks the stored record; a damaged one raises `corrupted` and is left as it is. */
  async readStoredRecord(): Promise<VaultRecord> {
    const raw = await this.store.get(RECORD_KEY);
    if (raw === undefined) throw new VaultError('no_vault', 'There is no wallet yet. Create or import one.');
    return readRecord(raw);
  }

  get isUnlocked(): boolean {
    return this.contents !== null;
  }

  create(password: string, contents: VaultContents = emptyContents()): Promise<void> {
    return this.exclusive(async () => {
      const weak = passwordWeakness(password);
      if (weak) throw new VaultError('weak_password', `Password too weak: ${weak}.`);
      if (await this.exists()) throw new VaultError('exists', 'A wallet already exists on this browser profile.');
      const material = await this.deriveFresh(password);
      await this.writeVerified(RECORD_KEY, material, contents);
      await this.store.del(NEXT_RECORD_KEY);
      this.material = material;
      this.contents = contents;
    });
  }

  /**
   * The throttle is checked and updated inside the exclusive section: parallel attempts queue and
   * each sees the failures counted before it, exactly as serial attempts do (docs/security.md).
   */
  unlock(password: string): Promise<void> {
    return this.exclusive(async () => {
      await this.throttle.check();
      const record = await this.readStoredRecord();
      const salt = base64.decode(record.kdf.salt);
      const keyBytes = await deriveKeyBytes(password, salt, record.kdf.iterations);
      let plaintext: Uint8Array;
      try {
        plaintext = await openRecord(record, keyBytes);
      } catch (e) {
        if (e instanceof VaultError && e.code === 'wrong_password') await this.throttle.failed();
        throw e;
      }
      await this.throttle.succeeded();
      this.forgetSigningKeys();
      this.contents = parseContents(plaintext);
      this.material = { keyBytes, salt, iterations: record.kdf.iterations };
      // A record written with weaker KDF parameters is raised to today's on the next unlock; the caller
      // then stores the new `session()` (src/background/wallet/service.ts starts the session after unlock).
      if (record.kdf.iterations < this.iterations) await this.rekey(password);
    });
  }

  /** Restores the unlocked state after a worker restart from what `session()` returned. */
  async resume(session: UnlockedSession): Promise<void> {
    const record = await this.readStoredRecord();
    const keyBytes = base64.decode(session.keyBytes);
    const plaintext = await openRecord(record, keyBytes);
    this.forgetSigningKeys();
    this.contents = parseContents(plaintext);
    this.material = { keyBytes, salt: base64.decode(record.kdf.salt), iterations: record.kdf.iterations };
  }

  session(): UnlockedSession | null {
    if (!this.material) return null;
    return { keyBytes: base64.encode(this.material.keyBytes), salt: base64.encode(this.material.salt), iterations: this.material.iterations };
  }

  lock(): void {
    this.forgetSigningKeys();
    this.dataCryptoKey = null;
    this.material?.keyBytes.fill(0);
    this.material = null;
    this.contents = null;
  }

  /** A copy of the decrypted contents without secret keys, for lists in the UI. */
  view(): Omit<VaultContents, 'keys' | 'phrases' | 'credentialsKey' | 'dataKey'> & { keys: { publicKey: string; source: string; createdAt: string }[]; phrases: { id: string; backedUp: boolean }[] } {
    const c = this.requireContents();
    return {
      version: c.version,
      accounts: structuredClone(c.accounts),
      keys: c.keys.map(({ publicKey, source, createdAt }) => ({ publicKey, source, createdAt })),
      phrases: c.phrases.map(({ id, backedUp }) => ({ id, backedUp })),
    };
  }

  /** Applies a pure change to the contents and persists it (fresh IV; same key and salt). */
  update(change: (contents: VaultContents) => VaultContents): Promise<void> {
    return this.exclusive(async () => {
      const material = this.requireMaterial();
      const next = vaultContentsSchema.parse(change(structuredClone(this.requireContents())));
      await this.writeVerified(RECORD_KEY, material, next);
      this.forgetSigningKeys();
      this.contents = next;
    });
  }

  /**
   * Seals a service credential under the credentials key in the contents, making and storing that
   * key the first time. Locked: throws `locked` (nothing can be sealed without the unlocked vault).
   */
  sealCredential(plaintext: string, aad: string): Promise<SealedText> {
    return this.exclusive(async () => {
      let contents = this.requireContents();
      if (!contents.credentialsKey) {
        const next = vaultContentsSchema.parse({ ...structuredClone(contents), credentialsKey: base64.encode(this.random(CREDENTIALS_KEY_BYTES)) });
        await this.writeVerified(RECORD_KEY, this.requireMaterial(), next);
        // Not after a lock that came meanwhile: that would open the wallet again.
        if (!this.contents) throw new VaultError('locked', 'The wallet is locked.');
        this.contents = contents = next;
      }
      return sealText(base64.decode(contents.credentialsKey!), plaintext, aad, this.random(12));
    });
  }

  /** Opens a credential sealed by `sealCredential` with the same additional data; `locked` while locked. */
  async openCredential(sealed: SealedText, aad: string): Promise<string> {
    const key = this.requireContents().credentialsKey;
    if (!key) throw new VaultError('corrupted', 'This wallet has no credentials key: the saved credential was sealed by another wallet.');
    return openText(base64.decode(key), sealed, aad);
  }

  /**
   * Seals one of the wallet's private records (its storage key as additional data, so a sealed value
   * cannot be moved to another key) under a key derived from the data key in the contents, which is made
   * and stored the first time (./recordKeys.ts). Locked: throws `locked`. The keys never leave the vault;
   * the derived CryptoKeys are kept while unlocked.
   */
  async sealData(plaintext: string, aad: string): Promise<SealedText> {
    return sealWithKey((await this.recordKeys()).seal, plaintext, aad, this.random(12));
  }

  /** Opens a record sealed by `sealData` under the same additional data; `locked` while locked, `corrupted` when it does not open. */
  async openData(sealed: SealedText, aad: string): Promise<string> {
    return openWithKey((await this.recordKeys()).seal, sealed, aad);
  }

  /** The name a private record is stored under: a keyed hash of its logical key, so names show nothing either. */
  async recordName(logical: string): Promise<string> {
    return recordName((await this.recordKeys()).name, logical);
  }

  private async recordKeys(): Promise<RecordKeys> {
    this.requireContents();
    this.dataCryptoKey ??= this.exclusive(async () => {
      let contents = this.requireContents();
      if (!contents.dataKey) {
        const next = vaultContentsSchema.parse({ ...structuredClone(contents), dataKey: base64.encode(this.random(CREDENTIALS_KEY_BYTES)) });
        await this.writeVerified(RECORD_KEY, this.requireMaterial(), next);
        // Not after a lock that came meanwhile: that would open the wallet again.
        if (!this.contents) throw new VaultError('locked', 'The wallet is locked.');
        this.contents = contents = next;
      }
      return recordKeys(base64.decode(contents.dataKey!));
    });
    const pending = this.dataCryptoKey;
    pending.catch(() => {
      if (this.dataCryptoKey === pending) this.dataCryptoKey = null;
    });
    return pending;
  }

  /**
   * Re-encrypts under a new password with a fresh salt. Crash-safe: the new record is written to a
   * staging slot and read back first; only then does one atomic write replace the old record.
   */
  changePassword(oldPassword: string, newPassword: string): Promise<void> {
    return this.exclusive(async () => {
      const weak = passwordWeakness(newPassword);
      if (weak) throw new VaultError('weak_password', `New password too weak: ${weak}.`);
      const contents = await this.decryptWithPassword(oldPassword);
      const material = await this.deriveFresh(newPassword);
      const proven = await this.writeVerified(NEXT_RECORD_KEY, material, contents);
      await this.store.set(RECORD_KEY, proven);
      await this.store.del(NEXT_RECORD_KEY);
      if (this.contents) this.material = material;
    });
  }

  /** The secret key text for backup; asks for the password again, and counts wrong ones. */
  exportSecretKey(password: string, publicKey: string): Promise<string> {
    return this.exclusive(async () => {
      const contents = await this.decryptWithPassword(password);
      const key = contents.keys.find((k) => k.publicKey === publicKey);
      if (!key) throw new VaultError('unknown_key', `no local secret for key ${publicKey}`);
      return key.secretKey;
    });
  }

  exportPhrase(password: string, phraseId: string): Promise<string> {
    return this.exclusive(async () => {
      const contents = await this.decryptWithPassword(password);
      const phrase = contents.phrases.find((p) => p.id === phraseId);
      if (!phrase) throw new VaultError('invalid_input', 'no such recovery phrase');
      return phrase.phrase;
    });
  }

  /** Signs an intent payload and checks its own signature before releasing it. */
  signIntent(publicKey: string, payload: IntentPayload, standard: SigningStandard): SignedIntent {
    const signed = signIntentPayload(this.signingKey(publicKey), payload, standard);
    const check = verifySignedIntent(signed);
    if (!check.ok || check.publicKey !== publicKey) throw new VaultError('invalid_input', 'produced signature failed its own check');
    return signed;
  }

  signMessage(publicKey: string, payload: Nep413Payload): Uint8Array {
    return signNep413(this.signingKey(publicKey), payload);
  }

  /**
   * The unlocked key for `publicKey`, expanded the first time it signs (RFC 8032's scalar, prefix and
   * public point, src/core/expandedKey.ts) so that each later signature costs one curve multiplication
   * instead of three. It stays in this object's memory, like the decrypted contents it comes from, and is
   * wiped on lock and whenever the contents are replaced.
   */
  private signingKey(publicKey: string): ExpandedKey {
    const contents = this.requireContents();
    const kept = this.signingKeys.get(publicKey);
    if (kept) return kept;
    const pair = secretOf(contents, publicKey);
    try {
      const key = expandSeed(pair.secretSeed);
      this.signingKeys.set(publicKey, key);
      return key;
    } finally {
      pair.secretSeed.fill(0);
    }
  }

  private forgetSigningKeys(): void {
    for (const key of this.signingKeys.values()) key.wipe();
    this.signingKeys.clear();
  }

  /** Only inside `exclusive`, so the throttle's check and update cannot interleave with another attempt. */
  private async decryptWithPassword(password: string): Promise<VaultContents> {
    await this.throttle.check();
    const record = await this.readStoredRecord();
    const keyBytes = await deriveKeyBytes(password, base64.decode(record.kdf.salt), record.kdf.iterations);
    try {
      const contents = parseContents(await openRecord(record, keyBytes));
      await this.throttle.succeeded();
      return contents;
    } catch (e) {
      if (e instanceof VaultError && e.code === 'wrong_password') await this.throttle.failed();
      throw e;
    } finally {
      keyBytes.fill(0);
    }
  }

  private async rekey(password: string): Promise<void> {
    const material = await this.deriveFresh(password);
    const proven = await this.writeVerified(NEXT_RECORD_KEY, material, this.requireContents());
    await this.store.set(RECORD_KEY, proven);
    await this.store.del(NEXT_RECORD_KEY);
    this.material = material;
  }

  private async deriveFresh(password: string): Promise<KeyMaterial> {
    const salt = this.random(32);
    return { keyBytes: await deriveKeyBytes(password, salt, this.iterations), salt, iterations: this.iterations };
  }

  /** Writes a record to `slot`, reads it back and decrypts it before reporting success. */
  private async writeVerified(slot: string, material: KeyMaterial, contents: VaultContents): Promise<VaultRecord> {
    const record = await writeRecord(material, utf8.encode(JSON.stringify(contents)), this.random);
    await this.store.set(slot, record);
    const back = readRecord(await this.store.get(slot));
    parseContents(await openRecord(back, material.keyBytes));
    return back;
  }

  private requireContents(): VaultContents {
    if (!this.contents) throw new VaultError('locked', 'The wallet is locked.');
    return this.contents;
  }

  private requireMaterial(): KeyMaterial {
    if (!this.material) throw new VaultError('locked', 'The wallet is locked.');
    return this.material;
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
  if (!parsed.success) throw new VaultError('corrupted', 'The vault decrypted but its contents do not match the expected shape. It was left untouched.');
  return parsed.data;
}
