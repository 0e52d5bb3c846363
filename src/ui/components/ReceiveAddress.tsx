// A token's reusable deposit address (docs/services.md, "Home: balances, receive, send, withdraw"): the QR, the address and Copy at once,
// an optional amount that turns the QR into a payment request, and, behind "Deposit not showing?", the
// deposits the bridge has seen there. The address is the PoA bridge's for this account and chain: the
// same every time, so nothing is stored and an address nobody paid leaves nothing in Activity.
import { useEffect, useState } from 'preact/hooks';
import type { ReceiveDeposit } from '../../api/receive';
import type { TokenView } from '../../api/swapApi';
import { chainName } from '../addresses';
import { isConfirmed, parseAmountInput } from '../amountText';
import { type Trouble, troubleOf } from '../call';
import { t } from '../i18n';
import { numberStyle } from '../numbers';
import { said } from '../phrase';
import { wallet } from '../wallet';
import { CopyButton } from './CopyButton';
import { DepositQr } from './DepositQr';
import { TextField } from './Field';
import { FailureAlert, StatusLine } from './Notice';

const DEPOSIT_STATUS: Record<ReceiveDeposit['status'], () => string> = {
  COMPLETED: () => t('receive_deposit_COMPLETED'),
  PENDING: () => t('receive_deposit_PENDING'),
  FAILED: () => t('receive_deposit_FAILED'),
  OTHER: () => t('receive_deposit_OTHER'),
};

export function ReceiveAddress({ token }: { token: TokenView }) {
  const [address, setAddress] = useState<string | null>(null);
  const [error, setError] = useState<Trouble | null>(null);
  const [amount, setAmount] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setAddress(null);
    setError(null);
    wallet.receiveAddress(token.assetId).then(
      (r) => live && setAddress(r.address),
      (e: unknown) => live && setError(troubleOf('address', e)),
    );
    return () => {
      live = false;
    };
  }, [token.assetId, attempt]);

  const chain = chainName(token.blockchain);
  const read = amount.trim() && token.decimals !== null ? parseAmountInput(amount, token.decimals) : null;
  const units = read && 'units' in read ? read.units : 0n;
  if (error) {
    return <FailureAlert trouble={error} onRetry={() => setAttempt(attempt + 1)} testid="receive-address-error" />;
  }
  if (!address) return <StatusLine testid="receive-loading">{t('receive_gettingAddress')}</StatusLine>;
  return (
    <div data-testid="receive-address-block">
      <DepositQr address={address} amount={units} token={token} />
      <p class="label">{t('receive_yourAddress', chain)}</p>
      <p class="mono address" data-testid="receive-address">
        {address}
      </p>
      <CopyButton text={address} label={t('receive_copyAddress')} testid="receive-copy" />
      <p class="hint">{t('receive_sendOnly', token.symbol, chain)}</p>
      {isConfirmed(token) && (
        <TextField
          label={t('receive_requestAmount', token.symbol)}
          value={amount}
          onValue={setAmount}
          inputMode="decimal"
          verbatim
          testid="receive-request-amount"
          error={read && 'problem' in read ? read.problem : null}
        />
      )}
      <details class="more" data-testid="receive-help">
        <summary data-testid="receive-help-toggle">{t('receive_notShowing')}</summary>
        <RecentDeposits assetId={token.assetId} />
      </details>
    </div>
  );
}

function RecentDeposits({ assetId }: { assetId: string }) {
  const [deposits, setDeposits] = useState<ReceiveDeposit[] | null>(null);
  const [error, setError] = useState<Trouble | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    try {
      setDeposits(await wallet.receiveDeposits(assetId));
      setError(null);
    } catch (e) {
      setError(troubleOf('deposits', e));
    }
    setBusy(false);
  };
  return (
    <div>
      <p class="hint">{t('receive_checkHint')}</p>
      <button type="button" onClick={() => void check()} disabled={busy} data-testid="receive-check">
        {busy ? t('receive_checking') : t('receive_check')}
      </button>
      <FailureAlert trouble={error} onRetry={() => void check()} retrying={busy} testid="receive-check-error" />
      {deposits && (
        <StatusLine testid="receive-deposits-count">
          {deposits.length === 0
            ? t('receive_noneSeen')
            : t(
                deposits.length === 1 ? 'receive_seen_one' : 'receive_seen_many',
                numberStyle().whole(String(deposits.length)),
              )}
        </StatusLine>
      )}
      {deposits && deposits.length > 0 && (
        <ul class="plain" data-testid="receive-deposits">
          {deposits.map((d, i) => (
            <li key={d.txHash ?? i} data-testid="receive-deposit" data-status={d.status}>
              {said(d.amount)} · {DEPOSIT_STATUS[d.status]()}
              {d.txHash && <span class="mono small"> {d.txHash}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
