/**
 * The quote signature (docs/services.md, "The swap service"), built exactly as the official SDK's
 * `verifyQuoteSignature` rebuilds it: ed25519 over the UTF-8 bytes of
 * base58(sha256(stable-stringify({...signedRequest, ...signedQuote, timestamp}))).
 * Keys are sorted and undefined values dropped (json-stable-stringify); falsy optionals are dropped.
 * Non-dry quotes also sign refundFee and withdrawFee (one-click-sdk-typescript src/quote-signature.ts `buildSignedQuote`).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, type KeyPair, utf8 } from '../../core';
import type { QuoteResponse } from './model';

type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json };

/** JSON with object keys sorted at every level and undefined members left out. */
export function stableStringify(value: Json): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => stableStringify(v === undefined ? null : v)).join(',')}]`;
  const parts: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const v = value[key];
    if (v === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${stableStringify(v)}`);
  }
  return `{${parts.join(',')}}`;
}

const orUndef = <T>(v: T | null | undefined): T | undefined => (v ? v : undefined);

function signedFields(response: Pick<QuoteResponse, 'quoteRequest' | 'quote' | 'timestamp'>): Record<string, Json> {
  const r = response.quoteRequest;
  const q = response.quote;
  const request: Record<string, Json> = {
    dry: r.dry,
    swapType: r.swapType,
    slippageTolerance: r.slippageTolerance,
    originAsset: r.originAsset,
    depositType: r.depositType,
    destinationAsset: r.destinationAsset,
    amount: r.amount,
    refundTo: r.refundTo,
    refundType: r.refundType,
    recipient: r.recipient,
    recipientType: r.recipientType,
    deadline: r.deadline,
    quoteWaitingTimeMs: orUndef(r.quoteWaitingTimeMs),
    referral: orUndef(r.referral),
    virtualChainRecipient: orUndef(r.virtualChainRecipient),
    virtualChainRefundRecipient: orUndef(r.virtualChainRefundRecipient),
    customRecipientMsg: orUndef(r.customRecipientMsg),
  };
  const quote: Record<string, Json> = {
    amountIn: q.amountIn,
    amountInFormatted: q.amountInFormatted,
    amountInUsd: q.amountInUsd,
    minAmountIn: q.minAmountIn,
    amountOut: q.amountOut,
    amountOutFormatted: q.amountOutFormatted,
    amountOutUsd: q.amountOutUsd,
    minAmountOut: q.minAmountOut,
  };
  if (!r.dry) {
    Object.assign(quote, {
      depositAddress: orUndef(q.depositAddress),
      depositMemo: orUndef(q.depositMemo),
      deadline: orUndef(q.deadline),
      timeWhenInactive: orUndef(q.timeWhenInactive),
      timeEstimate: orUndef(q.timeEstimate),
      virtualChainRecipient: orUndef(q.virtualChainRecipient),
      virtualChainRefundRecipient: orUndef(q.virtualChainRefundRecipient),
      customRecipientMsg: orUndef(q.customRecipientMsg),
      refundFee: orUndef(q.refundFee),
      withdrawFee: orUndef(q.withdrawFee),
    });
  }
  return { ...request, ...quote, timestamp: response.timestamp };
}

/** The string that is signed: base58 of the sha256 of the stable JSON of the signed fields. */
export function quoteHash(response: Pick<QuoteResponse, 'quoteRequest' | 'quote' | 'timestamp'>): string {
  return base58.encode(sha256(utf8.encode(stableStringify(signedFields(response)))));
}

export function signQuote(response: Pick<QuoteResponse, 'quoteRequest' | 'quote' | 'timestamp'>, signer: KeyPair): string {
  const signature = ed25519.sign(utf8.encode(quoteHash(response)), signer.secretSeed);
  return `ed25519:${base58.encode(signature)}`;
}
