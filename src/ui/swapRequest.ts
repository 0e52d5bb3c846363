// The quote request built from the swap form (./swapForm.ts): each field's problem in plain words, or
// the request, amounts in smallest units from decimal text. Pure (the clock is passed in), so the page
// stays thin and this is tested.

import {
  ANY_INPUT_ASSET,
  type AppFee,
  type DepositType,
  type QuoteParams,
  type RefundType,
  type TokenView,
} from '../api/swapApi';
import { memoProblem, memoRuleOf } from '../core/destinationMemo';
import { APP_FEE_MAX_BPS, APP_FEES_TOTAL_MAX_BPS, takesRecipientMsg } from '../oneclick/limits';
import { accountIdProblem, evmAddressProblem, familyOf, recipientProblem, refundProblem } from './addresses';
import { parseAmountInput, unusableTokenText } from './amountText';
import { t } from './i18n';
import { said } from './phrase';
import {
  bpsToPercent,
  defaultDeadlineMinutes,
  depositModesFor,
  HIGH_SLIPPAGE_BPS,
  MAX_DEADLINE_MINUTES,
  MAX_QUOTE_WAIT_MS,
  MAX_SLIPPAGE_BPS,
  type Problems,
  percentToBps,
  type SwapForm,
} from './swapForm';

const WHOLE_RE = /^\d+$/;

function amountProblem(text: string, token: TokenView | undefined, side: 'sending' | 'receiving'): string | null {
  if (!token || token.decimals === null)
    return text.trim()
      ? (unusableTokenText(token) ??
          t(side === 'sending' ? 'swapCheck_chooseSendingFirst' : 'swapCheck_chooseReceivingFirst'))
      : t('amount_enter');
  const read = parseAmountInput(text, token.decimals, token.symbol);
  if ('problem' in read) return read.problem;
  return read.units > 0n ? null : t('amount_aboveZero');
}

/** The amount field in smallest units (only called once amountProblem passed, so the token is confirmed). */
export function amountUnits(text: string, token: TokenView): bigint {
  const read =
    token.decimals === null ? { problem: unusableTokenText(token)! } : parseAmountInput(text, token.decimals);
  if ('problem' in read) throw new Error(read.problem);
  return read.units;
}

export interface Built {
  params: QuoteParams | null;
  problems: Problems;
  /** Advisory notes (not blocking): high slippage and the like. */
  warnings: string[];
}

export function tokenOf(tokens: readonly TokenView[], assetId: string): TokenView | undefined {
  return tokens.find((t) => t.assetId === assetId);
}

