/**
 * The networks the wallet knows (docs/services.md, "Endpoints and presets"): Local (the simulator on
 * 127.0.0.1, which signs only for the simulator's verifier) and Mainnet (the live services, `intents.near`),
 * and the shapes of endpoints and credentials as settings take them.
 */
import * as z from 'zod/mini';
import { MAINNET_VERIFIER, SIM_VERIFIER, isValidAccountId } from '../../core';
import { DEFAULT_WIRE_NAMES, type WireNames, wireNamesFor } from '../../oneclick';
import type { Endpoints, NetworkPreset } from '../../provider/walletApi';

export const SIM_BASE = 'http://127.0.0.1:3999';

/**
 * Each network's endpoints. The Mainnet ledger RPC is a list tried in order (docs/services.md, "The ledger
 * RPC"): `rpc.mainnet.near.org` is deprecated and rate-limited, so it comes last, after the providers
 * the official SDK uses (defuse-protocol/sdk-monorepo packages/internal-utils/src/config.ts).
 */
export const PRESETS: Record<NetworkPreset, { endpoints: Endpoints; ledgerRpcFallbacks: string[]; verifierId: string }> = {
  local: {
    endpoints: { swap: SIM_BASE, transactions: `${SIM_BASE}/api/v0`, bus: `${SIM_BASE}/rpc`, ledgerRpc: `${SIM_BASE}/ledger-rpc` },
    ledgerRpcFallbacks: [],
    verifierId: SIM_VERIFIER,
  },
  mainnet: {
    endpoints: {
      swap: 'https://1click.chaindefuser.com',
      transactions: 'https://explorer.near-intents.org/api/v0',
      bus: 'https://solver-relay-v2.chaindefuser.com/rpc',
      ledgerRpc: 'https://near-rpc.defuse.org',
    },
    ledgerRpcFallbacks: ['https://free.rpc.fastnear.com', 'https://rpc.mainnet.near.org'],
    verifierId: MAINNET_VERIFIER,
  },
};

export const DEFAULT_AUTO_LOCK_MINUTES = 15;

export const httpUrl = z.string().check(z.refine((s) => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL'));

export const accountId = z.string().check(z.refine(isValidAccountId, 'is not a valid account id'));
export const minutes = z.int().check(z.minimum(1), z.maximum(1440));
// Header-safe token characters: a JWT or API key has no spaces or control characters, and fetch would
// refuse such a header value anyway (https://fetch.spec.whatwg.org/#header-value).
export const credential = z.string().check(z.trim(), z.minLength(1), z.maxLength(4096), z.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'));

export const fallbacks = z.array(httpUrl).check(z.maxLength(5));
export const endpointsSchema = z.strictObject({ swap: httpUrl, transactions: httpUrl, bus: httpUrl, ledgerRpc: httpUrl });

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};
/** The hosts of the live services (the Mainnet preset's): they know only the live names. */
const LIVE_ORIGINS = new Set([...Object.values(PRESETS.mainnet.endpoints), ...PRESETS.mainnet.ledgerRpcFallbacks].map((u) => new URL(u).origin));

/**
 * The names to send to `url`: a service on a live host gets the live names whatever the preset or the
 * setting says (a custom endpoint there speaks no other spelling), one of Local the interface's, any
 * other the current network's (custom: the `wireNames` setting). Without `url`, the current network's.
 * A swap tracked on another network than today's keeps the names of the network it was made on.
 */
export function wireNamesOf(s: { preset: NetworkPreset | 'custom'; wireNames?: WireNames | undefined; endpoints: Endpoints }, url?: string): WireNames {
  if (url !== undefined && LIVE_ORIGINS.has(originOf(url))) return 'live';
  if (url === undefined || Object.values(s.endpoints).includes(url)) return wireNamesFor(s.preset, s.wireNames);
  for (const preset of ['mainnet', 'local'] as const) if (Object.values(PRESETS[preset].endpoints).includes(url)) return wireNamesFor(preset, undefined);
  return s.wireNames ?? DEFAULT_WIRE_NAMES;
}
