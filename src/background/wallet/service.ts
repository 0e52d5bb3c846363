/**
 * The wallet as the background sees it: the vault, its lock deadline (auto-lock), the selected account.
 * Every key and account change is a named operation of the vault, which alone holds the secrets
 * (docs/architecture.md, "Rooms"). Emits lock/unlock and account changes for the provider events.
 */
import * as z from 'zod/mini';
import type { PasskeySource } from '../../api/passkeys';
import { NO_RECOVERY } from '../../api/statusSnapshot';
import type { AccountView, CreateResult, KeySource, WalletStatus } from '../../api/walletApi';
import { phrase } from '../../core/phrase';
import { type AddedKey, type Vault, VaultError } from '../../vault';
import type { KeyValue } from '../kv';
import type { StorageProblems } from '../problems';
import { checkedRegistration } from '../signing/passkeyRegistration';
import { accountViews } from './accountViews';
import type { AutoLock } from './autoLock';
import { recoveryOf } from './recovery';
import type { SettingsStore } from './settings';
import type { StatusMirror } from './statusMirror';

export const SELECTED_KEY = 'selectedAccount';

export type WalletEvent = { type: 'lock' } | { type: 'unlock' } | { type: 'accountsChanged' };

export interface WalletDeps {
  vault: Vault;
  autoLock: AutoLock;
  settings: SettingsStore;
  local: KeyValue;
  now: () => number;
  problems?: StorageProblems;
  /** Told every status computed: the popup's first screen without a round trip (./statusMirror). */
  mirror?: Pick<StatusMirror, 'begin' | 'write' | 'deadline'>;
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

