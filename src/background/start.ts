/**
 * The background's composition root: builds every service from the environment it is given (browser
 * APIs in the extension, fakes in tests) and returns the router. entrypoints/background.ts only wires.
 * Over 300 lines on purpose: it is the one place where every service is built, in the order they need
 * each other; split, that order would be spread over files that each show only part of it.
 */

import type { HttpDeps, MultiPayload } from '../core';
import { fetchTokens } from '../oneclick';
import { Vault } from '../vault';
import { Activity } from './activity/merge';
import { PublishedIntents } from './activity/published';
import { HeldSignatures } from './approvals/heldSignatures';
import { ApprovalQueue } from './approvals/queue';
import { ApprovalService } from './approvals/service';
import { NetworkClients } from './clients';
import { ContactsStore } from './contacts/store';
import type { BackgroundEnv } from './env';
import { KeyValue, type WriteWatch } from './kv';
import { listenToBrowser } from './listeners';
import { LoadOnce } from './loadOnce';
import { PageApi } from './page/api';
import { PageEvents } from './page/events';
import { Permissions } from './page/permissions';
import { RateLimits } from './page/rateLimits';
import { ConnectedSites } from './page/sites';
import { WalletAnnouncer } from './page/walletEvents';
import { StorageProblems } from './problems';
import type { PreviewDeps } from './review/preview';
import { RecipientFacts } from './review/recipients';
import { Router } from './router';
import { KeyChangeReviews } from './signing/keyChangeReview';
import { KeyManager } from './signing/keyManager';
import { UsedNonces } from './signing/nonces';
import { SaltCache } from './signing/salt';
import { SigningService } from './signing/signer';
import { StartOrder } from './startOrder';
import { SwapService } from './swaps/api';
import { SwapHistory } from './swaps/history';
import { TokenFacts } from './tokens/facts';
import { AutoLock } from './wallet/autoLock';
import { BalancesService } from './wallet/balances';
import { busKeyMissing } from './wallet/busKey';
import { eraseWallet } from './wallet/erase';
import { WalletApi } from './wallet/handlers';
import { networkOf } from './wallet/network';
import { PhraseAccounts } from './wallet/phraseAccounts';
import { ReceiveService } from './wallet/receive';
import { AccountRemoval } from './wallet/removeAccount';
import { SendService } from './wallet/send';
import { WalletService } from './wallet/service';
import { SettingsStore } from './wallet/settings';
import type { SettingsChangeInput } from './wallet/settingsModel';
import { SimulatorFinder } from './wallet/simulatorDiscovery';
import { STATUS_INPUTS, StatusChangingAsks } from './wallet/statusInputs';
import { StatusMirror, WatchedVaultSession, WatchedVaultStorage } from './wallet/statusMirror';
import { Toolbar } from './wallet/toolbar';

export type { BackgroundEnv } from './env';
export type Background = ReturnType<typeof startBackground>;

