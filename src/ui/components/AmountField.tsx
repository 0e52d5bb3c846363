// The amount of a token the account holds, as people write it (src/ui/amountText.ts): its reading
// against the balance, and the field with a Max button that fills in the whole balance. One home for
// Send and Withdraw, which take an amount from the same balances. A token whose decimals are not
// confirmed is refused here, with why (docs/security.md, "Token facts"): typed digits would be read
// with the swap service's word alone.

import { formatUnits } from '../../core/amounts';
import type { Phrase } from '../../core/phrase';
import { parseAmountInput, readableAmount, unusableTokenText } from '../amountText';
import { t } from '../i18n';
import { TextField } from './Field';

/** What the field needs of a token the account holds (a BalanceRow has it). */
export interface HeldToken {
  assetId: string;
  symbol: string;
  /** Null unless confirmed by a second source: such a token takes no amount. */
  decimals: number | null;
  factsNote: Phrase | null;
  /** The balance, in the token's smallest units. */
  amount: string;
}

/**
 * The amount typed, read for `token`: `units` as written (null where it does not read as an amount) and
 * the problem to show, which also covers zero and more than the balance.
 */
export function readHeldAmount(
  amount: string,
  token: HeldToken | undefined,
): { units: bigint | null; problem: string | null } {
  const unusable = unusableTokenText(token);
  if (unusable) return { units: null, problem: unusable };
  const read =
    token?.decimals != null
      ? parseAmountInput(amount, token.decimals, token.symbol)
      : { problem: t('amount_chooseHeld') };
  if ('problem' in read) return { units: null, problem: read.problem };
  const { units } = read;
  if (units === 0n) return { units, problem: t('amount_aboveZero') };
  if (token?.decimals != null && units > BigInt(token.amount))
    return {
      units,
      problem: t('amount_moreThanHeld', readableAmount(BigInt(token.amount), token.decimals), token.symbol),
    };
  return { units, problem: null };
}

/** The amount field; `testid` names it and, with `-max`, its Max button (shown once a token is chosen). */
export function AmountField(props: {
  token: HeldToken | undefined;
  value: string;
  onValue(value: string): void;
  error: string | null;
  testid: string;
}) {
  const { token } = props;
  return (
    <TextField
      label={token ? t('amount_labelOf', token.symbol) : t('amount_label')}
      value={props.value}
      onValue={props.onValue}
      inputMode="decimal"
      verbatim
      testid={`${props.testid}-amount`}
      error={props.error}
      aside={
        token?.decimals != null && (
          <button
            type="button"
            class="link"
            onClick={() => props.onValue(formatUnits(BigInt(token.amount), token.decimals!))}
            data-testid={`${props.testid}-max`}
          >
            {t('amount_max')}
          </button>
        )
      }
    />
  );
}
