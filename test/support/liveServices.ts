/**
 * A strict fake of the live services on the Mainnet hosts (the swap service, the explorer, the message
 * bus, the ledger RPC), for contract tests: every request is checked against the live shape, written
 * from the official SDK's models (one-click-sdk-typescript 0.1.25, src/models: QuoteRequest,
 * SubmitDepositTxRequest, GenerateSwapTransferIntentRequest, SubmitSwapTransferIntentRequest,
 * OneClickService's query parameters), the explorer's documented query (docs.near-intents.org,
 * Intents Explorer API) and the solver relay's JSON-RPC types (defuse-protocol/sdk-monorepo
 * packages/internal-utils/src/solverRelay/solverRelayHttpClient/types.ts). Unknown fields, wrong enum
 * values and the interface's own spellings (`home`, `homeSenderAccount`) are refused as the live
 * validator refuses them (400), a missing key as 401, an unknown route as 404; every request and
 * every refusal is recorded. Answers come from test/fixtures/live, made stateful enough for a journey
 * (a quote registers its deposit address, a deposit or a payment moves its status on). Quotes are
 * signed as the live service signs them (the SDK's quote-signature rule, src/core/quoteSignature.ts) by
 * a key of the fake's own (`FAKE_QUOTE_SIGNING_KEY`: the live key's secret is not ours), and, as the live
 * service does, a quote asked without a partner key gets its platform fee added to the echoed `appFees`.
 * It is a test double of services the extension does not control, never of the extension itself.
 * The interface: docs/interface.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TokenResponse } from '@defuse-protocol/one-click-sdk-typescript';
import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';
import { PRESETS } from '../../src/background/wallet/settings';
import {
  encodeVersionedNonce,
  extractIntentPayload,
  formatDeadline,
  formatPublicKey,
  hex,
  intentHash,
  publicKeyFromSeed,
  type SignedIntent,
  signedIntentSchema,
  signQuote,
  utf8,
  verifySignedIntent,
} from '../../src/core';
import type { FetchLike } from '../../src/core/http';

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), '../fixtures/live');
export const fixture = <T = unknown>(name: string): T =>
  JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as T;

export const LIVE_HOSTS = {
  swap: PRESETS.mainnet.endpoints.swap,
  transactions: PRESETS.mainnet.endpoints.transactions,
  bus: PRESETS.mainnet.endpoints.bus,
  ledger: [PRESETS.mainnet.endpoints.ledgerRpc, ...PRESETS.mainnet.ledgerRpcFallbacks],
};

/** The fake's quote signer: fixed, so a test can trust it (`quoteSigningKey` in the settings). */
const QUOTE_SIGNER_SEED = sha256(utf8.encode('live-services-fake/quote-signer'));
export const FAKE_QUOTE_SIGNING_KEY = formatPublicKey(publicKeyFromSeed(QUOTE_SIGNER_SEED));
/** The platform fee the live service adds without a partner key (test/fixtures/live quote-exact-input: recipient and fee of the SDK's staging vector). */
export const PLATFORM_FEE = { recipient: '5880ad2b362620fadf759cbceb1cd5737ce8c6ed7fb8e9942881e6731f9247dd', fee: 10 };

/** The live chain ids: the SDK's `TokenResponse.blockchain` enum (`near`, never `home`). */
const CHAINS = Object.values(TokenResponse.blockchain) as [string, ...string[]];
const STATUSES = [
  'KNOWN_DEPOSIT_TX',
  'PENDING_DEPOSIT',
  'INCOMPLETE_DEPOSIT',
  'PROCESSING',
  'SUCCESS',
  'REFUNDED',
  'FAILED',
] as const;
const digits = z.string().regex(/^\d+$/);
const iso = z
  .string()
  .refine((s) => /^\d{4}-\d\d-\d\dT/.test(s) && Number.isFinite(Date.parse(s)), 'must be an ISO 8601 date');
const account = z
  .string()
  .regex(/^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/)
  .min(2)
  .max(64);

