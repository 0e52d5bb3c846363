// The wire protocol shared by the page provider, the relay, the background and the UI.
// Page-facing: this file ships inside the content scripts, so it imports nothing (no zod, no noble).
// The zod schemas the background parses with live in ./schemas.ts.

/** Tag on every window.postMessage between the page provider and the relay. */
export const PAGE_CHANNEL = 'intents-companion:page/v1';
export const RELAY_CHANNEL = 'intents-companion:relay/v1';

/** EIP-6963-style discovery events on `window`. */
export const REQUEST_PROVIDER_EVENT = 'intents:requestProvider';
export const ANNOUNCE_PROVIDER_EVENT = 'intents:announceProvider';

/** Name of the global the provider is installed as. */
export const PROVIDER_GLOBAL = 'intentsCompanion';

export const PROVIDER_NAME = 'Intents Companion';
export const PROVIDER_RDNS = 'io.github.intents-companion';
/** EIP-6963 asks for a data: URI icon (96×96 or larger when rendered). */
export const PROVIDER_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#4338ca"/><circle cx="48" cy="48" r="24" fill="none" stroke="#fff" stroke-width="10"/></svg>',
  );

/** The provider methods (docs/architecture.md, "Provider API"). */
export const METHODS = {
  requestAccounts: 'intents_requestAccounts',
  accounts: 'intents_accounts',
  signMessage: 'intents_signMessage',
  signIntents: 'intents_signIntents',
  publishIntents: 'intents_publishIntents',
  getIntentStatus: 'intents_getIntentStatus',
  disconnect: 'intents_disconnect',
  network: 'intents_network',
  status: 'intents_status',
  getPermissions: 'wallet_getPermissions',
  revokePermissions: 'wallet_revokePermissions',
} as const;
export type ProviderMethod = (typeof METHODS)[keyof typeof METHODS];

/** Provider events a page can subscribe to with on/off. */
export const PROVIDER_EVENTS = [
  'accountsChanged',
  'connect',
  'disconnect',
  'lock',
  'unlock',
  'networkChanged',
] as const;
export type ProviderEvent = (typeof PROVIDER_EVENTS)[number];

/** The network a connected page is told about (`intents_network`, `networkChanged`): the verifier decides it. */
export interface PageNetwork {
  network: 'mainnet' | 'local' | 'custom';
  verifierId: string;
}

/**
 * `intents_status`: a stranger learns only that it is not connected; a connected site, whether the wallet is
 * locked, and the ids of the accounts it was granted (locked too: ids it was given, never a key).
 */
export type PageStatus = { connected: false } | { connected: true; locked: boolean; accountIds: string[] };

/** EIP-1193 / JSON-RPC error codes. */
export const ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  invalidParams: -32602,
  internal: -32603,
  requestPending: -32002,
  rateLimited: -32005,
  /** The payload's deadline (a quote's lifetime) passed before Confirm: ask for a new quote and request again. */
  expired: -32010,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ProviderErrorShape {
  code: number;
  message: string;
  data?: unknown;
}

/** What a page's promise rejects with: an Error carrying the code (EIP-1193 `ProviderRpcError`). */
export type ProviderRpcError = Error & ProviderErrorShape;

export function providerRpcError({ code, message, data }: ProviderErrorShape): ProviderRpcError {
  const error = new Error(message) as ProviderRpcError;
  error.name = 'ProviderRpcError';
  error.code = code;
  if (data !== undefined) error.data = data;
  return error;
}

export interface RequestArguments {
  method: string;
  params?: unknown;
}

export type ProviderListener = (...args: unknown[]) => void;

/** What `window.intentsCompanion` is. */
export interface IntentsProvider {
  readonly isIntentsCompanion: true;
  request(args: RequestArguments): Promise<unknown>;
  on(event: string, listener: ProviderListener): IntentsProvider;
  off(event: string, listener: ProviderListener): IntentsProvider;
}

export interface ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface AnnounceDetail {
  info: ProviderInfo;
  provider: IntentsProvider;
}

// ---- page ⇄ relay (window.postMessage) ----

export type RequestId = number;

export interface PageRequest {
  channel: typeof PAGE_CHANNEL;
  id: RequestId;
  method: string;
  params?: unknown;
}

export type RelayMessage =
  | { channel: typeof RELAY_CHANNEL; id: RequestId; result: unknown }
  | { channel: typeof RELAY_CHANNEL; id: RequestId; error: ProviderErrorShape }
  | { channel: typeof RELAY_CHANNEL; event: string; data: unknown };

// ---- relay / UI ⇄ background (runtime messages) ----

/**
 * `doc` is the relay's token for the document it runs in (random, made when the document loads, out
 * of the page's reach in the isolated world): the background answers and sends events to that
 * document only, never to whatever the tab shows later (docs/security.md, "Per-document identity").
 */
export type RuntimeMessage = { type: 'ping' } | { type: 'request'; method: string; params?: unknown; doc?: string };

export type RuntimeReply = { ok: true; result: unknown } | { ok: false; error: ProviderErrorShape };

/**
 * The background's answer to a request that waits for the user: the result comes later as a
 * BackgroundPush to the tab, so it survives a service-worker restart while the approval is open.
 */
export interface DeferredReply {
  ok: 'deferred';
  approvalId: string;
}

/**
 * What the background sends a tab's relay (tabs.sendMessage). A relay drops a push whose `doc` is not
 * its own; `probe` asks whether the document is still the one that asked (the relay answers true).
 */
export type BackgroundPush =
  | { type: 'approvalResult'; approvalId: string; reply: RuntimeReply; doc: string | null }
  | { type: 'providerEvent'; event: string; data: unknown; doc: string | null }
  | { type: 'probe'; doc: string | null };

/** The relay's document token: 16 random bytes as hex. */
export const DOC_TOKEN_RE = /^[0-9a-f]{32}$/;

export const MAX_METHOD_LENGTH = 64;

export function isDeferredReply(value: unknown): value is DeferredReply {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as DeferredReply).ok === 'deferred' &&
    typeof (value as DeferredReply).approvalId === 'string'
  );
}

export function errorReply(code: number, message: string, data?: unknown): RuntimeReply {
  return { ok: false, error: data === undefined ? { code, message } : { code, message, data } };
}

export function isProviderError(value: unknown): value is ProviderErrorShape {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Number.isInteger(v.code) && typeof v.message === 'string';
}

/** Shape check without zod: the relay and the UI use it on what the background answers. */
export function isRuntimeReply(value: unknown): value is RuntimeReply {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.ok === true) return 'result' in v;
  return v.ok === false && isProviderError(v.error);
}
