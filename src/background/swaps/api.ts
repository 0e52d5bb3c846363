/**
 * The popup's swap API (docs/services.md, "The swap service"): tokens, quotes, starting a swap, its
 * deposit, paying it from the intents account (./payment.ts), and the stored swaps. A started swap's
 * record (whole quote response with its signature, request, deposit address and memo) is in
 * storage.local before the address is shown; the tracker (./tracker.ts) follows it from there.
 */

import type { PaymentPreview, QuoteView, SwapRecordView, TokenView } from '../../api/swapApi';
import { hex, type Random } from '../../core';
import { type Phrase, phrase } from '../../core/phrase';
import { getQuote, submitDeposit } from '../../oneclick';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';
import { quoteSigningKeyOf, wireNamesOf } from '../wallet/settings';
import { ANY_INPUT_AMOUNT, isAnyInput } from './anyInput';
import { depositAddressCheck } from './depositAddress';
import type { SwapParams } from './params';
import { type PaymentDeps, SwapPayments } from './payment';
import { amountToSend } from './quoteAmount';
import { key } from './records';
import type { Nearest } from './stored';
import { SwapTracker, type TrackerDeps } from './tracker';

export interface SwapDeps extends TrackerDeps {
  random: Random;
  /** The popup's token list, each token with its verdict. */
  tokenViews: () => Promise<TokenView[]>;
  selectedAccount: () => Promise<string | null>;
  /** Paying INTENTS swaps from the intents account (./payment). */
  payment: Omit<PaymentDeps, 'local' | 'http' | 'now'>;
}

export class SwapService {
  readonly tracker: SwapTracker;
  private readonly payments: SwapPayments;

  constructor(private readonly d: SwapDeps) {
    this.tracker = new SwapTracker(d);
    this.payments = new SwapPayments({ ...d.payment, local: d.local, http: d.http, now: d.now });
  }

  /** The alarm's work (./tracker.ts). */
  readonly tick = (): Promise<void> => this.tracker.tick();
  /** The alarm and the badge again, from storage.local. */
  readonly schedule = (): Promise<void> => this.tracker.schedule();
  readonly list = (): Promise<SwapRecordView[]> => this.tracker.list();
  readonly nearest = (w: Nearest): Promise<SwapRecordView[]> => this.tracker.stored.nearest(w);
  /** The account left the wallet: the payments it reviewed or signed go with it (./payment). */
  readonly forgetAccount = async (accountId: string): Promise<void> =>
    this.payments.forget(accountId, await this.list());

  /** The current swap service, the names it speaks, and the network a swap made now is made on. */
  private async config() {
    const s = await this.d.settings.get();
    return {
      url: s.endpoints.swap,
      o: { jwt: s.jwt, wireNames: wireNamesOf(s, s.endpoints.swap), quoteSigningKey: quoteSigningKeyOf(s) },
      verifierId: s.verifierId,
    };
  }

  /** A swap that can be paid from the intents account (not paid yet, its deposit on the ledger). */
  private async payable(id: string) {
    const r = await this.tracker.get(id);
    const refuse = (m: string, words: Phrase) =>
      new ProviderError(ERROR_CODES.invalidParams, m, { field: 'id', words });
    if (r.request.depositType !== 'INTENTS')
      throw refuse(
        'This swap takes its deposit on the origin chain, not from an intents account',
        phrase('swapPay_depositOnChain'),
      );
    if (r.paidIntentHash)
      throw refuse('This swap was already paid from the intents account', phrase('swapPay_alreadyPaid'));
    if (isAnyInput(r))
      throw refuse(
        'An ANY_INPUT swap takes any token in any amount: transfer tokens to its address instead',
        phrase('swapPay_anyInput'),
      );
    return r;
  }

  private async payer(accountId: string | undefined) {
    const signerId = accountId ?? (await this.d.selectedAccount());
    if (!signerId)
      throw new ProviderError(ERROR_CODES.unauthorized, 'Unlock the wallet and choose an account first', {
        words: phrase('swapPay_unlockFirst'),
      });
    return signerId;
  }

