// The near-connect adapter, driven the way @hot-labs/near-connect 0.11.4 drives an injected wallet:
// the selector listens for `near-wallet-injected` on window, dispatches `near-selector-ready`, and then
// calls the wallet in the event's `detail` (build/NearConnector.js, build/InjectedWallet.js).
import { describe, expect, it, vi } from 'vitest';
import {
  installNearConnect,
  NEAR_SELECTOR_READY_EVENT,
  NEAR_WALLET_ID,
  NEAR_WALLET_INJECTED_EVENT,
} from '../../../src/provider/nearConnect';
import {
  type IntentsProvider,
  PROVIDER_ICON,
  PROVIDER_NAME,
  type RequestArguments,
} from '../../../src/provider/protocol';

const ACCOUNT = { accountId: 'alice.near', publicKey: 'ed25519:6E8sCci9badyRkXb3JoRpBj5p8C6Tw41ELDZoiihKEtp' };
const SIGNED = { ...ACCOUNT, signature: 'c2lnbmF0dXJl' };

/** What near-connect types as NearWalletBase (the part this test calls). */
interface Wallet {
  manifest: Record<string, unknown> & { id: string; features: Record<string, boolean> };
  signIn(data?: unknown): Promise<unknown>;
  signInAndSignMessage(data: unknown): Promise<unknown>;
  signOut(data?: unknown): Promise<unknown>;
  getAccounts(data?: unknown): Promise<unknown>;
  signMessage(params: unknown): Promise<unknown>;
  signAndSendTransaction(params: unknown): Promise<unknown>;
  signAndSendTransactions(params: unknown): Promise<unknown>;
  signDelegateActions(params: unknown): Promise<unknown>;
  on(event: string, fn: (payload: unknown) => void): void;
  off(event: string, fn: (payload: unknown) => void): void;
}

function fakeProvider(answer: (args: RequestArguments) => unknown = () => null) {
  const request = vi.fn(async (args: RequestArguments) => answer(args));
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const provider: IntentsProvider = {
    isIntentsCompanion: true,
    request,
    on: (event, fn) => {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
      return provider;
    },
    off: () => provider,
  };
  /** What the relay does with an event the background pushed. */
  const fire = (event: string, data: unknown) => {
    for (const fn of listeners.get(event) ?? []) fn(data);
  };
  return { provider, request, fire };
}

/** A window that is only an EventTarget, and a selector listening on it like near-connect does. */
function setup(answer?: (args: RequestArguments) => unknown, { selectorFirst = true } = {}) {
  const win = new EventTarget();
  const announced: Wallet[] = [];
  const listen = () =>
    win.addEventListener(NEAR_WALLET_INJECTED_EVENT, (e) => announced.push((e as CustomEvent<Wallet>).detail));
  if (selectorFirst) listen();
  const { provider, request, fire } = fakeProvider(answer);
  installNearConnect(win as unknown as Window, provider);
  if (!selectorFirst) listen();
  return { win, announced, request, fire, wallet: () => announced.at(-1)! };
}

describe('near-connect adapter: discovery', () => {
  it('announces the wallet at install with an injected manifest', () => {
    const { announced } = setup();
    expect(announced).toHaveLength(1);
    const { manifest } = announced[0]!;
    expect(manifest).toMatchObject({
      id: NEAR_WALLET_ID,
      name: PROVIDER_NAME,
      icon: PROVIDER_ICON,
      type: 'injected',
      permissions: {},
      platform: [],
    });
    for (const key of ['description', 'website', 'version'] as const) expect(manifest[key]).toEqual(expect.any(String));
    expect(new URL(manifest.website as string).protocol).toBe('https:'); // the selector shows its hostname
    expect(manifest.features).toEqual({
      signMessage: true,
      signInWithoutAddKey: true,
      signInAndSignMessage: true,
      mainnet: true,
    });
    for (const fn of [
      'signIn',
      'signInAndSignMessage',
      'signOut',
      'getAccounts',
      'signMessage',
      'signAndSendTransaction',
      'signAndSendTransactions',
      'signDelegateActions',
    ] as const) {
      expect(announced[0]![fn]).toBeTypeOf('function');
    }
  });

  it('announces again, the same wallet, each time a selector dispatches near-selector-ready', () => {
    const { win, announced } = setup(undefined, { selectorFirst: false });
    expect(announced).toHaveLength(0); // the selector came after the install announce
    win.dispatchEvent(new Event(NEAR_SELECTOR_READY_EVENT));
    expect(announced).toHaveLength(1);
    win.dispatchEvent(new Event(NEAR_SELECTOR_READY_EVENT));
    expect(announced).toHaveLength(2);
    expect(announced[1]).toBe(announced[0]);
  });

  it('does not announce on other events', () => {
    const { win, announced } = setup();
    win.dispatchEvent(new Event('intents:requestProvider'));
    win.dispatchEvent(new Event('message'));
    win.dispatchEvent(new Event('near-selector-ready ')); // not the exact name
    expect(announced).toHaveLength(1);
  });
});

