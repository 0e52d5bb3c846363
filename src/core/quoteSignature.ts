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

/** A member of an object the way JavaScript reads it; like the SDK, null or absent objects throw. */
function reader(v: unknown, what: string): (key: string) => unknown {
  if (v === null || v === undefined) throw new TypeError(`the quote answer has no ${what}`);
  return (key) => (v as Record<string, unknown>)[key];
}

/** `x ? x : undefined` / `x || undefined`, as the SDK writes its optionals. */
const truthy = (v: unknown): unknown => (v ? v : undefined);

/** The object whose stable JSON is hashed (SDK `buildSignedQuoteRequest`, `buildSignedQuote`, `hashQuote`). */
export function quoteSignedFields(response: QuoteSignedParts): Record<string, unknown> {
  const r = reader(response.quoteRequest, 'quoteRequest');
  const q = reader(response.quote, 'quote');
  const request = {
    dry: r('dry'),
    swapType: r('swapType'),
    slippageTolerance: r('slippageTolerance'),
    originAsset: r('originAsset'),
    depositType: r('depositType'),
    destinationAsset: r('destinationAsset'),
    amount: r('amount'),
    refundTo: r('refundTo'),
    refundType: r('refundType'),
    recipient: r('recipient'),
    recipientType: r('recipientType'),
    deadline: r('deadline'),
    quoteWaitingTimeMs: truthy(r('quoteWaitingTimeMs')),
    referral: truthy(r('referral')),
    virtualChainRecipient: truthy(r('virtualChainRecipient')),
    virtualChainRefundRecipient: truthy(r('virtualChainRefundRecipient')),
    customRecipientMsg: truthy(r('customRecipientMsg')),
  };
  const amounts = {
    amountIn: q('amountIn'),
    amountInFormatted: q('amountInFormatted'),
    amountInUsd: q('amountInUsd'),
    minAmountIn: q('minAmountIn'),
    amountOut: q('amountOut'),
    amountOutFormatted: q('amountOutFormatted'),
    amountOutUsd: q('amountOutUsd'),
    minAmountOut: q('minAmountOut'),
  };
  const quote = r('dry')
    ? amounts
    : {
        ...amounts,
        depositAddress: truthy(q('depositAddress')),
        depositMemo: truthy(q('depositMemo')),
        deadline: truthy(q('deadline')),
        timeWhenInactive: truthy(q('timeWhenInactive')),
        timeEstimate: truthy(q('timeEstimate')),
        virtualChainRecipient: truthy(q('virtualChainRecipient')),
        virtualChainRefundRecipient: truthy(q('virtualChainRefundRecipient')),
        customRecipientMsg: truthy(q('customRecipientMsg')),
        refundFee: truthy(q('refundFee')),
        withdrawFee: truthy(q('withdrawFee')),
      };
  return { ...request, ...quote, timestamp: response.timestamp };
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
