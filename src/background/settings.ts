/**
 * Endpoints, verifier and credentials (DECISIONS.md D6, D7): presets Local (the simulator on
 * 127.0.0.1, the default in development builds) and Mainnet (the live services, the default in
 * production builds). Credentials stay in the background: pages only learn whether they are set.
 */
import * as z from 'zod/mini';
import { isValidAccountId } from '../core';
import type { Endpoints, NetworkPreset, SettingsChange, SettingsView } from '../provider/walletApi';
import { CorruptedValueError, type KeyValue } from './kv';
import type { StorageProblems } from './problems';

export const SIM_BASE = 'http://127.0.0.1:3999';

export const PRESETS: Record<NetworkPreset, { endpoints: Endpoints; verifierId: string }> = {
  local: {
    endpoints: { swap: SIM_BASE, transactions: `${SIM_BASE}/api/v0`, bus: `${SIM_BASE}/rpc`, ledgerRpc: `${SIM_BASE}/ledger-rpc` },
    verifierId: 'intents.near',
  },
  mainnet: {
    endpoints: {
      swap: 'https://1click.chaindefuser.com',
      transactions: 'https://explorer.near-intents.org/api/v0',
      bus: 'https://solver-relay-v2.chaindefuser.com/rpc',
      ledgerRpc: 'https://rpc.mainnet.near.org',
    },
    verifierId: 'intents.near',
  },
};

export const DEFAULT_AUTO_LOCK_MINUTES = 15;

const httpUrl = z.string().check(z.refine((s) => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL'));

const accountId = z.string().check(z.refine(isValidAccountId, 'is not a valid account id'));
const minutes = z.int().check(z.minimum(1), z.maximum(1440));
const credential = z.string().check(z.trim(), z.minLength(1), z.maxLength(4096));

const endpointsSchema = z.strictObject({ swap: httpUrl, transactions: httpUrl, bus: httpUrl, ledgerRpc: httpUrl });

export const settingsSchema = z.strictObject({
  preset: z.enum(['local', 'mainnet', 'custom']),
  endpoints: endpointsSchema,
  verifierId: accountId,
  jwt: z.nullable(z.string().check(z.minLength(1))),
  busApiKey: z.nullable(z.string().check(z.minLength(1))),
  autoLockMinutes: minutes,
});
export type Settings = z.output<typeof settingsSchema>;

export const settingsChangeSchema = z.strictObject({
  preset: z.optional(z.enum(['local', 'mainnet'])),
  endpoints: z.optional(z.partial(endpointsSchema)),
  verifierId: z.optional(accountId),
  jwt: z.optional(z.nullable(credential)),
  busApiKey: z.optional(z.nullable(credential)),
  autoLockMinutes: z.optional(minutes),
}) satisfies z.ZodMiniType<SettingsChange>;

const KEY = 'settings';

export function defaultSettings(preset: NetworkPreset): Settings {
  return { preset, ...structuredClone(PRESETS[preset]), jwt: null, busApiKey: null, autoLockMinutes: DEFAULT_AUTO_LOCK_MINUTES };
}

export function settingsView(s: Settings): SettingsView {
  return {
    preset: s.preset,
    endpoints: { ...s.endpoints },
    verifierId: s.verifierId,
    hasJwt: s.jwt !== null,
    hasBusApiKey: s.busApiKey !== null,
    autoLockMinutes: s.autoLockMinutes,
  };
}

export function applySettingsChange(current: Settings, change: z.output<typeof settingsChangeSchema>): Settings {
  let next: Settings = { ...current, endpoints: { ...current.endpoints } };
  if (change.preset) next = { ...next, preset: change.preset, ...structuredClone(PRESETS[change.preset]) };
  if (change.endpoints) next = { ...next, preset: 'custom', endpoints: { ...next.endpoints, ...change.endpoints } };
  if (change.verifierId) next = { ...next, verifierId: change.verifierId };
  if (change.jwt !== undefined) next = { ...next, jwt: change.jwt };
  if (change.busApiKey !== undefined) next = { ...next, busApiKey: change.busApiKey };
  if (change.autoLockMinutes !== undefined) next = { ...next, autoLockMinutes: change.autoLockMinutes };
  return settingsSchema.parse(next);
}

export class SettingsStore {
  private cached: Settings | undefined;
  /** Changes run one after another: two popups saving at once must not drop either change. */
  private queue: Promise<unknown> = Promise.resolve();
  constructor(
    private readonly kv: KeyValue,
    private readonly defaultPreset: NetworkPreset,
    private readonly problems?: StorageProblems,
  ) {}

  async get(): Promise<Settings> {
    if (this.cached) return this.cached;
    try {
      this.cached = (await this.kv.read(KEY, settingsSchema)) ?? defaultSettings(this.defaultPreset);
    } catch (e) {
      if (!(e instanceof CorruptedValueError)) throw e;
      // Kept as it is until the user saves settings again; meanwhile the build's default network.
      this.problems?.report(KEY, 'Your saved settings are damaged: the default network is in use until you save settings again.');
      this.cached = defaultSettings(this.defaultPreset);
    }
    return this.cached;
  }

  change(change: z.output<typeof settingsChangeSchema>): Promise<Settings> {
    const run = this.queue.then(async () => {
      const next = applySettingsChange(await this.get(), change);
      await this.kv.write(KEY, next);
      this.cached = next;
      this.problems?.clear(KEY);
      return next;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
