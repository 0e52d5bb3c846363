// What the swap form's button says and whether it can be pressed: the situation in plain words
// ("Swap", "Insufficient wNEAR", "Minimum 0.43 wNEAR") rather than a submit that fails later. Paying
// from the intents balance is one step (a review, then progress); paying from a wallet on another chain
// goes through a deposit address.
import type { DepositType, SwapType } from '../api/swapApi';
import { formatUnits, parseUnits } from '../core/amounts';
import { exactDecimal } from './amountText';
import { t } from './i18n';

export interface SwapButtonInput {
  depositType: DepositType;
  swapType: SwapType;
  /** The amount as typed: of the token sent for EXACT_INPUT, of the token received otherwise. */
  amount: string;
  /** The token sent, with its checked decimals (null when not confirmed). */
  origin: { symbol: string; decimals: number | null } | undefined;
  /** What the intents account holds of the token sent, in smallest units; null when not known. */
  held: bigint | null;
  /** The dry quote's amount in, when the amount typed is not the one sent (EXACT_OUTPUT, FLEX_INPUT). */
  quotedIn: bigint | null;
  /** The dry quote's refusal, when it refused. */
  quoteError: string | null;
}

export interface SwapButton {
  label: string;
  /** The busy label while the swap starts. */
  busyLabel: string;
  /** The form cannot go on as it is (the label says why). */
  blocked: boolean;
}

// The swap service's refusal of a small amount: "Amount is too low for bridge, try at least 132000"
// (smallest units of the token sent), docs/services.md.
const TRY_AT_LEAST = /try at least (\d{1,78})\b/;

/** The smallest amount the service named in a refusal, in smallest units of the token sent; null if none. */
export function minimumIn(message: string): bigint | null {
  const m = TRY_AT_LEAST.exec(message);
  return m ? BigInt(m[1]!) : null;
}

/** The refusal of a small amount in the token's words ("Minimum 0.43 wNEAR"); null for any other refusal. */
export function minimumText(message: string, origin: SwapButtonInput['origin']): string | null {
  const min = minimumIn(message);
  if (min === null || !origin || origin.decimals === null) return null;
  return t('swapButton_minimum', exactDecimal(formatUnits(min, origin.decimals)), origin.symbol);
}

function needed(i: SwapButtonInput): bigint | null {
  if (i.swapType !== 'EXACT_INPUT') return i.quotedIn;
  if (!i.origin || i.origin.decimals === null) return null;
  try {
    return parseUnits(i.amount, i.origin.decimals);
  } catch {
    return null; // the amount field says what is wrong with it
  }
}

export function swapButton(i: SwapButtonInput): SwapButton {
  if (i.depositType === 'ORIGIN_CHAIN' || i.swapType === 'ANY_INPUT')
    return { label: t('swapButton_getAddress'), busyLabel: t('swapButton_gettingAddress'), blocked: false };
  const minimum = i.quoteError ? minimumText(i.quoteError, i.origin) : null;
  if (minimum) return { label: minimum, busyLabel: minimum, blocked: true };
  const need = needed(i);
  if (i.origin && i.held !== null && need !== null && need > i.held) {
    const label = t('swapButton_insufficient', i.origin.symbol);
    return { label, busyLabel: label, blocked: true };
  }
  return { label: t('action_swap'), busyLabel: t('swapButton_preparing'), blocked: false };
}

/** Paying from the balance is the default for a token the intents account holds. */
export function defaultDepositType(held: bigint | null): DepositType {
  return held !== null && held > 0n ? 'INTENTS' : 'ORIGIN_CHAIN';
}
