/**
 * The wallet as the background sees it: the vault, its unlocked session and auto-lock, the selected
 * account. Emits lock/unlock and account changes for the provider events.
 */
import * as z from 'zod/mini';
import { type KeyPair, type Random, generateKeyPair, implicitAccountId, isImplicitAccountId, parsePublicKey, parseSecretKey } from '../../core';
import type { AccountView, CreateResult, KeySource, WalletStatus } from '../../provider/walletApi';
import {
  LEDGER_DERIVATION_PATH,
  Vault,
  VaultError,
  type VaultContents,
  addKey,
  emptyContents,
  generatePhrase,
  keyPairFromPhrase,
} from '../../vault';
import type { AutoLock } from './autoLock';
import type { KeyValue } from '../kv';
import type { SettingsStore } from './settings';
import type { StatusMirror } from './statusMirror';
import type { StorageProblems } from '../problems';

const SELECTED_KEY = 'selectedAccount';

export type WalletEvent = { type: 'lock' } | { type: 'unlock' } | { type: 'accountsChanged' };

export interface WalletDeps {
  vault: Vault;
  autoLock: AutoLock;
  settings: SettingsStore;
  local: KeyValue;
  random: Random;
  now: () => number;
  /** The BIP-39 English word list (loaded on demand: see src/vault/phrase.ts). */
  wordlist: () => Promise<string[]>;
  problems?: StorageProblems;
  /** Told every status computed: the popup's first screen without a round trip (./statusMirror). */
  mirror?: StatusMirror;
}

export class WalletService {
  private problem: string | null = null;
  private lockAt: number | null = null;
  private listeners = new Set<(e: WalletEvent) => void>();
  private restored: Promise<void> | null = null;

  constructor(private readonly deps: WalletDeps) {}

