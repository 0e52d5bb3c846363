// A token amount for reading (src/ui/amountText.ts), the exact value in its title and kept for copying.
import { readableDecimal, readableUsd } from '../amountText';

export function Amount({ value, testid }: { value: string; testid?: string }) {
  return (
    <span title={value} data-exact={value} data-testid={testid}>
      {readableDecimal(value)}
    </span>
  );
}

export function Usd({ value }: { value: string | null | undefined }) {
  return value ? <span class="hint"> {readableUsd(value)}</span> : null;
}
