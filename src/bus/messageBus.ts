/**
 * Message-bus client (docs/services.md, "The message bus"): publish_intent(s), get_status, quote.
 * Params are an array with one object. Auth is `X-API-Key`, sent only to the bus origin it was saved for
 * (docs/security.md). Business failures come back as
 * `status: "FAILED"` with the verifier's reason; JSON-RPC errors raise RpcError.
 */
import * as z from 'zod/mini';
import type { BoundCredential, HttpDeps, MultiPayload } from '../core';
import { callJsonRpc, RpcError } from './jsonRpc';
import {
  type BusQuote,
  busQuoteItemSchema,
  busQuoteSchema,
  type IntentStatus,
  intentStatusSchema,
  type PublishManyResult,
  type PublishResult,
  publishManyResultSchema,
  publishResultSchema,
} from './schemas';

export interface MessageBusOptions {
  /** `{rpc_url}/rpc`. */
  url: string;
  /** Sent as `X-API-Key` only to its own origins, never through a redirect (core/http.ts). */
  apiKey?: BoundCredential | undefined;
  deps: HttpDeps;
}

export interface QuoteRequest {
  defuse_asset_identifier_in: string;
  defuse_asset_identifier_out: string;
  exact_amount_in?: string;
  exact_amount_out?: string;
  min_deadline_ms?: number;
}

export class MessageBusClient {
  constructor(private readonly options: MessageBusOptions) {}

  private async call<T extends z.ZodMiniType>(
    method: string,
    params: unknown,
    schema: T,
    signal?: AbortSignal,
  ): Promise<z.output<T>> {
    const key = this.options.apiKey;
    const auth = key ? { headers: { 'x-api-key': key.value }, origins: key.origins } : undefined;
    const answer = await callJsonRpc(this.options.deps, this.options.url, method, [params], { auth, signal });
    if ('error' in answer) throw new RpcError(answer.error.code, answer.error.message, answer.error.data);
    const parsed = schema.safeParse(answer.result);
    if (!parsed.success)
      throw new RpcError(-32603, `Unexpected ${method} result: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  publishIntent(
    signed: MultiPayload,
    quoteHashes: readonly string[] = [],
    signal?: AbortSignal,
  ): Promise<PublishResult> {
    return this.call('publish_intent', { quote_hashes: quoteHashes, signed_data: signed }, publishResultSchema, signal);
  }

  publishIntents(
    signed: readonly MultiPayload[],
    quoteHashes: readonly string[] = [],
    signal?: AbortSignal,
  ): Promise<PublishManyResult> {
    return this.call(
      'publish_intents',
      { quote_hashes: quoteHashes, signed_datas: signed },
      publishManyResultSchema,
      signal,
    );
  }

  getStatus(intentHash: string, signal?: AbortSignal): Promise<IntentStatus> {
    return this.call('get_status', { intent_hash: intentHash }, intentStatusSchema, signal);
  }

  /**
   * Solver offers for exactly this request, and the smallest `min_amount` of the solvers that found
   * the amount too small (`null` when none did). The bus answers `null` when no solver answered, or a
   * list mixing offers and failures (docs/services.md, "The message bus"); offers whose tokens or fixed
   * side differ from the request are dropped, as the official SDK does.
   */
  async quote(request: QuoteRequest, signal?: AbortSignal): Promise<BusQuoteAnswer> {
    if ((request.exact_amount_in === undefined) === (request.exact_amount_out === undefined)) {
      throw new RpcError(-32602, 'exactly one of exact_amount_in and exact_amount_out is required');
    }
    const items = (await this.call('quote', request, z.nullable(z.array(busQuoteItemSchema)), signal)) ?? [];
    const offers: BusQuote[] = [];
    let minAmount: bigint | null = null;
    for (const item of items) {
      const offer = busQuoteSchema.safeParse(item);
      if (offer.success) {
        if (matches(offer.data, request)) offers.push(offer.data);
        continue;
      }
      const failure = item as { type?: unknown; min_amount?: unknown };
      if (failure.type === 'INSUFFICIENT_AMOUNT' && typeof failure.min_amount === 'string') {
        const min = BigInt(failure.min_amount);
        if (minAmount === null || min < minAmount) minAmount = min;
      }
    }
    return { offers, minAmount: minAmount === null ? null : minAmount.toString() };
  }
}

export interface BusQuoteAnswer {
  offers: BusQuote[];
  /** Smallest units of the fixed side; set when at least one solver found the amount too small. */
  minAmount: string | null;
}

const matches = (o: BusQuote, r: QuoteRequest) =>
  o.defuse_asset_identifier_in === r.defuse_asset_identifier_in &&
  o.defuse_asset_identifier_out === r.defuse_asset_identifier_out &&
  (r.exact_amount_in === undefined || o.amount_in === r.exact_amount_in) &&
  (r.exact_amount_out === undefined || o.amount_out === r.exact_amount_out);

/** What a person reads when no solver made an offer: the minimum, in the units the caller formats. */
export function noOfferText(answer: BusQuoteAnswer, format: (amount: string) => string = (a) => a): string | null {
  if (answer.offers.length > 0) return null;
  return answer.minAmount === null
    ? 'No solver offered a quote'
    : `No solver offered a quote: the minimum amount is ${format(answer.minAmount)}`;
}
