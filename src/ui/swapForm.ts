// The swap form as data: its fields, defaults per chain and the percent ⇄ basis-point conversions.
// Checking it and building the quote request from it: ./swapRequest.ts.

import type { DepositMode, DepositType, RecipientType, RefundType, SwapType } from '../api/swapApi';
import { formatUnits, parseUnits } from '../core/amounts';

export interface AppFeeRow {
  recipient: string;
  /** Basis points, as typed. */
  bps: string;
}

export interface SwapForm {
  originAsset: string;
  destinationAsset: string;
  /** Decimal units as typed: of the origin token, or of the destination token for EXACT_OUTPUT. */
  amount: string;
  swapType: SwapType;
  depositType: DepositType;
  depositMode: DepositMode;
  recipient: string;
  recipientType: RecipientType;
  /** The memo the recipient's address needs (an XRP destination tag), as typed; empty for none. */
  recipientMemo: string;
  refundTo: string;
  refundType: RefundType;
  /** Percent as typed ("0.5"); sent as basis points. */
  slippagePercent: string;
  /** Minutes from now; empty means the origin chain's default. */
  deadlineMinutes: string;
  referral: string;
  appFees: AppFeeRow[];
  /** Milliseconds as typed; empty means the service's default (3000). */
  quoteWaitingMs: string;
  virtualChainRecipient: string;
  virtualChainRefundRecipient: string;
  /** The user ticked "I understand funds are lost on misuse": only then is the message sent. */
  customMsgAccepted: boolean;
  customRecipientMsg: string;
}

export type SwapField = keyof SwapForm | `appFee${number}Recipient` | `appFee${number}Bps`;
export type Problems = Partial<Record<SwapField, string>>;

export const DEFAULT_SLIPPAGE_PERCENT = '1';
export const SLIPPAGE_PRESETS = ['0.5', '1', '2'] as const;
/** Above this the form warns (but allows it): the user may get this much less. */
export const HIGH_SLIPPAGE_BPS = 500;
export const MAX_SLIPPAGE_BPS = 5000;
export const MAX_APP_FEES = 10;
export const MAX_QUOTE_WAIT_MS = 60_000;
export const MAX_DEADLINE_MINUTES = 24 * 60;

export function emptyForm(account: string | null): SwapForm {
  return {
    originAsset: '',
    destinationAsset: '',
    amount: '',
    swapType: 'EXACT_INPUT',
    depositType: 'ORIGIN_CHAIN',
    depositMode: 'SIMPLE',
    recipient: account ?? '',
    recipientType: 'INTENTS',
    recipientMemo: '',
    refundTo: account ?? '',
    refundType: 'INTENTS',
    slippagePercent: DEFAULT_SLIPPAGE_PERCENT,
    deadlineMinutes: '',
    referral: '',
    appFees: [],
    quoteWaitingMs: '',
    virtualChainRecipient: '',
    virtualChainRefundRecipient: '',
    customMsgAccepted: false,
    customRecipientMsg: '',
  };
}

/** Chains whose deposits take long to be mined and confirmed: their deadline defaults to an hour. */
const SLOW_CHAINS = new Set(['btc', 'zec', 'doge', 'ltc', 'bch', 'dash']);

/** Default minutes from now to the deadline: long enough for the origin chain's deposit to confirm. */
export function defaultDeadlineMinutes(originChain: string | null, swapType: SwapType = 'EXACT_INPUT'): number {
  // An ANY_INPUT address collects deposits for as long as it lives: the longest the form allows.
  if (swapType === 'ANY_INPUT') return MAX_DEADLINE_MINUTES;
  return originChain && SLOW_CHAINS.has(originChain) ? 60 : 30;
}

/**
 * The form after switching ANY_INPUT on or off. ANY_INPUT takes any token in any amount through the
 * intents ledger and refunds there (docs/services.md, "ANY_INPUT"): deposit and refund types become
 * INTENTS, and a refund address on a chain gives way to the recipient's intents account, if any.
 */
export function withAnyInput(form: SwapForm, on: boolean): SwapForm {
  if (!on) return { ...form, swapType: 'EXACT_INPUT' };
  const refundTo =
    form.refundType === 'INTENTS' ? form.refundTo : form.recipientType === 'INTENTS' ? form.recipient : '';
  return { ...form, swapType: 'ANY_INPUT', depositType: 'INTENTS', refundType: 'INTENTS', refundTo };
}

/** Deposit modes an origin chain offers: MEMO only where the chain needs or supports a memo. */
const MEMO_CHAINS: Record<string, readonly DepositMode[]> = {
  stellar: ['MEMO'],
  ton: ['MEMO'],
  xrp: ['SIMPLE', 'MEMO'],
};

export function depositModesFor(originChain: string | null): readonly DepositMode[] {
  return (originChain && MEMO_CHAINS[originChain]) || ['SIMPLE'];
}

/** The mode to use after the origin changes: keep the current one if the chain offers it. */
export function fitDepositMode(originChain: string | null, current: DepositMode): DepositMode {
  const modes = depositModesFor(originChain);
  return modes.includes(current) ? current : modes[0]!;
}

/** "1.5" % → 150 bps, exactly; null when it is not a percentage with at most two decimals. */
export function percentToBps(text: string): number | null {
  try {
    const bps = parseUnits(text, 2);
    return bps <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(bps) : null;
  } catch {
    return null;
  }
}

/** 150 bps → "1.5 %". */
export function bpsToPercent(bps: number): string {
  return `${formatUnits(BigInt(bps), 2)} %`;
}