/** SDK model QuoteRequest, with its enums. */
const quoteRequest = z
  .strictObject({
    dry: z.boolean(),
    depositMode: z.enum(['SIMPLE', 'MEMO']).optional(),
    swapType: z.enum(['EXACT_INPUT', 'EXACT_OUTPUT', 'FLEX_INPUT', 'ANY_INPUT']),
    slippageTolerance: z.number().min(0).max(10_000),
    originAsset: z.string().min(1),
    depositType: z.enum(['ORIGIN_CHAIN', 'INTENTS', 'CONFIDENTIAL_INTENTS']),
    destinationAsset: z.string().min(1),
    amount: digits,
    refundTo: z.string().min(1),
    refundType: z.enum(['ORIGIN_CHAIN', 'INTENTS', 'CONFIDENTIAL_INTENTS']),
    recipient: z.string().min(1),
    connectedWallets: z.array(z.string()).optional(),
    sessionId: z.string().optional(),
    virtualChainRecipient: z.string().optional(),
    virtualChainRefundRecipient: z.string().optional(),
    customRecipientMsg: z.string().optional(),
    recipientType: z.enum(['DESTINATION_CHAIN', 'INTENTS', 'CONFIDENTIAL_INTENTS']),
    deadline: iso,
    confidentiality: z.enum(['public', 'basic', 'advanced']).optional(),
    referral: z.string().optional(),
    rebates: z.array(z.unknown()).optional(),
    quoteWaitingTimeMs: z.number().int().min(0).optional(),
    // Each fee 0–500 bps (SDK `AppFee`; docs.near-intents.org fee-config).
    appFees: z
      .array(z.strictObject({ recipient: z.string().min(1), fee: z.number().int().min(0).max(500) }))
      .optional(),
  })
  .superRefine((r, ctx) => {
    // ANY_INPUT in its one shape (docs.near-intents.org, fee-config "Fee Aggregation").
    const any = r.swapType === 'ANY_INPUT';
    if (any !== (r.originAsset === '1cs:any'))
      ctx.addIssue({
        code: 'custom',
        path: ['originAsset'],
        message: 'originAsset must be 1cs:any for ANY_INPUT, and only then',
      });
    if (any && (r.amount !== '0' || r.depositType !== 'INTENTS' || r.refundType !== 'INTENTS')) {
      ctx.addIssue({
        code: 'custom',
        path: ['swapType'],
        message: 'ANY_INPUT takes amount 0 with INTENTS deposit and refund',
      });
    }
    if (!any && !/[1-9]/.test(r.amount))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount must be positive' });
  });

