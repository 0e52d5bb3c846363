/**
 * The background's composition root: builds every service from the environment it is given (browser
 * APIs in the extension, fakes in tests) and returns the router. entrypoints/background.ts only wires.
 */
import * as z from 'zod/mini';
import { type FetchLike, type HttpDeps, type Random } from '../core';
import { LedgerRpcClient, MessageBusClient } from '../bus';
import { METHODS } from '../provider/protocol';
import type { NetworkPreset } from '../provider/walletApi';
import { Vault, type VaultStorage } from '../vault';
import { AUTO_LOCK_ALARM, AutoLock, type AlarmsLike } from './autoLock';
import { KeyManager } from './keyManager';
import { KeyValue, type StorageAreaLike } from './kv';
import { UsedNonces } from './nonces';
import { type PageHandler, createRouter } from './router';
import { SaltCache } from './salt';
import { SettingsStore } from './settings';
import { SigningService } from './signer';
import { WalletService } from './wallet';
import { walletHandlers } from './walletHandlers';

export interface BackgroundEnv {
  storage: { local: StorageAreaLike; session: StorageAreaLike };
  alarms: AlarmsLike & { onAlarm: { addListener(fn: (alarm: { name: string }) => void): void } };
  vaultStorage: VaultStorage;
  fetch: FetchLike;
  now: () => number;
  random: Random;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** `chrome-extension://<id>` */
  extensionOrigin: string;
  defaultPreset: NetworkPreset;
  /** PBKDF2 iterations for new records (default: the vault's). */
  iterations?: number;
}

const intentHashParams = z.strictObject({ intentHash: z.string().check(z.minLength(1), z.maxLength(128)) });

export function startBackground(env: BackgroundEnv) {
  const local = new KeyValue(env.storage.local);
  const session = new KeyValue(env.storage.session);
  const settings = new SettingsStore(local, env.defaultPreset);
  const http: HttpDeps = { fetch: env.fetch, sleep: env.sleep };
  const vault = new Vault({ storage: env.vaultStorage, random: env.random, now: env.now, ...(env.iterations ? { iterations: env.iterations } : {}) });
  const autoLock = new AutoLock(session, env.alarms, env.now);
  const wallet = new WalletService({ vault, autoLock, settings, local, random: env.random, now: env.now });

  const ledger = async () => {
    const s = await settings.get();
    return new LedgerRpcClient({ url: s.endpoints.ledgerRpc, verifierId: s.verifierId, deps: http });
  };
  const bus = async () => {
    const s = await settings.get();
    return new MessageBusClient({ url: s.endpoints.bus, apiKey: s.busApiKey ?? undefined, deps: http });
  };
  const salts = new SaltCache(async () => (await ledger()).currentSalt(), env.now);
  const signer = new SigningService({
    wallet,
    salts,
    nonces: new UsedNonces(local, env.now),
    verifierId: async () => (await settings.get()).verifierId,
    now: env.now,
    random: env.random,
  });
  const keys = new KeyManager({ wallet, signer, ledger, bus, random: env.random, now: env.now, sleep: (ms) => env.sleep(ms) });

  const page = new Map<string, PageHandler>([
    // Grants per origin arrive with the connect approval (provider issue); none exist yet.
    [METHODS.accounts, () => []],
    [
      METHODS.getIntentStatus,
      async (params) => (await bus()).getStatus(intentHashParams.parse(params).intentHash),
    ],
  ]);
  const handlers = walletHandlers({ wallet, keys, settings });
  const originalSetSettings = handlers.wallet_setSettings;
  handlers.wallet_setSettings = async (p) => {
    const view = await originalSetSettings(p);
    salts.invalidate(); // another network or verifier: its salt is another one
    return view;
  };
  const route = createRouter({ extensionOrigin: env.extensionOrigin, page, wallet: handlers });

  env.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === AUTO_LOCK_ALARM) void wallet.lock();
  });
  void wallet.restore();

  return { route, wallet, signer, keys, settings, salts };
}
