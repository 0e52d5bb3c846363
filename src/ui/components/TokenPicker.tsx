// Choosing a token: a button showing the choice (with what the intents account holds of it, else its
// price), and a dialog with a search over symbol, chain and asset id, tokens grouped by chain with their
// price and what the account holds of each. A token whose decimals and symbol are not confirmed by a second
// source is marked as such (docs/security.md, "Token facts"); the forms refuse it for amounts.

import { useId, useState } from 'preact/hooks';
import type { TokenView } from '../../api/swapApi';
import type { BalanceRow } from '../../api/walletApi';
import { tokenAmountText } from '../amountText';
import { chainName } from '../chains';
import { t } from '../i18n';
import { said } from '../phrase';
import { formatPrice, searchTokens } from '../tokenSearch';
import { Dialog } from './Dialog';
import { TokenIcon } from './TokenIcon';

interface TokenPickerProps {
  label: string;
  tokens: readonly TokenView[];
  value: string;
  onValue(assetId: string): void;
  testid: string;
  error?: string | null;
  /** What the intents account holds, by asset id (the Home balances). */
  held?: ReadonlyMap<string, BalanceRow>;
}

const heldText = (row: BalanceRow) => tokenAmountText(BigInt(row.amount), row.assetId, row);
const FLAG: Record<TokenView['facts'], () => string> = {
  confirmed: () => '',
  disputed: () => t('picker_disputed'),
  unconfirmed: () => t('picker_unconfirmed'),
};

export function TokenPicker({ label, tokens, value, onValue, testid, error, held }: TokenPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const id = useId();
  const chosen = tokens.find((t) => t.assetId === value);
  const chosenHeld = value ? held?.get(value) : undefined;
  const groups = open ? searchTokens(tokens, query) : [];
  const choose = (assetId: string) => {
    onValue(assetId);
    setOpen(false);
    setQuery('');
  };
  return (
    <div class="field">
      <span class="label" id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        class="picker"
        id={`${id}-button`}
        // Named by the field's label and then its own text (the choice and the balance or price).
        aria-labelledby={`${id}-label ${id}-button`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid={testid}
        data-asset-id={value || undefined}
      >
        <span>
          {chosen ? (
            <>
              {t('picker_on', chosen.symbol, chainName(chosen.blockchain))}
              {chosen.facts !== 'confirmed' && <span class="bad-text"> ({FLAG[chosen.facts]()})</span>}
            </>
          ) : (
            t('picker_choose')
          )}
        </span>{' '}
        {chosen && (
          <span class="hint" data-testid={chosenHeld ? `${testid}-balance` : undefined}>
            {chosenHeld ? t('picker_held', heldText(chosenHeld)) : formatPrice(chosen.price)}
          </span>
        )}
      </button>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {open && (
        <Dialog title={label} onClose={() => setOpen(false)} testid={`${testid}-dialog`}>
          <div class="field">
            <label for={`${id}-search`}>{t('picker_search')}</label>
            <input
              id={`${id}-search`}
              type="search"
              value={query}
              onInput={(e) => setQuery(e.currentTarget.value)}
              autoComplete="off"
              spellcheck={false}
              data-testid="swap-token-search"
            />
          </div>
          <p class="hint" role="status">
            {t('picker_count', String(groups.reduce((n, g) => n + g.tokens.length, 0)))}
          </p>
          <div class="token-groups">
            {groups.map((g) => (
              <section key={g.chain} aria-labelledby={`${id}-chain-${g.chain}`}>
                <h3 id={`${id}-chain-${g.chain}`}>{chainName(g.chain)}</h3>
                <ul class="token-list" aria-label={t('picker_tokensOn', chainName(g.chain))}>
                  {g.tokens.map((tok) => (
                    <li key={tok.assetId}>
                      <button
                        type="button"
                        class="token"
                        aria-pressed={tok.assetId === value}
                        onClick={() => choose(tok.assetId)}
                        data-testid="swap-token-option"
                        data-asset-id={tok.assetId}
                        data-facts={tok.facts}
                        title={tok.factsNote ? said(tok.factsNote) : undefined}
                      >
                        <TokenIcon assetId={tok.assetId} symbol={tok.symbol} size="sm" /> <strong>{tok.symbol}</strong>
                        {tok.facts !== 'confirmed' && <span class="bad-text"> {FLAG[tok.facts]()}</span>}
                        <span class="price">{formatPrice(tok.price)}</span>
                        <span class="mono hint">{tok.assetId}</span>
                        {held?.get(tok.assetId) && (
                          <span class="hint held">{t('picker_youHold', heldText(held.get(tok.assetId)!))}</span>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </Dialog>
      )}
    </div>
  );
}
