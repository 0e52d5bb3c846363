/**
 * The networks the wallet knows (docs/services.md, "Endpoints and presets"): Local (the simulator on
 * 127.0.0.1, which signs only for the simulator's verifier) and Mainnet (the live services, `intents.near`),
 * and the shapes of endpoints and credentials as settings take them.
 */
import * as z from 'zod/mini';
import type { Endpoints, NetworkPreset } from '../../api/walletApi';
import { formatPublicKey, isValidAccountId, MAINNET_VERIFIER, parsePublicKey, SIM_VERIFIER } from '../../core';
import { SIMULATOR_PATHS } from '../../core/simulatorInfo';
import { DEFAULT_WIRE_NAMES, type WireNames, wireNamesFor } from '../../oneclick';

/** The port `npm run sim` and `npm start` use unless told otherwise. */
export const SIM_PORT = 3999;
export const SIM_BASE = `http://127.0.0.1:${SIM_PORT}`;

/**
 * The Local preset's endpoints for a simulator on `port` of 127.0.0.1: the Local preset is the simulator
 * on this computer, on whatever port it was started (./simulatorDiscovery.ts finds it).
 */
export function localEndpoints(port: number): Endpoints {
  const base = `http://127.0.0.1:${port}`;
  return {
    swap: `${base}${SIMULATOR_PATHS.swap}`,
    transactions: `${base}${SIMULATOR_PATHS.transactions}`,
    bus: `${base}${SIMULATOR_PATHS.bus}`,
    ledgerRpc: `${base}${SIMULATOR_PATHS.ledgerRpc}`,
  };
}

/** The port when `endpoints` are the Local preset's on some port of 127.0.0.1, else null. */
export function localPortOf(endpoints: Endpoints): number | null {
  const port = /^http:\/\/127\.0\.0\.1:(\d{1,5})$/.exec(endpoints.swap)?.[1];
  if (port === undefined) return null;
  const n = Number(port);
  const layout = n >= 1 && n <= 65535 ? localEndpoints(n) : null;
  return layout && (Object.keys(layout) as (keyof Endpoints)[]).every((k) => layout[k] === endpoints[k]) ? n : null;
}

/**
 * The key the live swap service signs its quotes with, as the official SDK publishes it
 * (one-click-sdk-typescript src/quote-signature.ts `ONE_CLICK_MANAGER_PUB_KEY`, release 0.1.25).
 */
export const MAINNET_QUOTE_SIGNING_KEY = 'ed25519:reYaWhvwu8Jzo3WUM3zhn6VrhuMEF4eADL17qtRVifc';
/** The simulator's quote signer: one fixed key whatever its seed (src/sim/context.ts), printed by `npm run sim`. */
export const SIM_QUOTE_SIGNING_KEY = 'ed25519:8EMe28vc3yCRzhVDm8EmEyRdKA3yBnD1kGvRaBVV6Aaf';

/**
 * Each network's endpoints. The Mainnet ledger RPC is a list tried in order (docs/services.md, "The ledger
 * RPC"): `rpc.mainnet.near.org` is deprecated and rate-limited, so it comes last, after the providers
 * the official SDK uses (defuse-protocol/sdk-monorepo packages/internal-utils/src/config.ts).
 */
export const PRESETS: Record<
  NetworkPreset,
  { endpoints: Endpoints; ledgerRpcFallbacks: string[]; verifierId: string; quoteSigningKey: string }
> = {
  local: {
    endpoints: localEndpoints(SIM_PORT),
    ledgerRpcFallbacks: [],
    verifierId: SIM_VERIFIER,
    quoteSigningKey: SIM_QUOTE_SIGNING_KEY,
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
    quoteSigningKey: MAINNET_QUOTE_SIGNING_KEY,
  },
};

/**
 * Each network's PoA bridge (JSON-RPC: https://docs.near-intents.org/near-intents/market-makers/poa-bridge-api).
 * Apart from PRESETS, whose rows are copied into the stored settings.
 */
const BRIDGES: Record<NetworkPreset, string> = {
  local: `${SIM_BASE}/bridge-rpc`,
  mainnet: 'https://bridge.chaindefuser.com/rpc',
};

/**
 * The PoA bridge for the settings of the moment (docs/services.md, "Home: balances, receive, send, withdraw"): the preset's; for custom
 * endpoints, Mainnet's beside the live swap service, else the one beside the swap service (the simulator
 * serves both from one origin).
 */
export function bridgeUrlOf(s: { preset: NetworkPreset | 'custom'; endpoints: Endpoints }): string {
  if (s.preset !== 'custom') return BRIDGES[s.preset];
  const origin = new URL(s.endpoints.swap).origin;
  return origin === new URL(PRESETS.mainnet.endpoints.swap).origin ? BRIDGES.mainnet : `${origin}/bridge-rpc`;
}

export const DEFAULT_AUTO_LOCK_MINUTES = 15;

