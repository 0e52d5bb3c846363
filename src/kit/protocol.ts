/**
 * The wallet's provider API as a dApp sees it (docs/dapps.md): method names, params and results, events
 * and their payloads, error codes. The wallet's own copy is src/provider/protocol.ts; a unit test keeps
 * the two equal (test/unit/kit/kit.unit.test.ts).
 */

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

/** EIP-1193 / JSON-RPC codes the wallet answers with (docs/dapps.md, "Errors"). */
export const ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  invalidParams: -32602,
  internal: -32603,
  requestPending: -32002,
  rateLimited: -32005,
  expired: -32010,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The discovery events on `window` (EIP-6963 style) and the global the provider is installed as. */
export const REQUEST_PROVIDER_EVENT = 'intents:requestProvider';
export const ANNOUNCE_PROVIDER_EVENT = 'intents:announceProvider';
export const PROVIDER_GLOBAL = 'intentsCompanion';

export interface Account {
  accountId: string;
  /** `ed25519:<base58>` */
  publicKey: string;
}

export type NetworkName = 'mainnet' | 'local' | 'custom';
export interface Network {
  network: NetworkName;
  /** The verifier contract intents are signed for (`intents.near` on Mainnet). */
  verifierId: string;
}
/** `accountIds`: the ids the site was granted, also while locked (the keys then stay locked away). */
export type Status = { connected: false } | { connected: true; locked: boolean; accountIds: string[] };

/** An intent as the verifier reads it (docs/protocol.md); `intent` names its kind. */
export type Intent = { intent: string } & Record<string, unknown>;
/** 32 bytes: base64, a number array, or bytes. */
export type Nonce = string | number[] | Uint8Array;

export interface SignMessageParams {
  message: string;
  recipient: string;
  nonce: Nonce;
  callbackUrl?: string;
  accountId?: string;
}
export interface SignMessageResult {
  accountId: string;
  publicKey: string;
  /** base64 of the 64-byte ed25519 signature */
  signature: string;
}

export interface SignIntentsParams {
  intents: Intent[];
  /** RFC 3339; default a few minutes from now. Keep it no later than the quotes' expiry. */
  deadline?: string;
  signerId?: string;
  /** 32 bytes; default a fresh versioned nonce. */
  nonce?: string;
  /** Ignored for a passkey account (its `publicKey` is `p256:…`): it signs `webauthn` only. */
  standard?: 'nep413' | 'raw_ed25519';
}
/**
 * A signed payload as the verifier takes it: `nep413` and `raw_ed25519` from an ed25519 key, `webauthn`
 * from a passkey account (its `payload` the whole intent payload as a JSON string, `public_key` and
 * `signature` `p256:…`, plus `client_data_json` and `authenticator_data` (base64url)).
 */
export interface SignedIntent {
  standard: 'nep413' | 'raw_ed25519' | 'webauthn' | (string & {});
  public_key?: string;
  signature: string;
  payload: unknown;
  client_data_json?: string;
  authenticator_data?: string;
}
export interface SignIntentsResult {
  signed: SignedIntent;
  intentHash: string;
  payload: unknown;
}
export type PublishIntentsParams =
  | (SignIntentsParams & { quoteHashes?: string[] })
  | { signed: SignedIntent; quoteHashes?: string[] };
export interface PublishIntentsResult {
  intentHash: string;
  status: 'OK';
}

export type IntentStatusName = 'PENDING' | 'TX_BROADCASTED' | 'SETTLED' | 'NOT_FOUND_OR_NOT_VALID';
export interface IntentStatus {
  intent_hash: string;
  status: IntentStatusName;
  status_details?: string;
  data?: { hash?: string } & Record<string, unknown>;
}

export interface Permission {
  parentCapability: 'intents_accounts';
  invoker: string;
  caveats: { type: 'restrictReturnedAccounts'; value: string[] }[];
}

/** Every method: its params (undefined when it takes none) and its result. */
export interface MethodMap {
  intents_requestAccounts: { params: Record<string, never> | undefined; result: Account[] };
  intents_accounts: { params: undefined; result: Account[] };
  intents_signMessage: { params: SignMessageParams; result: SignMessageResult };
  intents_signIntents: { params: SignIntentsParams; result: SignIntentsResult };
  intents_publishIntents: { params: PublishIntentsParams; result: PublishIntentsResult };
  intents_getIntentStatus: { params: { intentHash: string }; result: IntentStatus };
  intents_disconnect: { params: Record<string, never> | undefined; result: null };
  intents_network: { params: undefined; result: Network };
  intents_status: { params: undefined; result: Status };
  wallet_getPermissions: { params: undefined; result: Permission[] };
  wallet_revokePermissions: { params: Record<string, Record<string, never>>[]; result: null };
}
export type Method = keyof MethodMap;

/** Every event and what its listener receives (docs/dapps.md, "Events"). */
export interface EventMap {
  /** Connect, account switch, revoke, lock (`[]`), unlock, another network. */
  accountsChanged: Account[];
  connect: { accounts: Account[] };
  disconnect: null;
  lock: null;
  unlock: null;
  /** The settings moved to another network (sent to the sites connected there). */
  networkChanged: Network;
}
export type EventName = keyof EventMap;
export const EVENTS: readonly EventName[] = [
  'accountsChanged',
  'connect',
  'disconnect',
  'lock',
  'unlock',
  'networkChanged',
];

/** `window.intentsCompanion` as the wallet installs it. */
export interface RawProvider {
  readonly isIntentsCompanion: true;
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: (data: unknown) => void): unknown;
  off(event: string, listener: (data: unknown) => void): unknown;
}

export interface ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}
