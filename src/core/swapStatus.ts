/**
 * A swap's statuses and refund reasons as the swap service names them (docs/services.md, "The swap
 * service"), and what each refund reason means in plain words: one home for the extension's wire
 * schemas, its background (notifications) and its pages. The simulator keeps its own lists on purpose:
 * it is an independent model of the service, and its tests compare the two.
 */
export const SWAP_STATUSES = [
  'PENDING_DEPOSIT',
  'KNOWN_DEPOSIT_TX',
  'PROCESSING',
  'SUCCESS',
  'INCOMPLETE_DEPOSIT',
  'REFUNDED',
  'FAILED',
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** After these the service reports nothing new: tracking ends. */
export const TERMINAL_STATUSES: readonly SwapStatus[] = ['SUCCESS', 'REFUNDED', 'FAILED'];
export const isTerminal = (status: SwapStatus): boolean => TERMINAL_STATUSES.includes(status);

export const REFUND_REASONS = [
  'AMOUNT_LESS_THAN_MIN_AMOUNT_OUT',
  'AMOUNT_MORE_THAN_BALANCE',
  'INTENT_SUBMIT_FAILED',
  'PARTIAL_DEPOSIT',
  'CIRCUIT_BREAKER_BLOCKED',
  'FEE_ESTIMATION_FAILED',
  'NO_LIQUIDITY',
  'AMOUNT_LESS_THAN_MIN_WITHDRAWABLE',
  'INSUFFICIENT_BALANCE',
  'REFUND_ADD_FAILED',
  'UNKNOWN',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export interface Explained {
  /** A few words, for badges, lists and notifications. */
  label: string;
  /** What happened, in plain words. */
  explain: string;
  /** What the user can do now (empty when nothing is needed). */
  todo: string;
}

export const REFUND_TEXT: Record<RefundReason, Explained> = {
  AMOUNT_LESS_THAN_MIN_AMOUNT_OUT: {
    label: 'Price moved too far',
    explain:
      'By the time your deposit arrived, it would have bought less than the minimum you accepted (the quote minus your slippage).',
    todo: 'Ask for a new quote and try again, perhaps with a little more slippage.',
  },
  AMOUNT_MORE_THAN_BALANCE: {
    label: 'More than available',
    explain: 'The swap needed more than the balance that was available for it.',
    todo: 'Ask for a new quote with a smaller amount.',
  },
  INTENT_SUBMIT_FAILED: {
    label: 'Could not submit',
    explain: 'The service could not submit the swap to the intents system.',
    todo: 'Try again with a new quote; if it keeps happening, contact the service with the deposit address.',
  },
  PARTIAL_DEPOSIT: {
    label: 'Partial deposit',
    explain: 'Less than the quoted amount arrived before the deadline, so the swap could not run.',
    todo: 'Ask for a new quote for the amount you want to send, and send the full amount shown.',
  },
  CIRCUIT_BREAKER_BLOCKED: {
    label: 'Paused for safety',
    explain: 'A safety limit of the service stopped this swap (for example unusual prices or volume).',
    todo: 'Wait a while and try again with a new quote.',
  },
  FEE_ESTIMATION_FAILED: {
    label: 'Fee unknown',
    explain: 'The service could not work out the network fee for sending the tokens.',
    todo: 'Try again later with a new quote.',
  },
  NO_LIQUIDITY: {
    label: 'No liquidity',
    explain: 'No market maker could fill this swap at the quoted price.',
    todo: 'Try a smaller amount, another token pair, or again later.',
  },
  AMOUNT_LESS_THAN_MIN_WITHDRAWABLE: {
    label: 'Below the minimum',
    explain: 'The amount to send out was below the smallest amount that can be withdrawn to that chain.',
    todo: 'Swap a larger amount.',
  },
  INSUFFICIENT_BALANCE: {
    label: 'Insufficient balance',
    explain: 'There was not enough balance to complete the swap.',
    todo: 'Ask for a new quote and make sure the whole amount is deposited.',
  },
  REFUND_ADD_FAILED: {
    label: 'Refund needs attention',
    explain: 'The swap failed and the automatic refund could not be set up.',
    todo: 'Contact the service with the deposit address and the signed quote below.',
  },
  UNKNOWN: {
    label: 'Unknown reason',
    explain: 'The service did not say why the swap was refunded.',
    todo: 'Check the refund address; contact the service with the deposit address if anything is missing.',
  },
};

/** The plain-words explanation of a refund reason; a code this version does not know is shown as it came. */
export function refundReasonText(reason: string | null | undefined): Explained | null {
  if (!reason) return null;
  if ((REFUND_REASONS as readonly string[]).includes(reason)) return REFUND_TEXT[reason as RefundReason];
  return {
    ...REFUND_TEXT.UNKNOWN,
    explain: `The service gave the reason "${reason}", which this version does not know.`,
  };
}