  /**
   * On worker start: the vault resumes its unlocked session while the lock deadline has not passed;
   * otherwise it is locked (which removes its session). Idempotent.
   */
  restore(): Promise<void> {
    this.restored ??= (async () => {
      // Independent reads are made at once, here and in status() (docs/architecture.md, "Start-up").
      const [deadline] = await Promise.all([this.deps.autoLock.read(), this.deps.settings.plain().catch(() => 0)]);
      if (!deadline || deadline.lockAt <= this.deps.now()) {
        await this.deps.autoLock.clear();
        await this.deps.vault.lock();
        return;
      }
      try {
        if (!(await this.deps.vault.resume())) {
          await this.deps.autoLock.clear();
          return;
        }
        this.lockAt = deadline.lockAt;
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
    const begun = this.deps.mirror?.begin() ?? 0; // what is read from here on is what the mirror may copy
    const vault = this.deps.vault;
    const [settings, , exists, selected] = await Promise.all([
      this.deps.settings.plain(),
      this.deps.settings.checkCredentials(),
      this.storedVault(),
      vault.isUnlocked ? this.selectedAccountId().catch(() => null) : null,
    ]);
    const view = vault.isUnlocked ? vault.view() : null;
    const status: WalletStatus = {
      exists,
      unlocked: vault.isUnlocked,
      accounts: this.accounts(),
      selectedAccountId: view ? (selected ?? (await this.selectedAccountId())) : null, // read again if it failed
      lockAt: vault.isUnlocked ? this.lockAt : null,
      autoLockMinutes: settings.autoLockMinutes,
      phrasesToBackUp: view ? view.phrases.filter((p) => !p.backedUp).map((p) => p.id) : [],
      recovery: view ? recoveryOf(view) : NO_RECOVERY,
      problem: this.problem,
      storeProblems: this.deps.problems?.list() ?? [],
    };
    await this.deps.mirror?.write(status, begun);
    return status;
  }

  /** Whether a vault record exists; a locked vault's is read and checked (a damaged one is the problem). */
  private async storedVault(): Promise<boolean> {
    const { vault } = this.deps;
    let exists = false;
    try {
      exists = await vault.exists();
      if (exists && !vault.isUnlocked) await vault.readStoredRecord();
    } catch (e) {
      if (!(e instanceof VaultError)) throw e;
      this.problem = e.message;
    }
    return exists;
  }

  private async lockIfDue(): Promise<void> {
    if (this.deps.vault.isUnlocked && this.lockAt !== null && this.lockAt <= this.deps.now()) await this.lock();
  }

  async create(password: string, source: KeySource | PasskeySource): Promise<CreateResult> {
    // A passkey is checked before the wallet exists: a refused one leaves no half-made wallet.
    let added: AddedKey | null = null;
    let selected: string | null;
    if (source.kind === 'passkey') {
      const passkey = await checkedRegistration(source.registration, globalThis.crypto.subtle);
      await this.deps.vault.create(password);
      selected = await this.deps.vault.addPasskeyAccount(passkey);
    } else {
      added = await this.deps.vault.create(password, source);
      selected = added?.accountId ?? null;
    }
    await this.startSession();
    await this.sealWaitingCredentials();
    await this.deps.local.write(SELECTED_KEY, selected);
    this.emit({ type: 'unlock' });
    return { status: await this.status(), ...phraseOf(added) };
  }

  async unlock(password: string): Promise<WalletStatus> {
    try {
      await this.deps.vault.unlock(password);
    } catch (e) {
      if (e instanceof VaultError && (e.code === 'corrupted' || e.code === 'unsupported_version'))
        this.problem = e.message;
      throw e;
    }
    this.problem = null;
    await this.startSession();
    await this.sealWaitingCredentials();
    this.emit({ type: 'unlock' });
    return this.status();
  }

  /** Re-encrypts the vault under a new password (the vault's session then holds the new key); counts as activity. */
  async changePassword(oldPassword: string, newPassword: string): Promise<WalletStatus> {
    await this.deps.vault.changePassword(oldPassword, newPassword);
    await this.startSession();
    return this.status();
  }

  // Credentials entered while locked, or left in plaintext by an older version, are sealed now that
  // the credentials key is at hand. A failure leaves them waiting for the next unlock, and says so.
  private async sealWaitingCredentials(): Promise<void> {
    try {
      await this.deps.settings.sealWaiting();
      this.deps.problems?.clear('credentials.seal');
    } catch {
      this.deps.problems?.report(
        'credentials',
        'credentials.seal',
        'Your service credentials could not be encrypted yet; the wallet tries again at the next unlock.',
        phrase('storeProblem_credentialsNotSealed'),
      );
    }
  }

  async lock(): Promise<WalletStatus> {
    const was = this.deps.vault.isUnlocked;
    const locking = this.deps.vault.lock();
    this.lockAt = null;
    await Promise.all([locking, this.deps.autoLock.clear()]);
    if (was) this.emit({ type: 'lock' });
    return this.status();
  }

  /** A new lock deadline while unlocked (after create, unlock, a password change). */
  private async startSession(): Promise<void> {
    if (!this.deps.vault.isUnlocked) return;
    const { autoLockMinutes } = await this.deps.settings.plain();
    this.lockAt = await this.deps.autoLock.start(autoLockMinutes);
  }

  /** Marks activity: the idle timer and the popup's snapshot get a new deadline. Throws `locked` when locked. */
  async touch(): Promise<void> {
    await this.restore();
    await this.lockIfDue();
    if (!this.deps.vault.isUnlocked) throw new VaultError('locked', 'The wallet is locked.');
    const { autoLockMinutes } = await this.deps.settings.plain();
    const was = this.lockAt;
    this.lockAt = (await this.deps.autoLock.touch(autoLockMinutes)) ?? this.lockAt;
    // The mirror never throws: a failed write only leaves the popup's snapshot older.
    if (this.lockAt !== null && this.lockAt !== was) await this.deps.mirror?.deadline(this.lockAt);
  }

  get vault(): Vault {
    return this.deps.vault;
  }

  accounts(): AccountView[] {
    return this.deps.vault.isUnlocked ? accountViews(this.deps.vault.view()) : [];
  }

  account(accountId: string): AccountView {
    if (!this.deps.vault.isUnlocked) throw new VaultError('locked', 'The wallet is locked.');
    const account = this.accounts().find((a) => a.accountId === accountId);
    if (!account) throw new VaultError('invalid_input', `No account '${accountId}' in this wallet.`);
    return account;
  }

  /** The passkey whose key is `publicKey`, if this wallet holds one (its public half: there is no other). */
  passkeyOf(publicKey: string): { publicKey: string; credentialId: string; name: string } | undefined {
    if (!this.deps.vault.isUnlocked) return undefined;
    return this.deps.vault.view().passkeys.find((p) => p.publicKey === publicKey);
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

  async addAccount(
    source: KeySource | PasskeySource | { kind: 'named'; accountId: string; publicKey: string } | { kind: 'derive' },
    label?: string,
  ): Promise<CreateResult> {
    if (source.kind === 'passkey') {
      const passkey = await checkedRegistration(source.registration, globalThis.crypto.subtle);
      const accountId = await this.change((vault) => vault.addPasskeyAccount(passkey, label));
      await this.deps.local.write(SELECTED_KEY, accountId);
      return { status: await this.status() };
    }
    const added = await this.change((vault) =>
      source.kind === 'named'
        ? vault.addNamedAccount(source.accountId, source.publicKey, label).then(() => null)
        : vault.addAccount(source, label),
    );
    return { status: await this.status(), ...phraseOf(added) };
  }

  renameAccount(accountId: string, label: string): Promise<WalletStatus> {
    return this.changed((vault) => vault.renameAccount(accountId, label));
  }

  removeAccount(accountId: string): Promise<WalletStatus> {
    return this.changed((vault) => vault.removeAccount(accountId));
  }

  /** The user wrote the phrase down (the backup step checked some of its words). */
  confirmBackup(phraseId: string): Promise<WalletStatus> {
    return this.changed((vault) => vault.markPhraseBackedUp(phraseId));
  }

  /**
   * A change of keys or accounts, made by the vault while unlocked (`locked` otherwise): the idle timer
   * moves and the pages hear `accountsChanged`.
   */
  async change<T>(operation: (vault: Vault) => Promise<T>): Promise<T> {
    await this.touch();
    const result = await operation(this.deps.vault);
    this.emit({ type: 'accountsChanged' });
    return result;
  }

  private async changed(operation: (vault: Vault) => Promise<void>): Promise<WalletStatus> {
    await this.change(operation);
    return this.status();
  }
}

/** The words of a phrase the vault has just made, for the backup step (only for `newPhrase`). */
function phraseOf(added: AddedKey | null): Pick<CreateResult, 'phrase'> {
  return added?.phrase ? { phrase: added.phrase } : {};
}
