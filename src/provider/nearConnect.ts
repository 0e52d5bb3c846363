// The near-connect adapter: makes this wallet appear in HOT's near-connect selector (the one
// near-intents.org uses) as an injected wallet, and maps that selector's calls onto the provider.
// Page-facing (runs in the MAIN world with page.ts): imports nothing but ./protocol.
//
// What near-connect expects, read from @hot-labs/near-connect 0.11.4 (npm, repository
// github.com/hot-dao/near-selector; same code in github.com/azbang/near-connect):
// - Discovery (build/NearConnector.js, constructor): the selector does
//   `window.addEventListener("near-wallet-injected", …)` and then
//   `window.dispatchEvent(new Event("near-selector-ready"))`. The handler takes `event.detail` as the
//   wallet itself (`new InjectedWallet(connector, event.detail)`, keyed by `event.detail.manifest.id`;
//   a second announce with the same id replaces the first). README "Injected wallets": a wallet script
//   answers `near-selector-ready` with `window.dispatchEvent(new CustomEvent("near-wallet-injected",
//   { detail: wallet }))`. So: announce at install (a selector already listening) and on every
//   `near-selector-ready` (a selector created later). Both events are on `window`. (Its other path,
//   a `{type: "near-wallet-injected", manifest}` postMessage from a parent frame answered over
//   `near-wallet-injected-request/-response` messages, is for wallets hosting a dApp in an iframe:
//   not used here.)
// - Manifest (build/types/index.d.ts `WalletManifest`): id, platform, name, icon, description,
//   website, version, executor, type ("sandbox" | "injected"), permissions (`WalletPermissions`),
//   features (`WalletFeatures`: signMessage, signTransaction, signAndSendTransaction(s),
//   signInWithoutAddKey, signInAndSignMessage, signInWithFunctionCallKey, signDelegateActions,
//   mainnet, testnet). The selector shows icon, name and the hostname of `website`
//   (popups/NearWalletsPopup.js); `connect()` and `selectWallet({features})` keep only wallets whose
//   features asked for are `true`, and `availableWallets` hides a wallet without `features.testnet`
//   on testnet. An absent feature counts as false.
// - Wallet (`NearWalletBase`, called through InjectedWallet.js which adds `network`):
//   signIn({network, addFunctionCallKey?}) → [{accountId, publicKey?}] (older hot-connector:
//   signIn({network, contractId, methodNames})); signInAndSignMessage({network, messageParams})
//   → [{accountId, publicKey, signedMessage}]; signOut({network}) → void; getAccounts({network})
//   → [{accountId, publicKey?}]; signMessage({message, recipient, nonce: Uint8Array (a Buffer in
//   some dApps), network, signerId?}) → {accountId, publicKey, signature} (NEP-413, signature
//   base64); signAndSendTransaction({receiverId, actions, signerId?, network}),
//   signAndSendTransactions({transactions, network}), signDelegateActions({delegateActions}).
//
// - Events: near-connect 0.11.4 listens to no event of an injected wallet (its connector emits
//   `wallet:signIn`/`wallet:signOut` from its own connect()/disconnect() only). What it reads is
//   getAccounts(): `getConnectedWallet()` and `wallet()` drop the stored selection ("selected-wallet")
//   as soon as it returns no account. So a locked wallet still names the accounts the site was granted
//   (ids only; the keys are locked away), and near-connect's selection survives lock and unlock.
//   For a dApp that listens, the wallet object has `on`/`off` for the events near-connect's types name
//   (`WalletEvents` in build/types/index.d.ts): `accountsChanged` `{accounts}` (a connect, the unlock,
//   another account) and `signedOut` `null` (the site was disconnected, from the wallet or the page);
//   never on lock. A dApp reaches it as `(await connector.wallet()).wallet`.
// - Errors: every rejection carries a code (EIP-1193 / JSON-RPC, ./protocol ERROR_CODES): the
//   provider's own, 4200 for what this wallet does not do, -32602 for arguments it cannot read.
//
// This wallet signs NEP-413 messages and intents only: transactions and delegate actions reject (4200).
import {
  ERROR_CODES,
  type IntentsProvider,
  isProviderError,
  type PageStatus,
  PROVIDER_ICON,
  PROVIDER_NAME,
  type ProviderMethod,
  providerRpcError,
} from './protocol';

export const NEAR_SELECTOR_READY_EVENT = 'near-selector-ready';
export const NEAR_WALLET_INJECTED_EVENT = 'near-wallet-injected';
export const NEAR_WALLET_ID = 'intents-companion';

/** near-connect's SignMessageParams, plus the wallet-selector fields some dApps still pass. */
export interface NearSignMessageParams {
  message: string;
  recipient: string;
  /** 32 bytes: a Uint8Array or Buffer from near-connect; base64 or number[] pass as they are. */
  nonce: ArrayLike<number> | string;
  callbackUrl?: string;
  signerId?: string;
}

