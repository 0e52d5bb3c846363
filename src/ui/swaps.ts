// The popup's typed client for the swap API (src/api/swapApi.ts): one function per SWAP method.
// Each resolves to its result or throws a WalletError whose message is the background's (for quote
// errors, the swap service's own message). Methods that change a swap answer its whole record.
import type { PasskeyAssertion } from '../api/passkeys';
import {
  type HistoryQuery,
  type QuoteParams,
  type SubmitDepositParams,
  SWAP,
  type SwapMethod,
  type SwapResults,
  type TokenView,
} from '../api/swapApi';
import { callBackground } from './call';

/** One swap method; the answer's type is the shared table's (SwapResults), which the background is held to. */
function call<M extends SwapMethod>(method: M, params?: unknown): Promise<SwapResults[M]> {
  return callBackground(method, params) as Promise<SwapResults[M]>;
}

let tokenList: Promise<TokenView[]> | null = null;

export const swaps = {
  tokens: () => call(SWAP.tokens),
  /** The token list, asked once per popup (a failure is asked again next time). */
  tokensOnce(): Promise<TokenView[]> {
    tokenList ??= swaps.tokens().catch((err: unknown) => {
      tokenList = null;
      throw err;
    });
    return tokenList;
  },
  quote: (params: QuoteParams) => call(SWAP.quote, params),
  /** `acceptedAmountIn`: what the dry quote the person reviewed takes (an EXACT_OUTPUT swap is tied to it). */
  start: (params: QuoteParams, acceptedAmountIn?: string) =>
    call(SWAP.start, acceptedAmountIn === undefined ? params : { ...params, acceptedAmountIn }),
  submitDeposit: (params: SubmitDepositParams) => call(SWAP.submitDeposit, params),
  /** The transfer that would pay the swap, with the approval window's checks; nothing is signed. */
  previewPayment: (id: string) => call(SWAP.previewPayment, { id }),
  /** Confirm: signs the payment the review named `reviewed` (and nothing else) and sends it. */
  payFromIntents: (id: string, reviewed: string, acknowledgeDanger: boolean, passkey?: PasskeyAssertion) =>
    call(SWAP.payFromIntents, { id, reviewed, acknowledgeDanger, ...(passkey ? { passkey } : {}) }),
  list: () => call(SWAP.list),
  get: (id: string) => call(SWAP.get, { id }),
  refresh: (id: string) => call(SWAP.refresh, { id }),
  history: (query: HistoryQuery) => call(SWAP.history, query),
};
