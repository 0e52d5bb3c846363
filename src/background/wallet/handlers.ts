/** The wallet API (src/api/walletApi.ts) for the extension's own pages, one handler per method. */

import type { ActivityPage, ActivityQuery } from '../../api/activity';
import type { ConnectedSite, WalletMethod, WalletResults, WalletStatus } from '../../api/walletApi';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';
import type { KeyManager } from '../signing/keyManager';
import type { BalancesService } from './balances';
import type { WalletParams } from './params';
import type { SendService } from './send';
import type { WalletService } from './service';
import type { SettingsStore } from './settings';

export interface WalletHandlerDeps {
  wallet: WalletService;
  keys: KeyManager;
  settings: SettingsStore;
  sites: { list(): Promise<ConnectedSite[]>; revoke(origin: string): Promise<void> };
  balances: BalancesService;
  sends: SendService;
  /** Swaps and the wallet's own published intents, merged (../activity/merge). */
  activity: (q: ActivityQuery) => Promise<ActivityPage>;
  /** Removes an account and what was its (./removeAccount). */
  removeAccount: (accountId: string) => Promise<WalletStatus>;
}

/** One handler per method, each answering what the shared table says (WalletResults). */
type Handlers = { [K in WalletMethod]: (params: WalletParams[K]) => Promise<WalletResults[K]> };

export function walletHandlers({
  wallet,
  keys,
  settings,
  sites,
  balances,
  sends,
  activity,
  removeAccount,
}: WalletHandlerDeps): Handlers {
  const status = (): Promise<WalletStatus> => wallet.status();
  /** The account asked about: the one named (it must be this wallet's), else the selected one. */
  const accountOf = async (accountId: string | undefined) => {
    const id = accountId ?? (await wallet.selectedAccountId());
    if (!id) throw new ProviderError(ERROR_CODES.unauthorized, 'Unlock the wallet and choose an account first');
    return wallet.account(id).accountId;
  };
  return {
    wallet_status: status,
    wallet_create: (p) => wallet.create(p.password, p.source),
    wallet_unlock: (p) => wallet.unlock(p.password),
    wallet_lock: () => wallet.lock(),
    wallet_changePassword: (p) => wallet.changePassword(p.oldPassword, p.newPassword),
    wallet_setAutoLock: async (p) => {
      await settings.change({ autoLockMinutes: p.minutes });
      if (wallet.vault.isUnlocked) await wallet.touch();
      return status();
    },
    wallet_exportKey: async (p) => ({ secretKey: await wallet.vault.exportSecretKey(p.password, p.publicKey) }),
    wallet_exportPhrase: async (p) => ({ words: (await wallet.vault.exportPhrase(p.password, p.phraseId)).split(' ') }),
    wallet_confirmBackup: (p) => wallet.confirmBackup(p.phraseId),
    wallet_addAccount: (p) => wallet.addAccount(p.source, p.label),
    wallet_renameAccount: (p) => wallet.renameAccount(p.accountId, p.label),
    wallet_removeAccount: (p) => removeAccount(p.accountId),
    wallet_selectAccount: (p) => wallet.selectAccount(p.accountId),
    wallet_listKeys: (p) => keys.list(p.accountId),
    wallet_addKey: (p) => keys.add(p.accountId, p.publicKey),
    wallet_removeKey: (p) => keys.remove(p.accountId, p.publicKey, p.confirmRemovingSigningKey),
    wallet_useSigningKey: async (p) => {
      await keys.useForSigning(p.accountId, p.publicKey, p.acceptUnverified === true);
      return status();
    },
    wallet_getSettings: () => settings.view(),
    wallet_setSettings: (p) => settings.change(p),
    wallet_listSites: () => sites.list(),
    wallet_revokeSite: async (p) => {
      await sites.revoke(p.origin);
      return sites.list();
    },
    wallet_balances: async (p) => balances.fetch(await accountOf(p.accountId)),
    wallet_keptBalances: async (p) => {
      const kept = await balances.kept(await accountOf(p.accountId));
      return kept ? { ...kept, stale: true, error: null } : null;
    },
    wallet_previewSend: async ({ accountId, ...p }) => sends.preview(await accountOf(accountId), p),
    wallet_send: async (p) =>
      sends.send(await accountOf(p.accountId), {
        reviewed: p.reviewed,
        acknowledgeDanger: p.acknowledgeDanger === true,
      }),
    wallet_intentStatus: (p) => sends.status(p.intentHash),
    wallet_activity: (p) => activity(p),
  };
}