/** Checks every field and, when all are fine, builds the quote request with a deadline from `now`. */
export function buildQuote(form: SwapForm, tokens: readonly TokenView[], now: number): Built {
  const problems: Problems = {};
  const warnings: string[] = [];
  // ANY_INPUT has no origin token and no amount: any token, any amount (docs/services.md, "ANY_INPUT").
  const anyInput = form.swapType === 'ANY_INPUT';
  const origin = anyInput ? undefined : tokenOf(tokens, form.originAsset);
  const destination = tokenOf(tokens, form.destinationAsset);
  if (!origin && !anyInput) problems.originAsset = t('swapCheck_chooseSend');
  if (!destination) problems.destinationAsset = t('swapCheck_chooseReceive');
  if (origin && destination && origin.assetId === destination.assetId)
    problems.destinationAsset = t('swapCheck_chooseDifferent');
  // Either side's amounts are worded with its decimals: a token no second source confirms is refused.
  const unusable = { originAsset: unusableTokenText(origin), destinationAsset: unusableTokenText(destination) };
  for (const field of ['originAsset', 'destinationAsset'] as const)
    if (unusable[field]) problems[field] = unusable[field];

  const amountToken = form.swapType === 'EXACT_OUTPUT' ? destination : origin;
  const amountText = anyInput
    ? null
    : amountProblem(form.amount, amountToken, form.swapType === 'EXACT_OUTPUT' ? 'receiving' : 'sending');
  if (amountText) problems.amount = amountText;

  const recipient = recipientProblem(form.recipientType, destination?.blockchain ?? null, form.recipient);
  if (recipient) problems.recipient = recipient;
  // The memo an address on the destination chain may need; only where the chain has one (core/destinationMemo).
  const memoFamily =
    form.recipientType === 'DESTINATION_CHAIN' && destination ? familyOf(destination.blockchain) : null;
  const recipientMemo = memoRuleOf(memoFamily) ? form.recipientMemo : '';
  const memo = memoProblem(memoFamily, recipientMemo, form.recipient);
  if (memo) problems.recipientMemo = said(memo);
  const refundType: RefundType = anyInput ? 'INTENTS' : form.refundType;
  const depositType: DepositType = anyInput ? 'INTENTS' : form.depositType;
  const refund = refundProblem(refundType, origin?.blockchain ?? null, form.refundTo);
  if (refund) problems.refundTo = refund;

  const slippage = percentToBps(form.slippagePercent.trim());
  if (slippage === null) problems.slippagePercent = t('swapCheck_slippageFormat');
  else if (slippage > MAX_SLIPPAGE_BPS)
    problems.slippagePercent = t('swapCheck_slippageMax', bpsToPercent(MAX_SLIPPAGE_BPS));
  else if (slippage > HIGH_SLIPPAGE_BPS) warnings.push(t('swapCheck_slippageHigh', bpsToPercent(slippage)));

  const minutesDefault = defaultDeadlineMinutes(origin?.blockchain ?? null, form.swapType);
  const minutesText = form.deadlineMinutes.trim();
  let minutes = minutesDefault;
  if (minutesText) {
    if (!WHOLE_RE.test(minutesText) || Number(minutesText) < 5 || Number(minutesText) > MAX_DEADLINE_MINUTES)
      problems.deadlineMinutes = t('swapCheck_minutes', String(MAX_DEADLINE_MINUTES));
    else {
      minutes = Number(minutesText);
      if (minutes < minutesDefault) warnings.push(t('swapCheck_deadlineShort', String(minutesDefault)));
    }
  }

  if (depositType === 'ORIGIN_CHAIN' && !depositModesFor(origin?.blockchain ?? null).includes(form.depositMode)) {
    problems.depositMode = t('swapCheck_depositMode');
  }

  const referral = form.referral.trim();
  if (referral && referral !== referral.toLowerCase()) problems.referral = t('actFilter_referralLowercase');
  else if (referral && !/^[a-z0-9._-]+$/.test(referral)) problems.referral = t('swapCheck_referralChars');
  else if (referral.length > 64) problems.referral = t('swapCheck_referralLength');

  const appFees: AppFee[] = [];
  form.appFees.forEach((row, i) => {
    const who = accountIdProblem(row.recipient.trim(), 'addrSubject_feeRecipient');
    if (!row.recipient.trim()) problems[`appFee${i}Recipient`] = t('swapCheck_feeRecipient');
    else if (who) problems[`appFee${i}Recipient`] = who;
    const bps = row.bps.trim();
    if (!WHOLE_RE.test(bps) || Number(bps) < 1 || Number(bps) > APP_FEE_MAX_BPS)
      problems[`appFee${i}Bps`] = t('swapCheck_feeBps', String(APP_FEE_MAX_BPS));
    else appFees.push({ recipient: row.recipient.trim(), fee: Number(bps) });
  });
  if (appFees.reduce((n, f) => n + f.fee, 0) > APP_FEES_TOTAL_MAX_BPS)
    problems[`appFee${form.appFees.length - 1}Bps`] = t('swapCheck_feesTotal', String(APP_FEES_TOTAL_MAX_BPS));

  const waitText = form.quoteWaitingMs.trim();
  if (waitText && (!WHOLE_RE.test(waitText) || Number(waitText) > MAX_QUOTE_WAIT_MS))
    problems.quoteWaitingMs = t('swapCheck_quoteWait', String(MAX_QUOTE_WAIT_MS));

  const vRecipient = form.virtualChainRecipient.trim();
  const vRefund = form.virtualChainRefundRecipient.trim();
  const vr = vRecipient ? evmAddressProblem(vRecipient) : null;
  if (vr) problems.virtualChainRecipient = vr;
  const vf = vRefund ? evmAddressProblem(vRefund) : null;
  if (vf) problems.virtualChainRefundRecipient = vf;

  const useMsg = form.customMsgAccepted && form.customRecipientMsg.trim() !== '';
  if (form.customRecipientMsg.trim() && !form.customMsgAccepted) problems.customMsgAccepted = t('swapCheck_tickRisk');
  else if (useMsg && destination && !takesRecipientMsg(destination.assetId))
    problems.customMsgAccepted = t('swapCheck_notNep141', destination.symbol);

  if (anyInput) warnings.push(t('swapCheck_anyInputWarning'));

  if (Object.keys(problems).length > 0 || !destination || slippage === null)
    return { params: null, problems, warnings };
  let originAsset = ANY_INPUT_ASSET;
  let amount = '0';
  if (!anyInput) {
    if (!origin || !amountToken) return { params: null, problems, warnings };
    originAsset = origin.assetId;
    amount = amountUnits(form.amount, amountToken).toString();
  }

  const params: QuoteParams = {
    swapType: form.swapType,
    slippageTolerance: slippage,
    originAsset,
    depositType,
    destinationAsset: destination.assetId,
    amount,
    refundTo: form.refundTo,
    refundType,
    recipient: form.recipient,
    recipientType: form.recipientType,
    deadline: new Date(now + minutes * 60_000).toISOString(),
  };
  if (recipientMemo) params.recipientMemo = recipientMemo;
  if (depositType === 'ORIGIN_CHAIN') params.depositMode = form.depositMode;
  if (vRecipient) params.virtualChainRecipient = vRecipient;
  if (vRefund) params.virtualChainRefundRecipient = vRefund;
  if (useMsg) params.customRecipientMsg = form.customRecipientMsg;
  if (referral) params.referral = referral;
  if (waitText) params.quoteWaitingTimeMs = Number(waitText);
  if (appFees.length) params.appFees = appFees;
  return { params, problems, warnings };
}

/**
 * What decides the quote (everything but the deadline, which moves with the clock): the dry quote
 * is asked again only when this changes.
 */
export function quoteKey(params: QuoteParams): string {
  const { deadline: _deadline, ...rest } = params;
  return JSON.stringify(rest);
}
