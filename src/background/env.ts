/**
 * What the background is given by its host (src/background/start.ts): the browser's APIs in the extension
 * (entrypoints/background.ts), fakes in the tests.
 */
import type { NetworkPreset } from '../api/walletApi';
import type { FetchLike, KnownToken, Random } from '../core';
import type { VaultStorage } from '../vault';
import type { TabsPort, WindowsPort } from './approvals/queue';
import type { StorageAreaLike } from './kv';
import type { AlarmsLike } from './wallet/autoLock';
import type { ToolbarSurface } from './wallet/toolbar';

/** A browser event as a service listens to it (the extension's, a fake in tests, or a hub: ./wake/hub.ts). */
export interface EventPort<T extends unknown[]> {
  addListener(fn: (...args: T) => void): void;
}

/** What the background reads of a tab's update (only `status` without the `tabs` permission). */
export interface TabChange {
  status?: string | undefined;
  url?: string | undefined;
}

export interface BackgroundEnv {
  storage: { local: StorageAreaLike; session: StorageAreaLike };
  alarms: AlarmsLike & { onAlarm: EventPort<[{ name: string }]> };
  windows: WindowsPort & { onRemoved: EventPort<[number]> };
  tabs: TabsPort & {
    onRemoved: EventPort<[number]>;
    onUpdated: EventPort<[number, TabChange]>;
  };
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
  /** The BIP-39 English word list, read from the extension package when a phrase is made or imported. */
  wordlist: () => Promise<string[]>;
  /** The table of well-known assets (core/knownTokenRows.ts), read from the extension package when tokens are first judged. */
  knownTokens: () => Promise<ReadonlyMap<string, KnownToken>>;
  /** browser.notifications.create (basic, the extension's icon). */
  notify: (id: string, title: string, message: string) => unknown;
  /** browser.action.setBadgeText. */
  badge: (text: string) => unknown;
  /** Opens the side panel from the toolbar button, where the browser has one (./wallet/toolbar.ts). */
  toolbar?: ToolbarSurface;
  /**
   * Builds a new background in place of this one after an erase (./restartable.ts), so nothing the
   * services kept in memory outlives the erased wallet. Tests that build a background of their own build
   * a new one themselves.
   */
  restart?: () => void;
}
