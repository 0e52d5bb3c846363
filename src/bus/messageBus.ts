/**
 * Message-bus client (docs/services.md, "The message bus"): publish_intent(s), get_status, quote.
 * Params are an array with one object. Auth is `X-API-Key`, sent only to the bus origin it was saved for
 * (docs/security.md). Business failures come back as
 * `status: "FAILED"` with the verifier's reason; JSON-RPC errors raise RpcError.
 */
import * as z from 'zod/mini';
import type { BoundCredential, HttpDeps, SignedIntent } from '../core';
import { RpcError, callJsonRpc } from './jsonRpc';
import {
  type BusQuote,
  type IntentStatus,
  type PublishManyResult,
  type PublishResult,
  busQuoteSchema,
  intentStatusSchema,
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

  private async call<T extends z.ZodMiniType>(method: string, params: unknown, schema: T, signal?: AbortSignal): Promise<z.output<T>> {
    const key = this.options.apiKey;
    const auth = key ? { headers: { 'x-api-key': key.value }, origins: key.origins } : undefined;
    const answer = await callJsonRpc(this.options.deps, this.options.url, method, [params], { auth, signal });
    if ('error' in answer) throw new RpcError(answer.error.code, answer.error.message, answer.error.data);
    const parsed = schema.safeParse(answer.result);
    if (!parsed.success) throw new RpcError(-32603, `Unexpected ${method} result: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  publishIntent(signed: SignedIntent, quoteHashes: readonly string[] = [], signal?: AbortSignal): Promise<PublishResult> {
    return this.call('publish_intent', { quote_hashes: quoteHashes, signed_data: signed }, publishResultSchema, signal);
  }

  publishIntents(signed: readonly SignedIntent[], quoteHashes: readonly string[] = [], signal?: AbortSignal): Promise<PublishManyResult> {
    return this.call('publish_intents', { quote_hashes: quoteHashes, signed_datas: signed }, publishManyResultSchema, signal);
  }

  getStatus(intentHash: string, signal?: AbortSignal): Promise<IntentStatus> {
    return this.call('get_status', { intent_hash: intentHash }, intentStatusSchema, signal);
  }

  /** Solver offers, or [] when none answered (the bus sends null). */
  async quote(request: QuoteRequest, signal?: AbortSignal): Promise<BusQuote[]> {
    if ((request.exact_amount_in === undefined) === (request.exact_amount_out === undefined)) {
      throw new RpcError(-32602, 'exactly one of exact_amount_in and exact_amount_out is required');
    }
    const offers = await this.call('quote', request, z.nullable(z.array(busQuoteSchema)), signal);
    return offers ?? [];
  }
}
