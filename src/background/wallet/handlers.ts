/** The wallet API (src/api/walletApi.ts) for the extension's own pages, one handler per method. */

import type { ConnectedSite, SettingsView, WalletMethod, WalletResults, WalletStatus } from '../../api/walletApi';
import { ERROR_CODES } from '../../provider/protocol';
import type { Activity } from '../activity/merge';
import { ProviderError } from '../providerError';
import type { KeyChangeReviews } from '../signing/keyChangeReview';
import type { KeyManager } from '../signing/keyManager';
import type { BalancesService } from './balances';
import type { WalletParams } from './params';
import type { PhraseAccounts } from './phraseAccounts';
import type { ReceiveService } from './receive';
import type { AccountRemoval } from './removeAccount';
import type { SendService } from './send';
import type { WalletService } from './service';
import type { SettingsStore } from './settings';
import type { SettingsChangeInput } from './settingsModel';
import type { SimulatorFinder } from './simulatorDiscovery';

export interface WalletHandlerDeps {
  wallet: WalletService;
  keys: KeyManager;
  /** Key changes reviewed first (a passkey-signed account's). */
  keyChanges: Pick<KeyChangeReviews, 'review' | 'confirm'>;
  settings: SettingsStore;
  sites: { list(): Promise<ConnectedSite[]>; revoke(origin: string): Promise<void> };
  balances: BalancesService;
  sends: SendService;
  /** Swaps and the wallet's own published intents, merged (../activity/merge). */
  activity: Pick<Activity, 'page'>;
  /** Removes an account and what was its (./removeAccount). */
  removal: Pick<AccountRemoval, 'remove'>;
  /** Applies a settings change and what follows from it (pages hear of another network): ../start.ts. */
  applySettings: (change: SettingsChangeInput) => Promise<SettingsView>;
  simulator: Pick<SimulatorFinder, 'find'>;
  /** Reusable deposit addresses (./receive). */
  receive: Pick<ReceiveService, 'address' | 'deposits'>;
  /** A restored phrase's further accounts (./phraseAccounts.ts). */
  phraseAccounts: Pick<PhraseAccounts, 'find'>;
  /** Erases the wallet from this device (./erase.ts). */
  erase: () => Promise<{ erased: true }>;
}

/** One handler per method, each answering what the shared table says (WalletResults). */
type Handlers = { [K in WalletMethod]: (params: WalletParams[K]) => Promise<WalletResults[K]> };

export class WalletApi {
  constructor(private readonly d: WalletHandlerDeps) {}

  private status(): Promise<WalletStatus> {
    return this.d.wallet.status();
  }

  /** The account asked about: the one named (it must be this wallet's), else the selected one. */
  private async accountOf(accountId: string | undefined): Promise<string> {
    const { wallet } = this.d;
    const id = accountId ?? (await wallet.selectedAccountId());
    if (!id) throw new ProviderError(ERROR_CODES.unauthorized, 'Unlock the wallet and choose an account first');
    return wallet.account(id).accountId;
  }

  /** One handler per method, each answering what the shared table says (WalletResults). */
  readonly handlers: Handlers = {
    wallet_status: () => this.status(),
    wallet_create: async (p) => {
      const made = await this.d.wallet.create(p.password, p.source);
      if (p.source.kind !== 'importPhrase') return made;
      const found = await this.d.phraseAccounts.find();
      return { ...made, status: found.accounts > 0 ? await this.status() : made.status, found };
    },
    wallet_unlock: (p) => this.d.wallet.unlock(p.password),
    wallet_lock: () => this.d.wallet.lock(),
    wallet_changePassword: (p) => this.d.wallet.changePassword(p.oldPassword, p.newPassword),
    wallet_setAutoLock: async (p) => {
      await this.d.settings.change({ autoLockMinutes: p.minutes });
      if (this.d.wallet.vault.isUnlocked) await this.d.wallet.touch();
      return this.status();
    },
    wallet_exportKey: async (p) => ({ secretKey: await this.d.wallet.vault.exportSecretKey(p.password, p.publicKey) }),
    wallet_exportPhrase: async (p) => ({
      words: (await this.d.wallet.vault.exportPhrase(p.password, p.phraseId)).split(' '),
    }),
    wallet_erase: () => this.d.erase(),
    wallet_confirmBackup: (p) => this.d.wallet.confirmBackup(p.phraseId),
    wallet_addAccount: (p) => this.d.wallet.addAccount(p.source, p.label),
    wallet_renameAccount: (p) => this.d.wallet.renameAccount(p.accountId, p.label),
    wallet_removeAccount: (p) => this.d.removal.remove(p.accountId),
    wallet_selectAccount: (p) => this.d.wallet.selectAccount(p.accountId),
    wallet_listKeys: (p) => this.d.keys.list(p.accountId),
    wallet_addKey: (p) =>
      p.passkey ? this.d.keys.addPasskey(p.accountId, p.passkey) : this.d.keys.add(p.accountId, p.publicKey),
    wallet_removeKey: (p) => this.d.keys.remove(p.accountId, p.publicKey, p.confirmRemovingSigningKey),
    wallet_reviewKeyChange: (p) => this.d.keyChanges.review(p.accountId, p.change),
    wallet_confirmKeyChange: (p) =>
      this.d.keyChanges.confirm(p.accountId, {
        reviewed: p.reviewed,
        acknowledgeDanger: p.acknowledgeDanger === true,
        passkey: p.passkey,
      }),
    wallet_useSigningKey: async (p) => {
      await this.d.keys.useForSigning(p.accountId, p.publicKey, p.acceptUnverified === true);
      return this.status();
    },
    wallet_getSettings: () => this.d.settings.view(),
    wallet_setSettings: (p) => this.d.applySettings(p),
    wallet_findSimulator: async (p) => {
      const { port, change } = await this.d.simulator.find(p.port);
      return { port, settings: await this.d.applySettings(change) };
    },
    wallet_listSites: () => this.d.sites.list(),
    wallet_revokeSite: async (p) => {
      await this.d.sites.revoke(p.origin);
      return this.d.sites.list();
    },
    wallet_balances: async (p) => this.d.balances.fetch(await this.accountOf(p.accountId)),
    wallet_keptBalances: async (p) => {
      const kept = await this.d.balances.kept(await this.accountOf(p.accountId));
      return kept ? { ...kept, stale: true, error: null } : null;
    },
    wallet_previewSend: async ({ accountId, ...p }) => this.d.sends.preview(await this.accountOf(accountId), p),
    wallet_send: async (p) =>
      this.d.sends.send(await this.accountOf(p.accountId), {
        reviewed: p.reviewed,
        acknowledgeDanger: p.acknowledgeDanger === true,
        passkey: p.passkey,
      }),
    wallet_intentStatus: (p) => this.d.sends.status(p.intentHash),
    wallet_activity: (p) => this.d.activity.page(p),
    wallet_receiveAddress: async (p) => this.d.receive.address(await this.accountOf(p.accountId), p.assetId),
    wallet_receiveDeposits: async (p) => this.d.receive.deposits(await this.accountOf(p.accountId), p.assetId),
  };
}