describe('near-connect adapter: calls map onto the provider', () => {
  it('signIn → intents_requestAccounts, returning the accounts; network and addFunctionCallKey are ignored', async () => {
    const { wallet, request } = setup(() => [ACCOUNT]);
    await expect(
      wallet().signIn({ network: 'mainnet', addFunctionCallKey: { contractId: 'x.near' } }),
    ).resolves.toEqual([ACCOUNT]);
    expect(request).toHaveBeenCalledExactlyOnceWith({ method: 'intents_requestAccounts', params: {} });
  });

  it('getAccounts → intents_accounts (no prompt), without params', async () => {
    const { wallet, request } = setup(() => [ACCOUNT]);
    await expect(wallet().getAccounts({ network: 'mainnet' })).resolves.toEqual([ACCOUNT]);
    expect(request).toHaveBeenCalledExactlyOnceWith({ method: 'intents_accounts', params: undefined });
  });

  it('getAccounts while locked: the ids the site was granted (no key), so near-connect keeps its selection; a stranger []', async () => {
    const status = { connected: true, locked: true, accountIds: ['alice.near', 'bob.near'] };
    const locked = setup(({ method }) => (method === 'intents_status' ? status : []));
    await expect(locked.wallet().getAccounts()).resolves.toEqual([
      { accountId: 'alice.near' },
      { accountId: 'bob.near' },
    ]);
    expect(locked.request.mock.calls.map(([a]) => a.method)).toEqual(['intents_accounts', 'intents_status']);
    const stranger = setup(({ method }) => (method === 'intents_status' ? { connected: false } : []));
    await expect(stranger.wallet().getAccounts()).resolves.toEqual([]);
  });

  it('signOut → intents_disconnect while connected; already disconnected (by the wallet), it resolves without a call', async () => {
    const connected = setup(({ method }) =>
      method === 'intents_status' ? { connected: true, locked: false, accountIds: ['alice.near'] } : null,
    );
    await connected.wallet().signOut({ network: 'mainnet' });
    expect(connected.request.mock.calls.map(([a]) => a)).toEqual([
      { method: 'intents_status', params: undefined },
      { method: 'intents_disconnect', params: {} },
    ]);
    const gone = setup(({ method }) => (method === 'intents_status' ? { connected: false } : null));
    await expect(gone.wallet().signOut()).resolves.toBeUndefined();
    expect(gone.request.mock.calls.map(([a]) => a.method)).toEqual(['intents_status']);
  });

  it('signMessage → intents_signMessage with the Uint8Array nonce as number[], signerId as accountId', async () => {
    const { wallet, request } = setup(() => SIGNED);
    const nonce = Uint8Array.from({ length: 32 }, (_, i) => i);
    const result = await wallet().signMessage({
      message: 'Sign in to example.org',
      recipient: 'example.org',
      nonce,
      network: 'mainnet',
      signerId: 'alice.near',
      callbackUrl: 'https://example.org/cb',
    });
    expect(result).toEqual(SIGNED);
    expect(request).toHaveBeenCalledExactlyOnceWith({
      method: 'intents_signMessage',
      params: {
        message: 'Sign in to example.org',
        recipient: 'example.org',
        nonce: Array.from(nonce),
        callbackUrl: 'https://example.org/cb',
        accountId: 'alice.near',
      },
    });
    const params = request.mock.calls[0]![0].params as Record<string, unknown>;
    expect(Array.isArray(params.nonce)).toBe(true);
    expect(params).not.toHaveProperty('network'); // near-connect's network is not a provider param
  });

  it('signMessage converts a Node Buffer nonce (what dApps with a Buffer polyfill pass) to number[]', async () => {
    const { wallet, request } = setup(() => SIGNED);
    const nonce = Buffer.alloc(32, 7);
    await wallet().signMessage({ message: 'm', recipient: 'r', nonce });
    const params = request.mock.calls[0]![0].params as { nonce: unknown };
    expect(params.nonce).toEqual(new Array(32).fill(7));
    expect(Array.isArray(params.nonce)).toBe(true);
  });

  it('signMessage passes a base64 or number[] nonce through unchanged, and leaves a missing one to the background', async () => {
    const { wallet, request } = setup(() => SIGNED);
    const b64 = Buffer.alloc(32, 1).toString('base64');
    await wallet().signMessage({ message: 'm', recipient: 'r', nonce: b64 });
    await wallet().signMessage({ message: 'm', recipient: 'r', nonce: [1, 2, 3] });
    await wallet().signMessage({ message: 'm', recipient: 'r' });
    const nonces = request.mock.calls.map(([args]) => (args.params as { nonce: unknown }).nonce);
    expect(nonces).toEqual([b64, [1, 2, 3], undefined]);
  });

  it('arguments it cannot read reject (never throw synchronously) with code -32602', async () => {
    const { wallet, request } = setup();
    const call = (wallet().signMessage as () => Promise<unknown>)();
    await expect(call).rejects.toBeInstanceOf(Error);
    await expect(call).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params: /) });
    await expect(wallet().signInAndSignMessage(undefined)).rejects.toMatchObject({ code: -32602 });
    expect(request).not.toHaveBeenCalled();
  });

  it('signInAndSignMessage → intents_requestAccounts, then intents_signMessage for the first account', async () => {
    const other = { accountId: 'bob.near', publicKey: 'ed25519:other' };
    const { wallet, request } = setup(({ method }) =>
      method === 'intents_requestAccounts' ? [ACCOUNT, other] : SIGNED,
    );
    const nonce = new Uint8Array(32).fill(9);
    const accounts = await wallet().signInAndSignMessage({
      network: 'mainnet',
      messageParams: { message: 'hi', recipient: 'example.org', nonce },
    });
    expect(request.mock.calls.map(([a]) => a)).toEqual([
      { method: 'intents_requestAccounts', params: {} },
      {
        method: 'intents_signMessage',
        params: { message: 'hi', recipient: 'example.org', nonce: new Array(32).fill(9), accountId: 'alice.near' },
      },
    ]);
    expect(accounts).toEqual([{ ...ACCOUNT, signedMessage: SIGNED }, other]);
  });

  it('passes provider errors (code and message) through unchanged', async () => {
    const error = Object.assign(new Error('User rejected the request'), { code: 4001 });
    const { wallet } = setup(() => {
      throw error;
    });
    await expect(wallet().signIn()).rejects.toBe(error);
    await expect(wallet().signMessage({ message: 'm', recipient: 'r', nonce: new Uint8Array(32) })).rejects.toBe(error);
  });
});

