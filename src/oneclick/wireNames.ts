/**
 * Wire names, both directions, in one place (docs/services.md, "Wire names"). Inside the extension
 * the host ledger is spelt the interface's way: `homeSenderAccount`, `homeTxHashes`, chain id `home`.
 * The live services spell it `nearSenderAccount`, `nearTxHashes`, chain id `near` (the official 1Click
 * SDK's models `SubmitDepositTxRequest`, `SwapDetails`, `TokenResponse.blockchain`:
 * https://github.com/defuse-protocol/one-click-sdk-typescript/tree/main/src/models).
 * - Outbound (`toWire`): the Mainnet preset sends the live names, Local (the simulator) the
 *   interface's, custom endpoints the `wireNames` setting (`wireNamesFor`).
 * - Inbound (`fromWire`, `chainId`): both spellings are accepted and become the interface's.
 * Account ids (`intents.near`, `wrap.near`) are values, not names: they are never touched.
 * The interface: docs/interface.md.
 */
import * as z from 'zod/mini';

/** `live`: the live services' `near*` names; `interface`: the interface's `home*` names. */
export const WIRE_NAMES = ['live', 'interface'] as const;
export type WireNames = (typeof WIRE_NAMES)[number];
export const DEFAULT_WIRE_NAMES: WireNames = 'live';

/** The names a network speaks: Mainnet live, Local the interface's, custom endpoints as set. */
export function wireNamesFor(preset: 'local' | 'mainnet' | 'custom', setting: WireNames | undefined): WireNames {
  if (preset === 'mainnet') return 'live';
  if (preset === 'local') return 'interface';
  return setting ?? DEFAULT_WIRE_NAMES;
}

/** Query or body fields whose value is a chain id (explorer filters, token lists). */
const CHAIN_FIELDS = new Set(['fromChainId', 'toChainId', 'blockchain', 'chainId']);

const homeKey = /^home(?=[A-Z])/;
const nearKey = /^near(?=[A-Z])/;

/** A chain id as the network spells it. */
export const chainToWire = (names: WireNames, chain: string) => (names === 'live' && chain === 'home' ? 'near' : chain);

/**
 * A request body or query in the network's spelling: `homeX` keys become `nearX` and chain ids `home`
 * become `near` for live names; unchanged for the interface's. Deep, without touching the input.
 */
export function toWire(names: WireNames, v: unknown): unknown {
  if (names === 'interface') return v;
  if (Array.isArray(v)) return v.map((x) => toWire(names, x));
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const value = CHAIN_FIELDS.has(k)
      ? Array.isArray(x)
        ? x.map((c) => (typeof c === 'string' ? chainToWire(names, c) : c))
        : typeof x === 'string'
          ? chainToWire(names, x)
          : x
      : toWire(names, x);
    out[k.replace(homeKey, 'near')] = value;
  }
  return out;
}

/** Filters of the interface the live explorer does not take: applied to its answers instead. */
export const LOCAL_ONLY_FILTERS = ['minUsdPrice', 'maxUsdPrice'] as const;

/**
 * Every status the explorer filters by. Its default (no `statuses`) is FAILED, PROCESSING, REFUNDED,
 * SUCCESS: pending rows would be missing, so the wallet always names the statuses it wants, all of them
 * when the user picks none (https://docs.near-intents.org, Intents Explorer API, "Get transactions").
 */
export const EXPLORER_STATUSES = [
  'FAILED',
  'INCOMPLETE_DEPOSIT',
  'PENDING_DEPOSIT',
  'PROCESSING',
  'REFUNDED',
  'SUCCESS',
] as const;

/**
 * The explorer's query in the network's spelling. Both spellings page with `lastDepositAddress` +
 * `lastDepositMemo` (the joined `lastDepositAddressAndMemo` is deprecated by the live docs and the
 * interface alike) and always send `statuses` (EXPLORER_STATUSES). A list leaves as the parameter
 * repeated on live names (`statuses=A&statuses=B`, as the live docs pass multiple values) and
 * comma-joined on the interface's (its `statuses` is "comma-separated"). Live names drop the USD bounds,
 * which the caller applies (LOCAL_ONLY_FILTERS).
 */
export function transactionsSearch(names: WireNames, query: Record<string, unknown>): URLSearchParams {
  const wire = { ...(toWire(names, query) as Record<string, unknown>) };
  if (names === 'live') for (const k of LOCAL_ONLY_FILTERS) delete wire[k];
  if (wire.lastDepositAddress === undefined) delete wire.lastDepositMemo;
  if (!Array.isArray(wire.statuses) || wire.statuses.length === 0) wire.statuses = [...EXPLORER_STATUSES];
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(wire)) {
    if (v === undefined || v === null) continue;
    if (!Array.isArray(v)) q.set(k, String(v));
    else if (names === 'live') for (const x of v) q.append(k, String(x));
    else q.set(k, v.join(','));
  }
  return q;
}

/** Chain id inbound: the live `near` is our `home`. */
export const chainFromWire = (chain: string) => (chain === 'near' ? 'home' : chain);
export const chainId = z.lazy(() => z.pipe(z.string(), z.transform(chainFromWire)));

/**
 * An answer in the interface's spelling: `nearX` keys become `homeX` (when both come, the interface's
 * wins) and null members are dropped (optional fields may arrive as `null`). Deep, without touching
 * the input; chain ids are mapped by the schemas (`chainId`), where their fields are known.
 */
export function fromWire(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(fromWire);
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    // JSON.parse keeps a `__proto__` member as data; assigned here it would become the copy's prototype,
    // and the schemas read inherited keys: unsigned fields would pass as the service's own. No field has it.
    if (x === null || k === '__proto__') continue;
    const name = k.replace(nearKey, 'home');
    if (name !== k && name in v && (v as Record<string, unknown>)[name] !== null) continue;
    out[name] = fromWire(x);
  }
  return out;
}
