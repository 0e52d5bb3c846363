/**
 * The swap service (`/v0/quote`, `/v0/deposit/submit`, `/v0/status`) and the transactions API
 * (`/api/v0/transactions`), over core's requestJson: timeouts, cancellation, bounded retries with
 * backoff on 429/5xx. Callers use the interface's names (homeSenderAccount, chain `home`); bodies and
 * queries leave in the network's spelling (`wireNames`, ./wireNames; docs/services.md, "Wire names");
 * responses are checked by ./schemas, which read both spellings. Errors carry the server's message and HTTP status
 * (docs/services.md, "Errors as they arrive").
 * The interface: docs/interface.md.
 */
import type * as z from 'zod/mini';
import type { MultiPayload, QuoteSignedParts } from '../core';
import { type BoundCredential, type HttpDeps, HttpError, type JsonRequest, requestJson } from '../core';
import { checkQuoteAnswer, noQuoteKey, type QuoteBody, quoteAsSent } from './quoteCheck';
import {
  anyInputWithdrawalsSchema,
  errorBodySchema,
  generateIntentResponseSchema,
  quoteResponseSchema,
  statusResponseSchema,
  submitIntentResponseSchema,
  transactionsSchema,
} from './schemas';
import { DEFAULT_WIRE_NAMES, toWire, transactionsSearch, type WireNames } from './wireNames';

/** A refusal by the service: its own message, the HTTP status and its correlation id. */
export class OneClickError extends HttpError {
  constructor(
    message: string,
    status: number | undefined,
    body: unknown,
    readonly correlationId?: string,
  ) {
    super('http', message, status, body);
  }
}
/** 404 from `/v0/status` or `/v0/deposit/submit`: the service does not know this deposit address. */
export class UnknownDepositError extends OneClickError {}

export interface CallOptions {
  /** Sent as `Authorization: Bearer` only to its own origins, never through a redirect (core/http.ts). */
  jwt?: BoundCredential | null | undefined;
  signal?: AbortSignal | undefined;
  /** The spelling the network speaks (./wireNames `wireNamesFor`); default the live one. */
  wireNames?: WireNames | undefined;
}

const outbound = (o: CallOptions, v: unknown) => toWire(o.wireNames ?? DEFAULT_WIRE_NAMES, v);

async function callWithText<T extends z.ZodMiniType>(
  deps: HttpDeps,
  req: JsonRequest,
  schema: T,
  o: CallOptions,
): Promise<{ data: z.output<T>; text: string; json: unknown }> {
  let json: unknown;
  let text: string;
  try {
    const auth = o.jwt ? { headers: { authorization: `Bearer ${o.jwt.value}` }, origins: o.jwt.origins } : undefined;
    ({ json, text } = await requestJson(deps, { ...req, auth, ...(o.signal ? { signal: o.signal } : {}) }));
  } catch (e) {
    if (!(e instanceof HttpError) || e.kind !== 'http') throw e;
    const b = errorBodySchema.safeParse(e.body);
    const m = b.success ? b.data.message : e.message;
    const refused = new (
      e.status === 404 && /\/v0\/(status|deposit|any-input)/.test(req.url) ? UnknownDepositError : OneClickError
    )(m, e.status, e.body, b.data?.correlationId);
    if (e.service !== undefined) refused.service = e.service;
    throw refused;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new HttpError('parse', `Unexpected answer from the service: ${i?.path.join('.')} ${i?.message}`);
  }
  return { data: parsed.data, text, json };
}

async function call<T extends z.ZodMiniType>(
  deps: HttpDeps,
  req: JsonRequest,
  schema: T,
  o: CallOptions,
): Promise<z.output<T>> {
  return (await callWithText(deps, req, schema, o)).data;
}

const base = (url: string) => url.replace(/\/+$/, '');

/** The quote request as it leaves: as sent (above), in the network's spelling. */
export function quoteToWire(body: QuoteBody, o: CallOptions = {}): unknown {
  return outbound(o, quoteAsSent(body));
}

export interface QuoteCallOptions extends CallOptions {
  /** The key the swap service signs quotes with (`ed25519:<base58>`); null refuses before asking. */
  quoteSigningKey: string | null;
}

/**
 * `POST /v0/quote`, believed only once checked (./quoteCheck): signed by `quoteSigningKey`, and answering
 * this very request as it was sent. `rawText` is the answer byte for byte as received (with its
 * signature): the evidence.
 */