  readonly handlers = {
    swap_tokens: (): Promise<TokenView[]> => this.d.tokenViews(),
    swap_quote: async (p: SwapParams['swap_quote']): Promise<QuoteView> => {
      const { url, o } = await this.config();
      const { response } = await getQuote(this.d.http, url, { dry: true, ...p }, o);
      return { quote: response.quote, feeWithoutJwt: !o.jwt, appFees: response.quoteRequest.appFees ?? [] };
    },
    swap_start: async ({ request: p, acceptedAmountIn }: SwapParams['swap_start']): Promise<SwapRecordView> => {
      const { url, o, verifierId } = await this.config();
      const { response, rawText } = await getQuote(this.d.http, url, { dry: false, ...p }, o);
      const q = response.quote;
      const depositAddress = q.depositAddress;
      if (!depositAddress)
        throw new ProviderError(ERROR_CODES.internal, 'The swap service gave no deposit address', {
          words: phrase('swap_noDepositAddress'),
        });
      const tokens = await this.d.tokens().catch(() => []);
      // Checked before it is kept or shown: an address of the chain the deposit is made on (./depositAddress).
      depositAddressCheck(p, depositAddress, tokens);
      // Checked and worded before anything is kept: a quote that takes another amount than asked is refused (./quoteAmount).
      const toSend =
        p.swapType === 'ANY_INPUT' ? ANY_INPUT_AMOUNT : amountToSend(p, q.amountIn, tokens, acceptedAmountIn);
      // Made under the lock: createdAt follows the order of `swapIds` (./stored.ts pages by it).
      const stamped = (now: number): SwapRecordView => ({
        id: hex.encode(this.d.random(8)),
        createdAt: now,
        request: p,
        quoteResponseJson: rawText,
        depositAddress,
        depositMemo: q.depositMemo ?? null,
        amountToSend: toSend,
        timeWhenInactive: q.timeWhenInactive ?? null,
        deadline: q.deadline ?? null,
        status: 'PENDING_DEPOSIT',
        statusHistory: [{ status: 'PENDING_DEPOSIT', at: now }],
        swapDetails: null,
        checkedAt: null,
        lastError: null,
        paidIntentHash: null,
        verifierId, // the network it is made on, the only one it is paid on (./payment)
      });
      // The evidence is on disk before anyone sees the address; a failed write fails the call.
      const r = await this.tracker.lock(async () => {
        const r = stamped(this.d.now());
        await this.d.local.write(key(r.id), r);
        await this.tracker.stored.addId(r.id);
        return this.tracker.update(r, { url, kick: true });
      });
      return this.tracker.withSchedule(r);
    },
    swap_submitDeposit: async (p: SwapParams['swap_submitDeposit']) => {
      const r = await this.tracker.get(p.id);
      const { url, o } = await this.tracker.serviceOf(p.id);
      // homeSenderAccount leaves as nearSenderAccount on live services (oneclick/wireNames).
      const body = {
        txHash: p.txHash,
        depositAddress: r.depositAddress,
        homeSenderAccount: p.homeSenderAccount,
        memo: p.memo ?? r.depositMemo ?? undefined,
      };
      const st = await submitDeposit(this.d.http, url, body, o);
      return this.tracker.withSchedule(await this.tracker.record(p.id, { url, st, kick: true }));
    },
    swap_previewPayment: async (p: SwapParams['swap_previewPayment']): Promise<PaymentPreview> => {
      const r = await this.payable(p.id);
      return this.payments.preview(r, await this.payer(p.accountId), await this.tracker.serviceOf(p.id));
    },
    swap_payFromIntents: async (p: SwapParams['swap_payFromIntents']) =>
      this.tracker.withSchedule(
        await this.tracker.lock(async () => {
          const r = await this.payable(p.id);
          r.paidIntentHash = await this.payments.pay(
            r,
            { reviewed: p.reviewed, acknowledgeDanger: p.acknowledgeDanger === true, passkey: p.passkey },
            await this.tracker.serviceOf(p.id),
          );
          return this.tracker.update(r, { url: (await this.tracker.serviceOf(p.id)).url, kick: true });
        }),
      ),
    swap_list: (): Promise<SwapRecordView[]> => this.tracker.inProgress(),
    swap_get: (p: SwapParams['swap_get']) => this.tracker.get(p.id),
    swap_refresh: async (p: SwapParams['swap_refresh']) => this.tracker.withSchedule(await this.tracker.check(p.id)),
  };
}
