/**
 * The swap service's quote signature (docs/services.md, "Quote signatures"), rebuilt exactly as the
 * official SDK's `verifyQuoteSignature` rebuilds it (one-click-sdk-typescript src/quote-signature.ts,
 * release 0.1.25, https://github.com/defuse-protocol/one-click-sdk-typescript): ed25519 over the UTF-8
 * bytes of base58(sha256(stable JSON of {...signed request fields, ...signed quote fields, timestamp})).
 * One home for the rule: the simulator signs with it, the wallet verifies with it
 * (src/oneclick/quoteCheck.ts), and a test holds both to the SDK's own function.
 *
 * Details the SDK's code decides, kept here on purpose:
 * - Request optionals (`quoteWaitingTimeMs`, `referral`, virtual-chain fields, `customRecipientMsg`) are
 *   signed only when truthy; `appFees`, `depositMode`, `correlationId` and the rest are never signed.
 * - A non-dry quote's fields are spread over the request's, so its `deadline`, virtual-chain fields and
 *   `customRecipientMsg` (each only when truthy) REPLACE the request's: in a non-dry quote the echoed
 *   request's deadline is not signed. A dry quote signs only its eight amount fields.
 * - Values are taken as they came (a `null` amount field is signed as `null`): verify the answer's
 *   parsed JSON, never a normalised copy.
 * Verification is strict RFC 8032 (`verifyEd25519`): it refuses a non-canonical `S` (≥ the group order)
 * that the SDK's tweetnacl accepts; it never accepts what the SDK refuses.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, utf8 } from './encoding';
import { verifyEd25519 } from './nep413';

/** A quote answer as it came: the fields the signature covers are read from it, whatever their types. */
export interface QuoteSignedParts {
  timestamp?: unknown;
  quoteRequest?: unknown;
  quote?: unknown;
  signature?: unknown;
}

const PREFIX = 'ed25519:';

/**
 * JSON with object keys sorted (UTF-16 order) at every level and undefined members left out; undefined in
 * an array is `null` (npm json-stable-stringify, which the SDK uses, for JSON values).
 */
export function stableStringify(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v: unknown) => stableStringify(v)).join(',')}]`;
  const o = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(o).sort()) {
    if (o[key] === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${stableStringify(o[key])}`);
  }
  return `{${parts.join(',')}}`;
}

/** Request fields always signed (SDK `buildSignedQuoteRequest`). */
export const SIGNED_REQUEST_FIELDS = [
  'dry',
  'swapType',
  'slippageTolerance',
  'originAsset',
  'depositType',
  'destinationAsset',
  'amount',
  'refundTo',
  'refundType',
  'recipient',
  'recipientType',
  'deadline',
] as const;
/** Request fields signed only when truthy. */
export const OPTIONAL_REQUEST_FIELDS = [
  'quoteWaitingTimeMs',
  'referral',
  'virtualChainRecipient',
  'virtualChainRefundRecipient',
  'customRecipientMsg',
] as const;
/** Quote fields always signed (SDK `buildSignedQuote`, dry and not). */
const AMOUNT_FIELDS = [
  'amountIn',
  'amountInFormatted',
  'amountInUsd',
  'minAmountIn',
  'amountOut',
  'amountOutFormatted',
  'amountOutUsd',
  'minAmountOut',
];
/** Quote fields a non-dry quote signs when truthy; those that share a request field's name replace it. */
const NON_DRY_FIELDS = [
  'depositAddress',
  'depositMemo',
  'deadline',
  'timeWhenInactive',
  'timeEstimate',
  'virtualChainRecipient',
  'virtualChainRefundRecipient',
  'customRecipientMsg',
  'refundFee',
  'withdrawFee',
];

/** The object whose stable JSON is hashed (SDK `buildSignedQuoteRequest`, `buildSignedQuote`, `hashQuote`). */
export function quoteSignedFields(response: QuoteSignedParts): Record<string, unknown> {
  const { quoteRequest: r, quote: q } = response;
  // Like the SDK, a null or absent request or quote throws (and verification answers false).
  if (r == null || q == null) throw new TypeError('the quote answer has no quoteRequest or quote');
  const read = (o: unknown, k: string) => (o as Record<string, unknown>)[k];
  // `x ? x : undefined` / `x || undefined`, as the SDK writes its optionals; undefined members are left out.
  const truthy = (v: unknown) => (v ? v : undefined);
  const out: Record<string, unknown> = {};
  for (const k of SIGNED_REQUEST_FIELDS) out[k] = read(r, k);
  for (const k of OPTIONAL_REQUEST_FIELDS) out[k] = truthy(read(r, k));
  for (const k of AMOUNT_FIELDS) out[k] = read(q, k);
  if (!read(r, 'dry')) for (const k of NON_DRY_FIELDS) out[k] = truthy(read(q, k));
  out.timestamp = response.timestamp;
  return out;
}

/** The text that is signed: base58 of the SHA-256 of the stable JSON of the signed fields (SDK `quoteHash`). */
export function quoteSigningMessage(response: QuoteSignedParts): string {
  return base58.encode(sha256(utf8.encode(stableStringify(quoteSignedFields(response)))));
}

/** `ed25519:<base58>` over the signing message, as the service signs (the simulator's signer). */
export function signQuote(response: QuoteSignedParts, secretSeed: Uint8Array): string {
  return PREFIX + base58.encode(ed25519.sign(utf8.encode(quoteSigningMessage(response)), secretSeed));
}

/** The SDK's `decodeEd25519Base58`: the `ed25519:` prefix is optional (and only in lower case). */
function decodeKeyOrSignature(value: unknown): Uint8Array {
  if (typeof value !== 'string') throw new TypeError('not a string');
  return base58.decode(value.startsWith(PREFIX) ? value.slice(PREFIX.length) : value);
}

/**
 * Whether `response.signature` is `publicKey`'s signature of the quote: false for anything malformed,
 * as the SDK's `verifyQuoteSignature(response, publicKey)` answers.
 */
export function verifyQuoteSignature(response: QuoteSignedParts, publicKey: string): boolean {
  try {
    const signature = decodeKeyOrSignature(response.signature);
    const key = decodeKeyOrSignature(publicKey);
    return verifyEd25519(key, utf8.encode(quoteSigningMessage(response)), signature);
  } catch {
    return false;
  }
}