export const httpUrl = z.lazy(() =>
  z.string().check(
    z.refine((s) => {
      try {
        const u = new URL(s);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, 'must be an http(s) URL'),
  ),
);

export const accountId = z.lazy(() => z.string().check(z.refine(isValidAccountId, 'is not a valid account id')));
export const minutes = z.lazy(() => z.int().check(z.minimum(1), z.maximum(1440)));
// Header-safe token characters: a JWT or API key has no spaces or control characters, and fetch would
// refuse such a header value anyway (https://fetch.spec.whatwg.org/#header-value).
export const credential = z.lazy(() =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(4096),
      z.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
    ),
);

export const fallbacks = z.lazy(() => z.array(httpUrl).check(z.maxLength(5)));
export const endpointsSchema = z.strictObject({
  swap: httpUrl,
  transactions: httpUrl,
  bus: httpUrl,
  ledgerRpc: httpUrl,
});

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};
/** The hosts of the live services (the Mainnet preset's): they know only the live names. */
const LIVE_ORIGINS = new Set(
  [...Object.values(PRESETS.mainnet.endpoints), ...PRESETS.mainnet.ledgerRpcFallbacks].map((u) => new URL(u).origin),
);

/**
 * A swap service's quote signing key as settings take it: an ed25519 public key, `ed25519:<base58>` (any
 * case of the prefix, or bare base58; not a weak key), kept in the one spelling the SDK's check reads.
 */
export const quoteSigningKey = z.lazy(() =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.refine((text) => {
        try {
          return parsePublicKey(text).length === 32;
        } catch {
          return false;
        }
      }, 'must be an ed25519 public key (ed25519:<base58>)'),
    ),
    z.transform((text) => formatPublicKey(parsePublicKey(text))),
  ),
);

/** What a network's settings hold, as the two functions below read them. */
interface NetworkSettings {
  preset: NetworkPreset | 'custom';
  endpoints: Endpoints;
  wireNames?: WireNames | undefined;
  quoteSigningKey?: string | null | undefined;
}

/**
 * The names to send to `url`: a service on a live host gets the live names whatever the preset or the
 * setting says (a custom endpoint there speaks no other spelling), one of Local the interface's, any
 * other the current network's (custom: the `wireNames` setting). Without `url`, the current network's.
 * A swap tracked on another network than today's keeps the names of the network it was made on.
 * The interface: docs/interface.md.
 */
export function wireNamesOf(s: NetworkSettings, url?: string): WireNames {
  if (url !== undefined && LIVE_ORIGINS.has(originOf(url))) return 'live';
  if (url === undefined || Object.values(s.endpoints).includes(url)) return wireNamesFor(s.preset, s.wireNames);
  for (const preset of ['mainnet', 'local'] as const)
    if (Object.values(PRESETS[preset].endpoints).includes(url)) return wireNamesFor(preset, undefined);
  return s.wireNames ?? DEFAULT_WIRE_NAMES;
}

/**
 * The key quotes of the swap service at `url` (default: the current one) must be signed with
 * (docs/services.md, "Quote signatures"): a preset's own key for its service, the `quoteSigningKey`
 * setting for custom endpoints; none for a service no longer configured (a swap made there cannot be
 * checked again, so it is not paid from here).
 */
export function quoteSigningKeyOf(s: NetworkSettings, url?: string): string | null {
  if (url === undefined || url === s.endpoints.swap)
    return s.preset === 'custom' ? (s.quoteSigningKey ?? null) : PRESETS[s.preset].quoteSigningKey;
  for (const preset of ['mainnet', 'local'] as const)
    if (PRESETS[preset].endpoints.swap === url) return PRESETS[preset].quoteSigningKey;
  return null;
}

/**
 * The quote signing key after a change (and the preset it leaves): it stays with the swap service it was
 * set for and is cleared when the swap endpoint changes, as credentials are (docs/security.md, "Quotes
 * the wallet believes"); a preset brings its own; a key set here that is not the preset's makes the
 * endpoints custom.
 */
export function carryQuoteSigningKey(
  current: NetworkSettings,
  next: NetworkSettings,
  change: { preset?: NetworkPreset | undefined; quoteSigningKey?: string | null | undefined },
) {
  const from = change.preset
    ? { swap: PRESETS[change.preset].endpoints.swap, key: PRESETS[change.preset].quoteSigningKey }
    : { swap: current.endpoints.swap, key: quoteSigningKeyOf(current) };
  let quoteSigningKey = next.endpoints.swap === from.swap ? from.key : null;
  let preset = next.preset;
  if (change.quoteSigningKey !== undefined) {
    quoteSigningKey = change.quoteSigningKey;
    if (preset !== 'custom' && quoteSigningKey !== PRESETS[preset].quoteSigningKey) preset = 'custom';
  }
  return { preset, quoteSigningKey };
}