const submitDeposit = z.strictObject({
  txHash: z.string().min(1),
  depositAddress: z.string().min(1),
  nearSenderAccount: account.optional(),
  memo: z.string().optional(),
});
const statusQuery = z.strictObject({ depositAddress: z.string().min(1), depositMemo: z.string().optional() });
const withdrawalsQuery = z.strictObject({
  depositAddress: z.string().min(1),
  depositMemo: z.string().optional(),
  timestampFrom: iso.optional(),
  page: z
    .string()
    .regex(/^[1-9]\d*$/)
    .optional(),
  limit: z
    .string()
    .regex(/^\d+$/)
    .refine((n) => Number(n) >= 1 && Number(n) <= 50, 'limit is 1 to 50')
    .optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
const STANDARDS = ['nep413', 'erc191', 'raw_ed25519', 'webauthn', 'ton_connect', 'sep53', 'tip191'] as const;
const generateIntent = z.strictObject({
  type: z.literal('swap_transfer'),
  standard: z.enum(STANDARDS),
  signerId: account,
  depositAddress: z.string().min(1),
});
const submitIntent = z.strictObject({
  type: z.literal('swap_transfer'),
  signedData: z.record(z.string(), z.unknown()),
});

/**
 * The explorer's documented query (docs.near-intents.org, Intents Explorer API, "Get transactions"): the
 * cursor is `lastDepositAddress` + `lastDepositMemo` (the joined `lastDepositAddressAndMemo` is
 * deprecated there, so refused here), several values are passed by repeating the parameter (only
 * `statuses` takes several; a comma list is one unknown status), chain ids are the SDK's.
 */
const explorerStatus = z.enum(STATUSES).exclude(['KNOWN_DEPOSIT_TX']);
const transactionsQuery = z
  .strictObject({
    numberOfTransactions: z
      .string()
      .regex(/^\d+$/)
      .refine((n) => Number(n) >= 1 && Number(n) <= 1000)
      .optional(),
    lastDepositAddress: z.string().min(1).optional(),
    lastDepositMemo: z.string().min(1).optional(),
    direction: z.enum(['next', 'prev']).optional(),
    search: z.string().optional(),
    fromChainId: z.enum(CHAINS).optional(),
    fromTokenId: z.string().optional(),
    toChainId: z.enum(CHAINS).optional(),
    toTokenId: z.string().optional(),
    referral: z.string().optional(),
    affiliate: z.string().optional(),
    statuses: z
      .array(explorerStatus, { error: 'statuses: pass each status as its own statuses parameter' })
      .min(1)
      .optional(),
    showTestTxs: z.enum(['true', 'false']).optional(),
    startTimestamp: iso.optional(),
    endTimestamp: iso.optional(),
  })
  .refine((q) => q.lastDepositMemo === undefined || q.lastDepositAddress !== undefined, {
    path: ['lastDepositMemo'],
    message: 'lastDepositMemo goes with lastDepositAddress',
  });
/** The explorer's default status filter: pending rows are left out unless asked for. */
const EXPLORER_DEFAULT_STATUSES = ['FAILED', 'PROCESSING', 'REFUNDED', 'SUCCESS'];

/** Solver relay JSON-RPC: an envelope, params an array of one object. */
const rpcEnvelope = z.strictObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number()]),
  method: z.string(),
  params: z.unknown(),
});
const busParams = {
  quote: z.tuple([
    z
      .strictObject({
        defuse_asset_identifier_in: z.string().min(1),
        defuse_asset_identifier_out: z.string().min(1),
        exact_amount_in: digits.optional(),
        exact_amount_out: digits.optional(),
        min_deadline_ms: z.number().int().positive().optional(),
        wait_ms: z.number().int().nonnegative().optional(),
      })
      .refine(
        (q) => (q.exact_amount_in === undefined) !== (q.exact_amount_out === undefined),
        'exactly one of exact_amount_in and exact_amount_out',
      ),
  ]),
  publish_intent: z.tuple([
    z.strictObject({ quote_hashes: z.array(z.string()), signed_data: z.record(z.string(), z.unknown()) }),
  ]),
  publish_intents: z.tuple([
    z.strictObject({
      quote_hashes: z.array(z.string()),
      signed_datas: z.array(z.record(z.string(), z.unknown())).min(1),
    }),
  ]),
  get_status: z.tuple([z.strictObject({ intent_hash: z.string().min(1) })]),
} as const;
const ledgerQuery = z.strictObject({
  request_type: z.literal('call_function'),
  finality: z.enum(['optimistic', 'final']),
  account_id: account,
  method_name: z.string().min(1),
  args_base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
});

export interface Seen {
  method: string;
  url: string;
  body?: unknown;
  headers: Record<string, string>;
}
export interface Refusal {
  url: string;
  status: number;
  reason: string;
}

interface Swap {
  quote: Record<string, unknown>;
  request: z.output<typeof quoteRequest>;
  status: (typeof STATUSES)[number];
  reads: number;
}

export interface LiveServicesOptions {
  /** The clock payments are dated by (the background's). */
  now?: () => number;
  /** The verifier's current salt, as `current_salt` answers it. */
  salt?: string;
  /** Intents balances the ledger reports: account → token → amount. */
  balances?: Record<string, Record<string, string>>;
}

/**
 * The fake: `fetch` for the extension's HttpDeps, the requests it saw and the refusals it made.
 * `refusals` empty after a journey means every request had the live shape.
 */
