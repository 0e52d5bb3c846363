// The intents account's balances: what it holds, in USD and per token, largest first. Painted at once
// from the last reading the background kept, then read again; small balances fold behind a toggle.

import { useEffect, useState } from 'preact/hooks';
import type { BalancesView } from '../../api/walletApi';
import { readableAmount, readableUsd } from '../amountText';
import { reportedTrouble, type Trouble, troubleOf } from '../call';
import { chainName } from '../chains';
import { FailureAlert, StatusLine } from '../components/Notice';
import { Screen } from '../components/Screen';
import { ChainIcon, TokenIcon } from '../components/TokenIcon';
import { t } from '../i18n';
import { lazy } from '../lazy';
import { said } from '../phrase';
import { wallet } from '../wallet';

// Send (with the approval window's intent view) loads on first use.
const SendLazy = lazy(() => import('./Send').then((m) => m.Send));
const WithdrawLazy = lazy(() => import('./Withdraw').then((m) => m.Withdraw));
const ReceiveLazy = lazy(() => import('./Receive').then((m) => m.Receive));

/** Below this many USD a balance is dust: folded away unless asked for. */
const DUST_USD = 0.01;

interface HomeProps {
  accountId: string | null;
  /** Opens the Swap section. */
  onSwap?(): void;
  /** Opens on Receive (Activity's empty state). */
  receive?: boolean;
}

export function Home({ accountId, onSwap, receive = false }: HomeProps) {
  const [view, setView] = useState<BalancesView | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<Trouble | null>(null);
  const [showDust, setShowDust] = useState(false);
  const [action, setAction] = useState<'receive' | 'send' | 'withdraw' | null>(receive ? 'receive' : null);

  const read = async () => {
    setReading(true);
    try {
      const fresh = await wallet.balances();
      setView(fresh);
      setError(fresh.error === null ? null : reportedTrouble('balances', fresh.error, fresh.failure));
    } catch (err) {
      setError(troubleOf('balances', err));
    } finally {
      setReading(false);
    }
  };
  useEffect(() => {
    if (!accountId) return;
    void wallet.keptBalances().then(
      (kept) => kept && setView((v) => v ?? kept),
      () => undefined,
    );
    void read();
  }, [accountId]);

  const rows = view?.rows ?? [];
  const back = () => {
    setAction(null);
    void read();
  };
  if (action === 'send') return <SendLazy rows={rows} onBack={back} onSent={() => void read()} />;
  if (action === 'withdraw' && accountId) return <WithdrawLazy rows={rows} accountId={accountId} onBack={back} />;
  if (action === 'receive' && accountId) return <ReceiveLazy accountId={accountId} onBack={back} />;
  const dust = rows.filter((r) => r.usd !== null && Number(r.usd) < DUST_USD);
  const shown = showDust ? rows : rows.filter((r) => !dust.includes(r));
  return (
    <Screen title={t('home_title')} testid="home" ready={view !== null || error !== null}>
      <div class="total-row">
        <p class="total" data-testid="home-total" data-stale={view?.stale ?? true}>
          <span class="label">{t('home_intentsAccount')}</span>{' '}
          <strong class="total-usd">{view ? readableUsd(view.totalUsd) : '…'}</strong>
          {view?.stale && view.at !== null ? <span class="hint"> {t('home_lastKnown')}</span> : null}
        </p>
        <button type="button" class="link" onClick={() => void read()} disabled={reading} data-testid="home-refresh">
          {t('common_refresh')}
        </button>
      </div>
      <div class="home-actions">
        <button
          type="button"
          class="primary"
          onClick={() => setAction('receive')}
          disabled={!accountId}
          data-testid="home-receive"
        >
          {t('action_receive')}
        </button>
        <button
          type="button"
          class="primary"
          onClick={() => setAction('send')}
          disabled={rows.length === 0}
          data-testid="home-send"
        >
          {t('action_send')}
        </button>
        {onSwap && (
          <button type="button" class="primary" onClick={onSwap} data-testid="home-swap">
            {t('action_swap')}
          </button>
        )}
        <button
          type="button"
          class="primary"
          onClick={() => setAction('withdraw')}
          disabled={rows.length === 0}
          data-testid="home-withdraw"
        >
          {t('action_withdraw')}
        </button>
      </div>
      <StatusLine testid="home-status">{reading ? t('home_reading') : ''}</StatusLine>
      <FailureAlert trouble={error} onRetry={() => void read()} retrying={reading} testid="home-error" />
      {view && rows.length === 0 && !reading && (
        <p class="hint" data-testid="home-empty">
          {t('home_empty')}
        </p>
      )}
      <ul class="plain balances" aria-label={t('home_balances')} data-testid="home-balances">
        {shown.map((r) => (
          <li key={r.assetId} class="balance" data-testid="home-balance" data-asset-id={r.assetId} data-facts={r.facts}>
            <span class="balance-icons">
              <TokenIcon assetId={r.assetId} symbol={r.symbol} />
              <ChainIcon chain={r.blockchain} name={chainName(r.blockchain)} />
            </span>
            <span class="balance-token">
              <strong>{r.symbol}</strong> <span class="hint">{chainName(r.blockchain)}</span>
            </span>{' '}
            {r.decimals === null ? (
              // Decimals no second source confirms (docs/security.md, "Token facts"): the raw units, the id, and why.
              <span class="balance-value" title={r.factsNote ? said(r.factsNote) : undefined}>
                <span class="amount mono">{r.amount}</span> <span class="hint">{t('home_unitsOf')}</span>{' '}
                <code>{r.assetId}</code>{' '}
                <span class="bad-text" data-testid="home-balance-facts">
                  {r.facts === 'disputed' ? t('home_decimalsDisputed') : t('home_decimalsUnconfirmed')}
                </span>
              </span>
            ) : (
              <span class="balance-value">
                <span class="amount" title={t('home_smallestUnits', r.amount)}>
                  {readableAmount(BigInt(r.amount), r.decimals)}
                </span>{' '}
                {/* A non-zero balance worth less than a cent rounds to $0.00: say so instead. */}
                <span class="hint">
                  {r.usd === null ? t('home_noPrice') : Number(r.usd) === 0 ? readableUsd(0.001) : readableUsd(r.usd)}
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
      {dust.length > 0 && (
        <button
          type="button"
          class="link"
          aria-expanded={showDust}
          onClick={() => setShowDust(!showDust)}
          data-testid="home-dust-toggle"
        >
          {showDust ? t('home_hideDust') : t('home_showDust', String(dust.length), readableUsd(DUST_USD))}
        </button>
      )}
    </Screen>
  );
}
