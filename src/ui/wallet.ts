// The popup's typed client for the wallet API (src/provider/walletApi.ts): one function per WALLET
// method. Each resolves to its result or throws a WalletError whose message is written for people.
import type { ProviderErrorShape } from '../provider/protocol';
import {
  WALLET,
  type AddAccountParams,
  type AddKeyParams,
  type ConnectedSite,
  type CreateParams,
  type CreateResult,
  type KeyChangeResult,
  type KeyListing,
  type RemoveKeyParams,
  type SettingsChange,
  type SettingsView,
  type WalletMethod,
  type WalletStatus,
} from '../provider/walletApi';
import { askBackground } from './messaging';

export class WalletError extends Error {
  override readonly name = 'WalletError';
  readonly code: number;
  readonly data: unknown;
  constructor(error: ProviderErrorShape) {
    super(error.message);
    this.code = error.code;
    this.data = error.data;
  }
}

/** The message to show for anything an action threw. */
export function messageOf(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return 'Something went wrong';
}

async function call(method: WalletMethod, params?: unknown): Promise<unknown> {
  const reply = await askBackground(params === undefined ? { type: 'request', method } : { type: 'request', method, params });
  if (!reply.ok) throw new WalletError(reply.error);
  return reply.result;
}

/** A secret the background answers either as a bare string or as `{ [field]: string }`. */
function secretText(result: unknown, field: string): string {
  if (typeof result === 'string') return result;
  if (typeof result === 'object' && result !== null) {
    const value = (result as Record<string, unknown>)[field];
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && value.every((w) => typeof w === 'string')) return value.join(' ');
  }
  throw new Error('The extension sent an answer this page does not understand');
}

export const wallet = {
  status: () => call(WALLET.status) as Promise<WalletStatus>,
  create: (params: CreateParams) => call(WALLET.create, params) as Promise<CreateResult>,
  unlock: async (password: string): Promise<void> => void (await call(WALLET.unlock, { password })),
  lock: async (): Promise<void> => void (await call(WALLET.lock)),
  changePassword: async (oldPassword: string, newPassword: string): Promise<void> =>
    void (await call(WALLET.changePassword, { oldPassword, newPassword })),
  exportKey: async (publicKey: string, password: string): Promise<string> =>
    secretText(await call(WALLET.exportKey, { publicKey, password }), 'secretKey'),
  exportPhrase: async (phraseId: string, password: string): Promise<string[]> =>
    secretText(await call(WALLET.exportPhrase, { phraseId, password }), 'words').split(/\s+/).filter(Boolean),
  confirmBackup: async (phraseId: string): Promise<void> => void (await call(WALLET.confirmBackup, { phraseId })),
  addAccount: async (params: AddAccountParams): Promise<void> => void (await call(WALLET.addAccount, params)),
  renameAccount: async (accountId: string, label: string): Promise<void> =>
    void (await call(WALLET.renameAccount, { accountId, label })),
  removeAccount: async (accountId: string): Promise<void> => void (await call(WALLET.removeAccount, { accountId })),
  selectAccount: async (accountId: string): Promise<void> => void (await call(WALLET.selectAccount, { accountId })),
  listKeys: (accountId: string) => call(WALLET.listKeys, { accountId }) as Promise<KeyListing>,
  addKey: (params: AddKeyParams) => call(WALLET.addKey, params) as Promise<KeyChangeResult>,
  removeKey: (params: RemoveKeyParams) => call(WALLET.removeKey, params) as Promise<KeyChangeResult>,
  useSigningKey: async (accountId: string, publicKey: string): Promise<void> =>
    void (await call(WALLET.useSigningKey, { accountId, publicKey })),
  getSettings: () => call(WALLET.getSettings) as Promise<SettingsView>,
  setSettings: async (change: SettingsChange): Promise<void> => void (await call(WALLET.setSettings, change)),
  listSites: () => call(WALLET.listSites) as Promise<ConnectedSite[]>,
  revokeSite: (origin: string) => call(WALLET.revokeSite, { origin }) as Promise<ConnectedSite[]>,
};
