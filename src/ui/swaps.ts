// The popup's typed client for the swap API (src/provider/swapApi.ts): one function per SWAP method.
// Each resolves to its result or throws a WalletError whose message is the background's (for quote
// errors, the swap service's own message).
import {
  SWAP,
  type HistoryPage,
  type HistoryQuery,
  type PaymentPreview,
  type QuoteParams,
  type QuoteView,
  type SubmitDepositParams,
  type SwapMethod,
  type SwapRecordView,
  type TokenView,
} from '../provider/swapApi';
import { askBackground } from './messaging';
import { WalletError } from './wallet';

async function call(method: SwapMethod, params?: unknown): Promise<unknown> {
  const reply = await askBackground(params === undefined ? { type: 'request', method } : { type: 'request', method, params });
  if (!reply.ok) throw new WalletError(reply.error);
  return reply.result;
}

function isRecord(value: unknown): value is SwapRecordView {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' && typeof (value as { status?: unknown }).status === 'string';
}

/** A method that answers with the updated record; when it answers anything else, the record is read again. */
async function recordAfter(id: string, method: SwapMethod, params: unknown): Promise<SwapRecordView> {
  const result = await call(method, params);
  return isRecord(result) ? result : (call(SWAP.get, { id }) as Promise<SwapRecordView>);
}

let tokenList: Promise<TokenView[]> | null = null;

export const swaps = {
  tokens: () => call(SWAP.tokens) as Promise<TokenView[]>,
  /** The token list, asked once per popup (a failure is asked again next time). */
  tokensOnce(): Promise<TokenView[]> {
    tokenList ??= swaps.tokens().catch((err: unknown) => {
      tokenList = null;
      throw err;
    });
    return tokenList;
  },
  quote: (params: QuoteParams) => call(SWAP.quote, params) as Promise<QuoteView>,
  start: (params: QuoteParams) => call(SWAP.start, params) as Promise<SwapRecordView>,
  submitDeposit: (params: SubmitDepositParams) => recordAfter(params.id, SWAP.submitDeposit, params),
  /** The transfer that would pay the swap, with the approval window's checks; nothing is signed. */
  previewPayment: (id: string) => call(SWAP.previewPayment, { id }) as Promise<PaymentPreview>,
  /** Confirm: signs the payment last previewed and sends it. */
  payFromIntents: (id: string, acknowledgeDanger: boolean) => recordAfter(id, SWAP.payFromIntents, { id, acknowledgeDanger }),
  list: () => call(SWAP.list) as Promise<SwapRecordView[]>,
  get: (id: string) => call(SWAP.get, { id }) as Promise<SwapRecordView>,
  refresh: (id: string) => recordAfter(id, SWAP.refresh, { id }),
  history: (query: HistoryQuery) => call(SWAP.history, query) as Promise<HistoryPage>,
};