  onEvent(fn: (e: WalletEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(e: WalletEvent): void {
    for (const fn of this.listeners) fn(e);
  }

  /** On worker start: resume an unlocked session whose deadline has not passed. Idempotent. */
  restore(): Promise<void> {
    this.restored ??= (async () => {
      const session = await this.deps.autoLock.read();
      if (!session) return;
      if (session.lockAt <= this.deps.now()) {
        await this.deps.autoLock.clear();
        return;
      }
      try {
        await this.deps.vault.resume(session.vault);
        this.lockAt = session.lockAt;
      } catch (e) {
        await this.deps.autoLock.clear();
        if (e instanceof VaultError && e.code === 'corrupted') this.problem = e.message;
        return;
      }
      await this.sealWaitingCredentials();
    })();
    return this.restored;
  }

  async status(): Promise<WalletStatus> {
    await this.restore();
    await this.lockIfDue();
    const vault = this.deps.vault;
    const [settings] = await Promise.all([this.deps.settings.plain(), this.deps.settings.checkCredentials()]);
    let exists = false;
    try {
      exists = await vault.exists();
      if (exists && !vault.isUnlocked) await vault.readStoredRecord();
    } catch (e) {
      if (e instanceof VaultError) this.problem = e.message;
      else throw e;
    }
    const view = vault.isUnlocked ? vault.view() : null;
    const status: WalletStatus = {
      exists,
      unlocked: vault.isUnlocked,
      accounts: view ? view.accounts.map((a): AccountView => ({ ...a, publicKeys: [...a.publicKeys] })) : [],
      selectedAccountId: view ? await this.selectedAccountId() : null,
      lockAt: vault.isUnlocked ? this.lockAt : null,
      autoLockMinutes: settings.autoLockMinutes,
      phrasesToBackUp: view ? view.phrases.filter((p) => !p.backedUp).map((p) => p.id) : [],
      problem: this.problem,
      storeProblems: this.deps.problems?.list() ?? [],
    };
    await this.deps.mirror?.write(status);
    return status;
  }

  private async lockIfDue(): Promise<void> {
    if (this.deps.vault.isUnlocked && this.lockAt !== null && this.lockAt <= this.deps.now()) await this.lock();
  }

  /**
   * Derives the first key for `source` (phrase derivation is asynchronous WebCrypto) and returns how
   * to add it to contents, and the phrase when one was made.
   */
  private async keyFor(source: KeySource, wordlist: string[], label?: string): Promise<(contents: VaultContents) => { contents: VaultContents; phrase?: { id: string; words: string[] } }> {
    const now = new Date(this.deps.now());
    switch (source.kind) {
      case 'generate': {
        const pair = generateKeyPair(this.deps.random);
        return (contents) => ({ contents: addKey(contents, { pair, source: 'generated' }, now, undefined, label) });
      }
      case 'newPhrase': {
        const phrase = generatePhrase(this.deps.random, wordlist, source.words);
        const pair = await keyPairFromPhrase(phrase, wordlist);
        return (contents) => this.withPhrase(contents, pair, phrase, false, now, label);
      }
      case 'importPhrase': {
        const pair = await keyPairFromPhrase(source.phrase, wordlist);
        return (contents) => this.withPhrase(contents, pair, source.phrase, true, now, label);
      }
      case 'importKey': {
        let pair: KeyPair;
        try {
          pair = parseSecretKey(source.secretKey);
        } catch (e) {
          throw new VaultError('invalid_input', `That secret key cannot be used: ${(e as Error).message}.`);
        }
        if (source.accountId && isImplicitAccountId(source.accountId) && source.accountId !== implicitAccountId(pair.publicKey)) {
          throw new VaultError('invalid_input', 'That implicit account id does not belong to this key.');
        }
        return (contents) => ({ contents: addKey(contents, { pair, source: 'imported' }, now, source.accountId, label) });
      }
    }
  }

  private withPhrase(contents: VaultContents, pair: KeyPair, phrase: string, backedUp: boolean, now: Date, label?: string) {
    const id = implicitAccountId(pair.publicKey).slice(0, 16);
    const normal = phrase.trim().split(/\s+/).map((w) => w.toLowerCase());
    const withKey = addKey(contents, { pair, source: 'phrase', phraseId: id, derivationPath: LEDGER_DERIVATION_PATH }, now, undefined, label);
    const phrases = withKey.phrases.some((p) => p.id === id)
      ? withKey.phrases
      : [...withKey.phrases, { id, phrase: normal.join(' '), createdAt: now.toISOString(), backedUp }];
    return { contents: { ...withKey, phrases }, ...(backedUp ? {} : { phrase: { id, words: normal } }) };
  }

  /** The word list, only for the sources that need it. */
  private wordsFor(source: { kind: string }): Promise<string[]> {
    return source.kind === 'newPhrase' || source.kind === 'importPhrase' ? this.deps.wordlist() : Promise.resolve([]);
  }

  async create(password: string, source: KeySource): Promise<CreateResult> {
    const { contents, phrase } = (await this.keyFor(source, await this.wordsFor(source)))(emptyContents());
    await this.deps.vault.create(password, contents);
    await this.startSession();
    await this.sealWaitingCredentials();
    await this.deps.local.write(SELECTED_KEY, contents.accounts[0]?.accountId ?? null);
    this.emit({ type: 'unlock' });
    return { status: await this.status(), ...(phrase ? { phrase } : {}) };
  }

  async unlock(password: string): Promise<WalletStatus> {
    try {
      await this.deps.vault.unlock(password);
    } catch (e) {
      if (e instanceof VaultError && (e.code === 'corrupted' || e.code === 'unsupported_version')) this.problem = e.message;
      throw e;
    }
    this.problem = null;
    // After a rekey inside vault.unlock too: the session stores the key the record now opens with.
    await this.startSession();
    await this.sealWaitingCredentials();
    this.emit({ type: 'unlock' });
    return this.status();
  }

  /**
   * Re-encrypts the vault under a new password. The derived key changes, so an unlocked session
   * stores the new one in storage.session: a restarted worker resumes with the key that opens the
   * record (the old one no longer does).
   */
  async changePassword(oldPassword: string, newPassword: string): Promise<WalletStatus> {
    await this.deps.vault.changePassword(oldPassword, newPassword);
    if (this.deps.vault.isUnlocked) await this.startSession();
    return this.status();
  }

  /**
   * Credentials entered while locked, or left in plaintext by an older version, are sealed now that
   * the credentials key is at hand. A failure leaves them waiting for the next unlock, and says so.
   */
  private async sealWaitingCredentials(): Promise<void> {
    try {
      await this.deps.settings.sealWaiting();
      this.deps.problems?.clear('credentials.seal');
    } catch {
      this.deps.problems?.report('credentials', 'credentials.seal', 'Your service credentials could not be encrypted yet; the wallet tries again at the next unlock.');
    }
  }

  async lock(): Promise<WalletStatus> {
    const was = this.deps.vault.isUnlocked;
    this.deps.vault.lock();
    this.lockAt = null;
    await this.deps.autoLock.clear();
    if (was) this.emit({ type: 'lock' });
    return this.status();
  }

  private async startSession(): Promise<void> {
    const session = this.deps.vault.session();
    if (!session) return;
    const { autoLockMinutes } = await this.deps.settings.plain();
    this.lockAt = await this.deps.autoLock.start(session, autoLockMinutes);
  }

  /** Marks activity: the idle timer and the popup's snapshot get a new deadline. Throws `locked` when locked. */
  async touch(): Promise<void> {
    await this.restore();
    await this.lockIfDue();
    if (!this.deps.vault.isUnlocked) throw new VaultError('locked', 'The wallet is locked.');
    const { autoLockMinutes } = await this.deps.settings.plain();
    const was = this.lockAt;
    this.lockAt = (await this.deps.autoLock.touch(autoLockMinutes)) ?? this.lockAt;
    if (this.lockAt !== null && this.lockAt !== was) await this.deps.mirror?.deadline(this.lockAt); // never throws
  }

  get vault(): Vault {
    return this.deps.vault;
  }

  accounts(): AccountView[] {
    return this.deps.vault.isUnlocked ? this.deps.vault.view().accounts : [];
  }

  account(accountId: string): AccountView {
    if (!this.deps.vault.isUnlocked) throw new VaultError('locked', 'The wallet is locked.');
    const account = this.accounts().find((a) => a.accountId === accountId);
    if (!account) throw new VaultError('invalid_input', `No account '${accountId}' in this wallet.`);
    return account;
  }

  async selectedAccountId(): Promise<string | null> {
    const accounts = this.accounts();
    const stored = await this.deps.local.readOr(SELECTED_KEY, z.nullable(z.string()), null);
    if (stored && accounts.some((a) => a.accountId === stored)) return stored;
    return accounts[0]?.accountId ?? null;
  }

  async selectAccount(accountId: string): Promise<WalletStatus> {
    this.account(accountId);
    await this.deps.local.write(SELECTED_KEY, accountId);
    this.emit({ type: 'accountsChanged' });
    return this.status();
  }

  async addAccount(source: KeySource | { kind: 'named'; accountId: string; publicKey: string }, label?: string): Promise<CreateResult> {
    await this.touch();
    const wordlist = await this.wordsFor(source);
    const build = source.kind === 'named' ? null : await this.keyFor(source, wordlist, label);
    let phrase: { id: string; words: string[] } | undefined;
    await this.deps.vault.update((contents) => {
      if (source.kind === 'named') {
        parsePublicKey(source.publicKey);
        const owner = contents.accounts.find((a) => a.publicKeys.includes(source.publicKey));
        if (!owner) throw new VaultError('unknown_key', 'Pick one of this wallet’s keys for the named account.');
        if (contents.accounts.some((a) => a.accountId === source.accountId)) {
          throw new VaultError('invalid_input', `The account ${source.accountId} is already in this wallet.`);
        }
        const key = contents.keys.find((k) => k.publicKey === source.publicKey)!;
        return addKey(contents, { pair: parseSecretKey(key.secretKey), source: key.source }, new Date(this.deps.now()), source.accountId, label);
      }
      const made = build!(contents);
      phrase = made.phrase;
      return made.contents;
    });
    this.emit({ type: 'accountsChanged' });
    return { status: await this.status(), ...(phrase ? { phrase } : {}) };
  }

  async update(change: (c: VaultContents) => VaultContents): Promise<WalletStatus> {
    await this.touch();
    await this.deps.vault.update(change);
    this.emit({ type: 'accountsChanged' });
    return this.status();
  }
}