export async function getQuote(deps: HttpDeps, url: string, body: QuoteBody, o: QuoteCallOptions) {
  if (!o.quoteSigningKey) throw noQuoteKey();
  const sent = quoteAsSent(body);
  const {
    data: response,
    text: rawText,
    json,
  } = await callWithText(
    deps,
    { url: `${base(url)}/v0/quote`, method: 'POST', body: outbound(o, sent) },
    quoteResponseSchema,
    o,
  );
  checkQuoteAnswer(json as QuoteSignedParts, sent, o.quoteSigningKey);
  return { response, rawText };
}

/** The interface's spelling; the live wire says `nearSenderAccount` (SDK `SubmitDepositTxRequest`). */
export interface DepositBody {
  txHash: string;
  depositAddress: string;
  homeSenderAccount?: string | undefined;
  memo?: string | undefined;
}

export const submitDeposit = (deps: HttpDeps, url: string, body: DepositBody, o: CallOptions = {}) =>
  call(
    deps,
    { url: `${base(url)}/v0/deposit/submit`, method: 'POST', body: outbound(o, body) },
    statusResponseSchema,
    o,
  );

export const getStatus = (
  deps: HttpDeps,
  url: string,
  depositAddress: string,
  memo?: string | null,
  o: CallOptions = {},
) =>
  call(
    deps,
    {
      url: `${base(url)}/v0/status?${new URLSearchParams({ depositAddress, ...(memo ? { depositMemo: memo } : {}) })}`,
    },
    statusResponseSchema,
    o,
  );

/**
 * `GET {transactions}/transactions`, the query in the network's spelling (./wireNames
 * `transactionsSearch`: chain ids, lists, the statuses always named). A JWT is required (401 without).
 */
export function getTransactions(deps: HttpDeps, url: string, query: Record<string, unknown>, o: CallOptions = {}) {
  const q = transactionsSearch(o.wireNames ?? DEFAULT_WIRE_NAMES, query);
  return call(deps, { url: `${base(url)}/transactions?${q}` }, transactionsSchema, o);
}

/**
 * `POST /v0/generate-intent` with `type: "swap_transfer"`: the service proposes the transfer that pays
 * the swap at `depositAddress` from `signerId`'s intents balance (one-click-sdk-typescript
 * src/services/OneClickService.ts `generateIntent`). Needs the swap-service key only, no bus key.
 */
export const generateIntent = (
  deps: HttpDeps,
  url: string,
  body: { signerId: string; depositAddress: string },
  o: CallOptions = {},
) =>
  call(
    deps,
    {
      url: `${base(url)}/v0/generate-intent`,
      method: 'POST',
      body: { type: 'swap_transfer', standard: 'nep413', ...body },
    },
    generateIntentResponseSchema,
    o,
  );

/** `POST /v0/submit-intent` with the signed transfer (`signedData`, the verifier's MultiPayload). */
export const submitIntent = (deps: HttpDeps, url: string, signedData: MultiPayload, o: CallOptions = {}) =>
  call(
    deps,
    { url: `${base(url)}/v0/submit-intent`, method: 'POST', body: { type: 'swap_transfer', signedData } },
    submitIntentResponseSchema,
    o,
  );

export interface AnyInputWithdrawalsQuery {
  depositAddress: string;
  depositMemo?: string | null | undefined;
  /** ISO 8601: only withdrawals from then on. */
  timestampFrom?: string | undefined;
  /** From 1. */
  page?: number | undefined;
  /** At most 50 (the service's cap). */
  limit?: number | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/**
 * `GET /v0/any-input/withdrawals`: what an ANY_INPUT pool paid out, the only record of its progress since
 * such swaps never end (one-click-sdk-typescript `OneClickService.getAnyInputQuoteWithdrawals`). Needs the
 * swap-service key.
 */
export function getAnyInputWithdrawals(
  deps: HttpDeps,
  url: string,
  query: AnyInputWithdrawalsQuery,
  o: CallOptions = {},
) {
  const q = new URLSearchParams({ depositAddress: query.depositAddress });
  if (query.depositMemo) q.set('depositMemo', query.depositMemo);
  if (query.timestampFrom) q.set('timestampFrom', query.timestampFrom);
  if (query.page !== undefined) q.set('page', String(query.page));
  if (query.limit !== undefined) q.set('limit', String(query.limit));
  if (query.sortOrder) q.set('sortOrder', query.sortOrder);
  return call(deps, { url: `${base(url)}/v0/any-input/withdrawals?${q}` }, anyInputWithdrawalsSchema, o);
}