describe('near-connect adapter: transactions are not supported', () => {
  it.each(['signAndSendTransaction', 'signAndSendTransactions', 'signDelegateActions'] as const)(
    '%s rejects with a clear Error with code 4200 and never reaches the provider',
    async (fn) => {
      const { wallet, request } = setup();
      const result = wallet()[fn]({ receiverId: 'x.near', actions: [], transactions: [], delegateActions: [] });
      await expect(result).rejects.toBeInstanceOf(Error);
      await expect(result).rejects.toMatchObject({ code: 4200, name: 'ProviderRpcError' });
      await expect(result).rejects.toThrow(/signs intents and messages only, not NEAR transactions/);
      expect(request).not.toHaveBeenCalled();
    },
  );
});

describe('near-connect adapter: events (near-connect’s WalletEvents, on the wallet object)', () => {
  const statusIs =
    (connected: boolean) =>
    ({ method }: RequestArguments) =>
      method === 'intents_status'
        ? connected
          ? { connected, locked: true, accountIds: ['alice.near'] }
          : { connected }
        : [];

  it('accounts → accountsChanged {accounts}; [] of a lock → nothing (still signed in); off() stops it', async () => {
    const { wallet, fire, request } = setup(statusIs(true));
    const heard: unknown[] = [];
    const fn = (p: unknown) => heard.push(p);
    wallet().on('accountsChanged', fn);
    wallet().on('signedOut', fn);
    fire('accountsChanged', [ACCOUNT]);
    expect(heard).toEqual([{ accounts: [ACCOUNT] }]);
    fire('accountsChanged', []);
    await vi.waitFor(() => expect(request).toHaveBeenCalledWith({ method: 'intents_status', params: undefined }));
    await new Promise((r) => setImmediate(r)); // the status's answer and what follows it have run
    expect(heard).toEqual([{ accounts: [ACCOUNT] }]);
    wallet().off('accountsChanged', fn);
    fire('accountsChanged', [ACCOUNT]);
    expect(heard).toHaveLength(1);
  });

  it('[] of a disconnect → signedOut null; without a signedOut listener the wallet is not even asked', async () => {
    const { wallet, fire, request } = setup(statusIs(false));
    fire('accountsChanged', []);
    expect(request).not.toHaveBeenCalled();
    const out: unknown[] = [];
    wallet().on('signedOut', (p) => out.push(p));
    fire('accountsChanged', []);
    await vi.waitFor(() => expect(out).toEqual([null]));
  });
});