export function startBackground(env: BackgroundEnv) {
  // The private records of storage.local are sealed under the vault's data key (./sealedRecords.ts).
  // Every write of a status input passes the mirror, which sets its copy aside first (./wallet/statusMirror.ts).
  const watch: WriteWatch = (key, write) => mirror.around(key, write);
  const local = new KeyValue(
    env.storage.local,
    {
      sealData: (text, aad) => vault.sealData(text, aad),
      openData: (sealed, aad) => vault.openData(sealed, aad),
      recordName: (key) => vault.recordName(key),
    },
    watch,
  );
  const session = new KeyValue(env.storage.session, undefined, watch);
  const mirror = new StatusMirror(session, STATUS_INPUTS);
  const problems = new StorageProblems(() => mirror.problemsChanged());
  const settings = new SettingsStore(local, env.defaultPreset, problems, { session, cipher: () => vault });
  const http: HttpDeps = { fetch: env.fetch, sleep: env.sleep };
  const wordlist = new LoadOnce(env.wordlist);
  // The vault keeps its unlocked key in storage.session itself (src/vault/session.ts).
  const vault = new Vault({
    storage: new WatchedVaultStorage(env.vaultStorage, mirror),
    session: new WatchedVaultSession(env.storage.session, mirror),
    wordlist: () => wordlist.get(),
    random: env.random,
    now: env.now,
    ...(env.iterations ? { iterations: env.iterations } : {}),
  });
  const autoLock = new AutoLock(session, env.alarms, env.now);
  const wallet = new WalletService({
    vault,
    autoLock,
    settings,
    local,
    now: env.now,
    problems,
    mirror,
  });

  // The ledger RPC and the message bus, made for the settings of the moment (./clients.ts).
  const clients = new NetworkClients(settings, http);
  const { ledger, bus, pageBus } = clients;
  // Token decimals and symbols, checked against a second source before any amount is worded (./tokens/facts).
  const knownTokens = new LoadOnce(env.knownTokens);
  const facts = new TokenFacts({
    endpoint: async () => (await settings.plain()).endpoints.swap,
    fetchList: (url) => fetchTokens({ ...http, service: 'swap' }, url),
    ftMetadata: async (contractId) => (await ledger()).ftMetadata(contractId),
    now: env.now,
    known: () => knownTokens.get(),
  });
  const tokens = () => facts.table();
  const confirmed = () => facts.confirmed();
  const verifierId = async () => (await settings.plain()).verifierId;
  const salts = new SaltCache(async () => (await ledger()).currentSalt(), env.now);
  const nonces = new UsedNonces(local, env.now, problems);
  const signer = new SigningService({
    wallet,
    salts,
    nonces,
    verifierId,
    now: env.now,
    random: env.random,
    subtle: globalThis.crypto.subtle,
  });
  const keys = new KeyManager({ wallet, signer, ledger, bus, now: env.now, sleep: (ms) => env.sleep(ms) });

  const permissions = new Permissions(local, env.now, verifierId);
  const network = async () => networkOf(await settings.plain());
  const events = new PageEvents(session, env.tabs);
  const limits = new RateLimits(session, env.now);
  const contacts = new ContactsStore({ local, verifierId, random: env.random, problems });
  const recipients = new RecipientFacts({
    ownAccounts: () => wallet.accounts().map((a) => a.accountId),
    published: () => published.list(),
    contactNames: (accountIds) => contacts.ledgerNames(accountIds),
  });
  // The approval window's checks, also used by the popup's own payments (./swaps/payment).
  const preview: PreviewDeps = {
    tokens,
    disputedTokens: () => facts.disputes(),
    verifierId,
    currentSalt: () => salts.current(),
    fee: async () => (await ledger()).fee(),
    balancesOf: async (accountId, tokenIds) => (await ledger()).mtBatchBalanceOf(accountId, tokenIds),
    nonceUsed: async (accountId, nonce) => (await ledger()).isNonceUsed(accountId, nonce),
    now: env.now,
    // What the wallet knows of a receiver: the popup's facts, a site's transfer's wording (./review/recipients).
    receivers: (signerId, receiverIds) => recipients.knowledge(signerId, receiverIds),
    passkeyOf: (publicKey) => wallet.passkeyOf(publicKey),
  };
  const simulate = async (signed: MultiPayload) => (await ledger()).simulateIntents([signed]);
  const published = new PublishedIntents({ local, tokens, now: env.now, problems });
  const queue = new ApprovalQueue({
    kv: session,
    windows: env.windows,
    tabs: env.tabs,
    approveUrl: `${env.extensionOrigin}/approve.html`,
    now: env.now,
    random: env.random,
    limits,
    problems,
  });
  const approvals = new ApprovalService({
    queue,
    wallet,
    signer,
    permissions,
    events,
    nonces,
    // What the window publishes, a page asked for (./clients.ts).
    bus: pageBus,
    simulate,
    held: new HeldSignatures({ local, now: env.now }),
    preview,
    published,
    network,
    busKeyMissing: async () => busKeyMissing(await settings.view()),
  });

  const sites = new ConnectedSites({ permissions, queue, events });
  const swaps = new SwapService({
    problems,
    local,
    settings,
    http: { ...http, service: 'swap' },
    now: env.now,
    random: env.random,
    tokens: confirmed,
    tokenViews: () => facts.views(),
    alarms: env.alarms,
    notify: env.notify,
    badge: env.badge,
    selectedAccount: () => wallet.selectedAccountId(),
    payment: {
      signer,
      nonces,
      preview,
      simulate,
      bus,
      publicKeyOf: (accountId) => wallet.account(accountId).publicKeys[0]!,
    },
  });
  const history = new SwapHistory({
    list: swaps.list,
    nearest: swaps.nearest,
    settings,
    http: { ...http, service: 'transactions' },
    tokens: confirmed,
  });
  const balances = new BalancesService({
    local,
    tokens: () => facts.checked(),
    balancesOf: preview.balancesOf,
    now: env.now,
    verifierId,
  });
  const keyChanges = new KeyChangeReviews({ local, wallet, keys, signer, preview, simulate, bus });
  const sends = new SendService({
    local,
    signer,
    preview,
    simulate,
    bus,
    publicKeyOf: (accountId) => wallet.account(accountId).publicKeys[0]!,
    now: env.now,
    published,
    busUnavailable: async () => busKeyMissing(await settings.view()),
  });
  const walletApi = new WalletApi({
    // A settings change (the popup's Save, Find simulator): another network or verifier has another salt,
    // another swap service or ledger its own token facts, and another network other grants (pages hear).
    applySettings: async (change: SettingsChangeInput) => {
      const before = await announcer.snapshot();
      const view = await settings.change(change);
      salts.invalidate();
      facts.forget();
      await announcer.settingsMoved(before);
      return clients.withActiveHost(view);
    },
    simulator: new SimulatorFinder({ fetch: env.fetch }),
    wallet,
    phraseAccounts: new PhraseAccounts({ wallet, ledger }),
    receive: new ReceiveService({ settings, http, tokenViews: () => facts.views() }),
    keys,
    keyChanges,
    settings,
    sites,
    balances,
    sends,
    activity: new Activity({
      history: (q) => history.page(q),
      published,
      status: async (hash) => (await bus()).getStatus(hash),
      now: env.now,
      selectedAccount: () => wallet.selectedAccountId(),
      ownAccounts: () => wallet.accounts().map((a) => a.accountId),
    }),
    erase: () =>
      eraseWallet({
        vault,
        endWaiting: () => queue.endAll('The wallet was erased on this device: ask again once it is restored'),
        lock: () => wallet.lock(),
        settings,
        local: env.storage.local,
        session: env.storage.session,
        restart: env.restart ?? (() => undefined),
      }),
    removal: new AccountRemoval({
      wallet,
      permissions,
      events,
      forget: [
        (id) => sends.forget(id),
        (id) => keyChanges.forget(id),
        (id) => balances.forget(id),
        swaps.forgetAccount,
      ],
    }),
  });
  const toolbar = new Toolbar({ local, surface: env.toolbar });
  const router = new Router({
    extensionOrigin: env.extensionOrigin,
    page: new PageApi({ wallet, permissions, queue, events, nonces, limits, verifierId, bus: pageBus, published })
      .handlers,
    wallet: {
      ...walletApi.handlers,
      wallet_getSettings: async () => clients.withActiveHost(await settings.view()),
      approval_current: () => approvals.current(),
      approval_resolve: (p) => approvals.resolve(p),
      approval_rejectAll: (p) => approvals.rejectAll(p.origin),
      ...swaps.handlers,
      swap_history: (q) => history.page(q),
      ...contacts.handlers,
      ...toolbar.handlers,
    },
  });
  // accountsChanged on lock (none visible), unlock (the grants again) and account changes.
  const announcer = new WalletAnnouncer({ wallet, permissions, events, verifierId });
  wallet.onEvent((e) => void announcer.walletChanged(e));
  // A restarted worker waits for its unlocked session (./listeners.ts); chores, for the popup (./startOrder.ts).
  const restored = wallet.restore();
  const order = new StartOrder(restored, router);
  const { choresMayStart } = order;
  // An ask that may change the status runs with the status mirror told (./wallet/statusInputs.ts).
  const { route } = new StatusChangingAsks({
    extensionOrigin: env.extensionOrigin,
    mirror,
    status: () => wallet.status(),
    route: order.route,
  });
  const tracking = listenToBrowser(env, { restored, choresMayStart, wallet, swaps, queue, events });
  void choresMayStart.then(() => toolbar.restore()).catch(() => undefined);
  // The popup's snapshot as this worker finds the wallet, unless the waking message asks for it (once).
  void choresMayStart.then(() => (order.statusAsked() ? undefined : wallet.status())).catch(() => undefined);

  return { route, wallet, signer, keys, settings, salts, approvals, queue, permissions, swaps, tracking, local };
}
