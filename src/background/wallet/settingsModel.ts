/**
 * What the settings are (docs/security.md, "Networks" and "Credentials"): their stored shape, a change
 * as the popup sends it, how a change applies (pure: every credential whose bound origin changed is
 * cleared), and what the popup is shown. ./settings.ts keeps them (SettingsStore).
 */
import * as z from 'zod/mini';
import type { NetworkPreset, SettingsChange, SettingsView } from '../../api/walletApi';
import type { BoundCredential } from '../../core';
import { DEFAULT_WIRE_NAMES, WIRE_NAMES } from '../../oneclick';
import {
  type Binding,
  CREDENTIAL_FIELDS,
  type CredentialField,
  isStillBound,
  legacyBinding,
  storedCredentialSchema,
  type Waiting,
} from './credentials';
import { networkOf } from './network';
import {
  accountId,
  carryQuoteSigningKey,
  credential,
  DEFAULT_AUTO_LOCK_MINUTES,
  endpointsSchema,
  fallbacks,
  localEndpoints,
  minutes,
  PRESETS,
  quoteSigningKey,
  quoteSigningKeyOf,
} from './presets';

/**
 * Settings as storage.local keeps them. `jwt`/`busApiKey` hold the sealed credential and its binding;
 * a plain string is a credential saved by an older version, sealed at the next unlock (`sealWaiting`).
 */
export const settingsSchema = z.lazy(() =>
  z.strictObject({
    preset: z.enum(['local', 'mainnet', 'custom']),
    endpoints: endpointsSchema,
    verifierId: accountId,
    jwt: z.nullable(z.union([storedCredentialSchema, z.string().check(z.minLength(1))])),
    busApiKey: z.nullable(z.union([storedCredentialSchema, z.string().check(z.minLength(1))])),
    autoLockMinutes: minutes,
    /** The names custom endpoints speak (docs/services.md, "Wire names"); absent in older settings: the default. */
    wireNames: z.optional(z.enum(WIRE_NAMES)),
    /** Ledger RPC hosts tried after `endpoints.ledgerRpc`, in order; absent in settings saved before: none. */
    ledgerRpcFallbacks: z.optional(fallbacks),
    /** The custom swap service's quote signing key (./presets `quoteSigningKeyOf`); absent in settings saved before. */
    quoteSigningKey: z.optional(z.nullable(quoteSigningKey)),
  }),
);
export type StoredSettings = z.output<typeof settingsSchema>;

/** Settings as the background uses them: a credential is present only while unlocked and still bound. */
export type Settings = Omit<StoredSettings, CredentialField> & {
  jwt: BoundCredential | null;
  busApiKey: BoundCredential | null;
};

export const settingsChangeSchema = z.lazy(
  () =>
    z
      .strictObject({
        preset: z.optional(z.enum(['local', 'mainnet'])),
        endpoints: z.optional(z.partial(endpointsSchema)),
        verifierId: z.optional(accountId),
        jwt: z.optional(z.nullable(credential)),
        busApiKey: z.optional(z.nullable(credential)),
        autoLockMinutes: z.optional(minutes),
        wireNames: z.optional(z.enum(WIRE_NAMES)),
        ledgerRpcFallbacks: z.optional(fallbacks),
        quoteSigningKey: z.optional(z.nullable(quoteSigningKey)),
        localPort: z.optional(z.int().check(z.minimum(1), z.maximum(65535))),
      })
      .check(
        z.refine((c) => c.localPort === undefined || c.preset === 'local', {
          message: 'a simulator port goes with the Local preset',
          path: ['localPort'],
        }),
      ) satisfies z.ZodMiniType<SettingsChange>,
);

export type SettingsChangeInput = z.output<typeof settingsChangeSchema>;

export function defaultSettings(preset: NetworkPreset): StoredSettings {
  return {
    preset,
    ...structuredClone(PRESETS[preset]),
    jwt: null,
    busApiKey: null,
    autoLockMinutes: DEFAULT_AUTO_LOCK_MINUTES,
    wireNames: DEFAULT_WIRE_NAMES,
  };
}

/** The binding of what is stored in a credential field (a legacy plaintext counts as bound to its endpoints). */
function storedBinding(field: CredentialField, s: StoredSettings): Binding | null {
  const value = s[field];
  if (value === null) return null;
  return typeof value === 'string' ? legacyBinding(field, s.endpoints) : value.bound;
}

/** The change without its new credential values; every credential whose bound origin changed is cleared. Pure. */
export function applySettingsChange(current: StoredSettings, change: SettingsChangeInput): StoredSettings {
  let next: StoredSettings = { ...current, endpoints: { ...current.endpoints } };
  if (change.preset) next = { ...next, preset: change.preset, ...structuredClone(PRESETS[change.preset]) };
  // The Local preset on the port the simulator was found on (./simulatorDiscovery.ts).
  if (change.localPort !== undefined) next = { ...next, endpoints: localEndpoints(change.localPort) };
  if (change.endpoints) next = { ...next, preset: 'custom', endpoints: { ...next.endpoints, ...change.endpoints } };
  // Another primary ledger RPC drops the old fallbacks: they were that network's.
  if (change.endpoints?.ledgerRpc !== undefined && change.endpoints.ledgerRpc !== current.endpoints.ledgerRpc)
    next = { ...next, ledgerRpcFallbacks: [] };
  if (change.ledgerRpcFallbacks)
    next = { ...next, preset: change.preset ? next.preset : 'custom', ledgerRpcFallbacks: change.ledgerRpcFallbacks };
  // Another verifier than the preset's is another network than the preset's (./network.ts).
  if (change.verifierId)
    next = {
      ...next,
      verifierId: change.verifierId,
      ...(next.preset !== 'custom' && change.verifierId !== PRESETS[next.preset].verifierId
        ? { preset: 'custom' as const }
        : {}),
    };
  if (change.autoLockMinutes !== undefined) next = { ...next, autoLockMinutes: change.autoLockMinutes };
  if (change.wireNames) next = { ...next, wireNames: change.wireNames };
  next = { ...next, ...carryQuoteSigningKey(current, next, change) };
  for (const field of CREDENTIAL_FIELDS) {
    const binding = storedBinding(field, current);
    if (binding && !isStillBound(field, binding, next.endpoints)) next = { ...next, [field]: null };
    if (change[field] === null) next = { ...next, [field]: null };
  }
  return settingsSchema.parse(next);
}

function isSet(field: CredentialField, s: StoredSettings, waiting: Waiting): boolean {
  const binding = storedBinding(field, s);
  return waiting[field] !== undefined || (binding !== null && isStillBound(field, binding, s.endpoints));
}

export function settingsView(s: StoredSettings, waiting: Waiting): SettingsView {
  return {
    preset: s.preset,
    network: networkOf(s),
    endpoints: { ...s.endpoints },
    verifierId: s.verifierId,
    hasJwt: isSet('jwt', s, waiting),
    hasBusApiKey: isSet('busApiKey', s, waiting),
    credentialsWaiting: CREDENTIAL_FIELDS.filter((f) => waiting[f] !== undefined),
    autoLockMinutes: s.autoLockMinutes,
    wireNames: s.wireNames ?? DEFAULT_WIRE_NAMES,
    ledgerRpcFallbacks: [...(s.ledgerRpcFallbacks ?? [])],
    ledgerRpcActive: null,
    quoteSigningKey: quoteSigningKeyOf(s),
  };
}