export function liveServices(options: LiveServicesOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const salt = options.salt ?? '5e2a1c3b';
  const balances = options.balances ?? {};
  const seen: Seen[] = [];
  const refusals: Refusal[] = [];
  const swaps = new Map<string, Swap>();
  const published = new Map<string, number>();
  let counter = 0;

  const answer = (status: number, body: unknown) => ({
    status,
    headers: { get: (_: string) => null },
    text: async () => JSON.stringify(body),
  });
  const refuse = (url: string, status: number, reason: string) => {
    refusals.push({ url, status, reason });
    return answer(status, { message: reason, correlationId: 'fake', timestamp: new Date(now()).toISOString() });
  };
  const issues = (e: z.ZodError) => e.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  const query = (u: URL) => Object.fromEntries(u.searchParams.entries());
  const bearer = (h: Record<string, string>) => /^Bearer \S+$/.test(h.authorization ?? '');

  function quote(body: unknown, url: string, headers: Record<string, string>) {
    const parsed = quoteRequest.safeParse(body);
    if (!parsed.success) return refuse(url, 400, issues(parsed.error));
    const r = parsed.data;
    if (r.swapType === 'ANY_INPUT' && !bearer(headers))
      return refuse(url, 401, 'ANY_INPUT quotes require a partner JWT');
    const name = {
      EXACT_INPUT: 'quote-exact-input',
      EXACT_OUTPUT: 'quote-exact-output',
      FLEX_INPUT: 'quote-flex-input',
      ANY_INPUT: 'quote-any-input',
    }[r.swapType];
    const base = fixture<{ quote: Record<string, unknown> }>(
      r.swapType === 'FLEX_INPUT' ? `${name}.dry.response.json` : `${name}.response.json`,
    );
    const { depositAddress: _a, deadline: _d, timeWhenInactive: _t, ...dry } = base.quote;
    const q: Record<string, unknown> = {
      ...dry,
      ...(r.swapType === 'ANY_INPUT'
        ? {}
        : { amountIn: r.swapType === 'EXACT_OUTPUT' ? base.quote.amountIn : r.amount }),
    };
    if (!r.dry) {
      counter++;
      // An INTENTS deposit goes to an account inside the verifier: an implicit (64-hex) account id.
      const depositAddress = hex.encode(Uint8Array.from({ length: 32 }, (_, i) => (counter * 37 + i * 11) & 0xff));
      const inactive = new Date(Date.parse(r.deadline) + 72 * 3600_000).toISOString();
      Object.assign(q, { depositAddress, deadline: inactive, timeWhenInactive: inactive });
      swaps.set(depositAddress, { quote: q, request: r, status: 'PENDING_DEPOSIT', reads: 0 });
    }
    const echo = bearer(headers) ? r : { ...r, appFees: [...(r.appFees ?? []), PLATFORM_FEE] };
    const unsigned = {
      correlationId: `fake-${counter}`,
      timestamp: new Date(now()).toISOString(),
      quoteRequest: echo,
      quote: q,
    };
    return answer(200, { ...unsigned, signature: signQuote(unsigned, QUOTE_SIGNER_SEED) });
  }

  function statusOf(s: Swap) {
    const status = fixture<Record<string, unknown>>(
      `status-${s.status.toLowerCase().replace(/_/g, '-')}.response.json`,
    );
    return {
      ...status,
      quoteResponse: { ...(status.quoteResponse as object), quoteRequest: s.request, quote: s.quote },
      status: s.status,
    };
  }

  function swapService(u: URL, method: string, body: unknown, headers: Record<string, string>) {
    const url = u.toString();
    switch (`${method} ${u.pathname}`) {
      case 'GET /v0/tokens':
        return answer(200, fixture('tokens.response.json'));
      case 'POST /v0/quote':
        return quote(body, url, headers);
      case 'POST /v0/deposit/submit': {
        const p = submitDeposit.safeParse(body);
        if (!p.success) return refuse(url, 400, issues(p.error));
        const s = swaps.get(p.data.depositAddress);
        if (!s) return refuse(url, 404, 'Deposit address not found');
        if (s.status === 'PENDING_DEPOSIT') s.status = 'KNOWN_DEPOSIT_TX';
        return answer(200, statusOf(s));
      }
      case 'GET /v0/status': {
        const p = statusQuery.safeParse(query(u));
        if (!p.success) return refuse(url, 400, issues(p.error));
        const s = swaps.get(p.data.depositAddress);
        if (!s) return refuse(url, 404, 'Deposit address not found');
        // A known deposit goes on to PROCESSING, then SUCCESS, one read at a time.
        const next: Partial<Record<Swap['status'], Swap['status']>> = {
          KNOWN_DEPOSIT_TX: 'PROCESSING',
          PROCESSING: 'SUCCESS',
        };
        const out = statusOf(s);
        s.status = next[s.status] ?? s.status;
        return answer(200, out);
      }
      case 'GET /v0/any-input/withdrawals': {
        if (!bearer(headers)) return refuse(url, 401, 'Unauthorized');
        const p = withdrawalsQuery.safeParse(query(u));
        if (!p.success) return refuse(url, 400, issues(p.error));
        const s = swaps.get(p.data.depositAddress);
        if (!s) return refuse(url, 404, 'Deposit address not found');
        if (s.request.swapType !== 'ANY_INPUT') return refuse(url, 400, 'not an ANY_INPUT quote');
        return answer(200, fixture('any-input-withdrawals.response.json'));
      }
      case 'POST /v0/generate-intent': {
        if (!bearer(headers)) return refuse(url, 401, 'Unauthorized');
        const p = generateIntent.safeParse(body);
        if (!p.success) return refuse(url, 400, issues(p.error));
        const s = swaps.get(p.data.depositAddress);
        if (s?.request.depositType !== 'INTENTS' || s.status !== 'PENDING_DEPOSIT')
          return refuse(url, 400, 'Bad Request - Invalid input or quote state');
        const deadline = new Date(now() + 10 * 60_000);
        const transfer = {
          intent: 'transfer',
          receiver_id: p.data.depositAddress,
          tokens: { [s.request.originAsset]: String(s.quote.amountIn) },
        };
        const message = JSON.stringify({
          deadline: formatDeadline(deadline),
          intents: [transfer],
          signer_id: p.data.signerId,
        });
        const nonce = encodeVersionedNonce({
          salt: hex.decode(salt),
          deadline,
          random15: new Uint8Array(15).fill(counter),
        });
        return answer(200, {
          intent: { standard: 'nep413', payload: { message, nonce, recipient: 'intents.near' } },
          correlationId: 'fake-generate',
        });
      }
      case 'POST /v0/submit-intent': {
        if (!bearer(headers)) return refuse(url, 401, 'Unauthorized');
        const p = submitIntent.safeParse(body);
        if (!p.success) return refuse(url, 400, issues(p.error));
        const signed = signedIntentSchema.safeParse(p.data.signedData);
        if (!signed.success || !verifySignedIntent(signed.data).ok)
          return refuse(url, 400, 'Bad Request - Invalid signature or intent data');
        for (const t of extractIntentPayload(signed.data).intents) {
          const s = t.intent === 'transfer' ? swaps.get(t.receiver_id) : undefined;
          if (!s) return refuse(url, 400, 'Bad Request - Invalid signature or intent data');
          s.status = 'KNOWN_DEPOSIT_TX';
        }
        return answer(200, { intentHash: intentHash(signed.data), correlationId: 'fake-submit' });
      }
      default:
        return refuse(url, 404, `no such route on the swap service: ${method} ${u.pathname}`);
    }
  }

  function explorer(u: URL, method: string, headers: Record<string, string>) {
    const url = u.toString();
    if (`${method} ${u.pathname}` !== 'GET /api/v0/transactions')
      return refuse(url, 404, `no such route on the explorer: ${method} ${u.pathname}`);
    if (!bearer(headers)) return refuse(url, 401, 'Unauthorized');
    if (u.searchParams.has('lastDepositAddressAndMemo'))
      return refuse(url, 400, 'lastDepositAddressAndMemo is deprecated: use lastDepositAddress and lastDepositMemo');
    const raw: Record<string, string | string[]> = {};
    for (const k of new Set(u.searchParams.keys())) {
      const all = u.searchParams.getAll(k);
      if (all.length > 1 && k !== 'statuses') return refuse(url, 400, `${k} must be given once`);
      raw[k] = k === 'statuses' ? all : all[0]!;
    }
    const p = transactionsQuery.safeParse(raw);
    if (!p.success) return refuse(url, 400, issues(p.error));
    // Newest first, filtered by status (the default leaves pending rows out), paged from the cursor.
    const statuses: readonly string[] = p.data.statuses ?? EXPLORER_DEFAULT_STATUSES;
    const rows = fixture<{ status: string; depositAddress: string; depositMemo: string | null }[]>(
      'transactions.response.json',
    ).filter((r) => statuses.includes(r.status));
    const { lastDepositAddress: address, lastDepositMemo: memo } = p.data;
    let page = rows;
    if (address !== undefined) {
      const at = rows.findIndex((r) => r.depositAddress === address && (r.depositMemo ?? undefined) === memo);
      if (at === -1) return refuse(url, 400, 'lastDepositAddress does not name a transaction');
      page = p.data.direction === 'prev' ? rows.slice(0, at) : rows.slice(at + 1);
    }
    const n = Number(p.data.numberOfTransactions ?? 50);
    return answer(200, p.data.direction === 'prev' ? page.slice(-n) : page.slice(0, n));
  }

  function bus(url: string, body: unknown, headers: Record<string, string>) {
    if (!bearer(headers) && !headers['x-api-key']) return refuse(url, 401, 'Unauthorized');
    const e = rpcEnvelope.safeParse(body);
    if (!e.success) return refuse(url, 400, issues(e.error));
    const { id, method, params } = e.data;
    if (!(method in busParams)) return refuse(url, 404, `unknown method ${method}`);
    const p = busParams[method as keyof typeof busParams].safeParse(params);
    if (!p.success) return refuse(url, 400, `${method}: ${issues(p.error)}`);
    const ok = (result: unknown) => answer(200, { jsonrpc: '2.0', id, result });
    switch (method) {
      case 'quote':
        return ok(fixture<{ result: unknown }>('bus-quote-mixed.response.json').result);
      case 'publish_intent': {
        const signed = signedIntentSchema.safeParse((params as [{ signed_data: unknown }])[0].signed_data);
        if (!signed.success || !verifySignedIntent(signed.data).ok)
          return refuse(url, 400, 'publish_intent: signed_data is not a valid signed intent');
        const hash = intentHash(signed.data as SignedIntent);
        published.set(hash, 0);
        return ok({ status: 'OK', intent_hash: hash });
      }
      case 'publish_intents':
        return ok({ status: 'OK', intent_hashes: [] });
      default: {
        const hash = (params as [{ intent_hash: string }])[0].intent_hash;
        const reads = published.get(hash);
        if (reads === undefined) return ok({ intent_hash: hash, status: 'NOT_FOUND_OR_NOT_VALID' });
        published.set(hash, reads + 1);
        const names = ['pending', 'tx-broadcasted', 'settled'] as const;
        const r = fixture<{ result: Record<string, unknown> }>(
          `bus-get-status-${names[Math.min(reads, 2)]}.response.json`,
        ).result;
        return ok({ ...r, intent_hash: hash });
      }
    }
  }

  function ledger(url: string, body: unknown) {
    const e = rpcEnvelope.safeParse(body);
    if (!e.success) return refuse(url, 400, issues(e.error));
    if (e.data.method !== 'query') return refuse(url, 400, `the extension only reads views; got ${e.data.method}`);
    const p = ledgerQuery.safeParse(e.data.params);
    if (!p.success) return refuse(url, 400, issues(p.error));
    let args: Record<string, unknown>;
    try {
      args = JSON.parse(Buffer.from(p.data.args_base64, 'base64').toString('utf8')) as Record<string, unknown>;
    } catch {
      return refuse(url, 400, 'args_base64 is not base64 JSON');
    }
    const view = (v: unknown) =>
      answer(200, {
        jsonrpc: '2.0',
        id: e.data.id,
        result: {
          result: [...Buffer.from(JSON.stringify(v))],
          logs: [],
          block_height: 165432100,
          block_hash: 'BkQ5iJ8zQzq4z6pQWf9y1bVn8kEr3hZ7T2xW1mC4dA9s',
        },
      });
    const a = (k: string) => (typeof args[k] === 'string' ? (args[k] as string) : '');
    if (p.data.account_id !== PRESETS.mainnet.verifierId) {
      // A token contract: NEP-148 `ft_metadata` (https://nomicon.io/Standards/Tokens/FungibleToken/Metadata) of the tokens the list names.
      const listed = (fixture('tokens.response.json') as { assetId: string; symbol: string; decimals: number }[]).find(
        (t) => t.assetId === `nep141:${p.data.account_id}`,
      );
      if (!listed) return refuse(url, 400, `no such contract on the ledger: ${p.data.account_id}`);
      if (p.data.method_name !== 'ft_metadata')
        return refuse(url, 400, `no such view on a token contract: ${p.data.method_name}`);
      return view({
        spec: 'ft-1.0.0',
        name: listed.symbol,
        symbol: listed.symbol,
        icon: null,
        reference: null,
        reference_hash: null,
        decimals: listed.decimals,
      });
    }
    switch (p.data.method_name) {
      case 'current_salt':
        return view(salt);
      case 'is_valid_salt':
        return view(a('salt') === salt);
      case 'fee':
        return view(1);
      case 'public_keys_of':
        return view([]);
      case 'has_public_key':
        return view(false);
      case 'is_nonce_used':
        return view(false);
      case 'mt_batch_balance_of':
        return view(((args.token_ids as string[] | undefined) ?? []).map((t) => balances[a('account_id')]?.[t] ?? '0'));
      case 'mt_balance_of':
        return view(balances[a('account_id')]?.[a('token_id')] ?? '0');
      case 'simulate_intents': {
        const signed = z.array(signedIntentSchema).safeParse(args.signed);
        if (!signed.success) return refuse(url, 400, 'simulate_intents: signed is not a list of signed intents');
        const executed = signed.data.map((s) => {
          const payload = extractIntentPayload(s);
          return { intent_hash: intentHash(s), account_id: payload.signer_id, nonce: payload.nonce };
        });
        return view({
          intents_executed: executed,
          logs: [],
          min_deadline: formatDeadline(new Date(now() + 60_000)),
          state: { fee: 1, current_salt: salt },
        });
      }
      default:
        return refuse(url, 400, `no such view on the verifier: ${p.data.method_name}`);
    }
  }

  const fetch: FetchLike = async (url, init) => {
    const u = new URL(url);
    const headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    let body: unknown;
    if (init.body !== undefined) {
      try {
        body = JSON.parse(init.body);
      } catch {
        return refuse(url, 400, 'the body is not JSON');
      }
    }
    seen.push({ method: init.method, url, ...(body === undefined ? {} : { body }), headers });
    if (init.body !== undefined && !/application\/json/.test(headers['content-type'] ?? ''))
      return refuse(url, 415, 'content-type must be application/json');
    const origin = u.origin;
    if (origin === new URL(LIVE_HOSTS.swap).origin) return swapService(u, init.method, body, headers);
    if (origin === new URL(LIVE_HOSTS.transactions).origin) return explorer(u, init.method, headers);
    if (url === LIVE_HOSTS.bus && init.method === 'POST') return bus(url, body, headers);
    if (LIVE_HOSTS.ledger.some((h) => url.replace(/\/$/, '') === h) && init.method === 'POST') return ledger(url, body);
    return refuse(url, 404, `not a live service: ${init.method} ${url}`);
  };

  return {
    fetch,
    seen,
    refusals,
    /** What the ledger reports as `account`'s intents balance of `token`. */
    setBalance(accountId: string, token: string, amount: string): void {
      balances[accountId] ??= {};
      balances[accountId][token] = amount;
    },
    /** Requests to a path (swap service and explorer) or JSON-RPC method (bus and ledger views). */
    hits(what: string): number {
      return seen.filter((s) => {
        const b = s.body as { method?: string; params?: { method_name?: string } } | undefined;
        return new URL(s.url).pathname === what || b?.method === what || b?.params?.method_name === what;
      }).length;
    },
  };
}
export type LiveServices = ReturnType<typeof liveServices>;