/** near-connect's Account: no key while the wallet is locked. */
interface NearAccount {
  accountId: string;
  publicKey?: string;
}

type NearListener = (payload: unknown) => void;

/** `fn`, rejecting only with coded errors: the provider's pass as they are, anything else is -32602. */
function coded<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (e: unknown) {
      throw isProviderError(e)
        ? e
        : providerRpcError({
            code: ERROR_CODES.invalidParams,
            message: `Invalid params: ${PROVIDER_NAME} could not read the arguments`,
          });
    }
  };
}

/**
 * Announces this wallet to near-connect now and whenever a selector dispatches
 * `near-selector-ready`; the announced wallet forwards to `provider`, so every call goes through the
 * relay, the background and its approvals like any other provider request.
 */
export function installNearConnect(win: Window, provider: IntentsProvider): void {
  // Method names as literals (typed by ProviderMethod): METHODS.x would ship the whole table.
  const call = (method: ProviderMethod, params?: unknown) => provider.request({ method, params });
  const status = () => call('intents_status') as Promise<PageStatus>;
  const unsupported = coded(async () => {
    throw providerRpcError({
      code: ERROR_CODES.unsupportedMethod,
      message: `${PROVIDER_NAME} signs intents and messages only, not NEAR transactions`,
    });
  });
  const signIn = coded(() => call('intents_requestAccounts', {}) as Promise<NearAccount[]>);
  // The provider takes the nonce as base64 or number[]: a Uint8Array or Buffer becomes number[]; anything
  // else goes as is, for the background to refuse with -32602.
  const signMessage = coded(
    async ({ message, recipient, nonce, callbackUrl, signerId }: NearSignMessageParams) =>
      call('intents_signMessage', {
        message,
        recipient,
        nonce: nonce && typeof nonce === 'object' ? Array.from(nonce) : nonce,
        callbackUrl,
        accountId: signerId,
      }) as Promise<NearAccount & { signature: string }>,
  );
  const listeners: Record<string, Set<NearListener>> = { accountsChanged: new Set(), signedOut: new Set() };
  const emit = (event: string, payload: unknown) => {
    for (const fn of listeners[event] ?? []) {
      try {
        fn(payload);
      } catch (err) {
        console.error(err);
      }
    }
  };
  provider.on('accountsChanged', (accounts) => {
    const list = accounts as NearAccount[];
    if (list.length) return emit('accountsChanged', { accounts: list });
    // None visible: a lock (still signed in) or a disconnect (signed out); only the wallet knows which.
    if (listeners.signedOut!.size)
      void status().then(
        (s) => s.connected || emit('signedOut', null),
        () => undefined,
      );
  });
  const wallet = {
    manifest: {
      id: NEAR_WALLET_ID,
      name: PROVIDER_NAME,
      icon: PROVIDER_ICON,
      description: 'Signs NEP-413 intents and messages',
      website: 'https://intents-companion.github.io',
      version: '0.1.0',
      executor: '',
      type: 'injected',
      platform: [],
      permissions: {},
      // Absent features are false: no transactions, no function-call keys, no delegate actions, and
      // no testnet (the accounts live on mainnet or on the local simulator).
      features: { signMessage: true, signInWithoutAddKey: true, signInAndSignMessage: true, mainnet: true },
    },
    signIn,
    // Locked, the accounts the site was granted, without keys: near-connect keeps its selection.
    getAccounts: coded(async (): Promise<NearAccount[]> => {
      const accounts = (await call('intents_accounts')) as NearAccount[];
      if (accounts.length) return accounts;
      const s = await status();
      return s.connected ? s.accountIds.map((accountId) => ({ accountId })) : [];
    }),
    // Already disconnected (by the wallet) is signed out: near-connect then forgets its selection.
    signOut: coded(async () => {
      if ((await status()).connected) await call('intents_disconnect', {});
    }),
    signMessage,
    // Two approvals (connect, then the message), signed by the first account granted.
    signInAndSignMessage: coded(async ({ messageParams }: { messageParams: NearSignMessageParams }) => {
      const accounts = await signIn();
      const signedMessage = await signMessage({ ...messageParams, signerId: accounts[0]?.accountId });
      return accounts.map((a) => (a.accountId === signedMessage.accountId ? { ...a, signedMessage } : a));
    }),
    signAndSendTransaction: unsupported,
    signAndSendTransactions: unsupported,
    signDelegateActions: unsupported,
    on(event: string, fn: NearListener) {
      if (typeof fn === 'function') listeners[event]?.add(fn);
    },
    off(event: string, fn: NearListener) {
      listeners[event]?.delete(fn);
    },
  };
  const announce = () => win.dispatchEvent(new CustomEvent(NEAR_WALLET_INJECTED_EVENT, { detail: wallet }));
  win.addEventListener(NEAR_SELECTOR_READY_EVENT, announce);
  announce();
}
