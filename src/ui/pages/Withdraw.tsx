// Withdraw from the intents account to an address on the token's own chain, through the swap service:
// a quote from the intents balance (deposit type INTENTS) to the same token delivered on its chain (with
// the destination tag an XRP address may need; a memo no route carries is refused, never dropped),
// shown with what arrives after the withdrawal fee; Continue starts it and opens its one review (the
// signed payment, naming the real destination and chain), then its progress; the tracker follows it to
// its end.
import { useEffect, useState } from 'preact/hooks';
import type { QuoteParams, QuoteView, SwapRecordView } from '../../api/swapApi';
import type { BalanceRow } from '../../api/walletApi';
import { memoLabel, memoProblem, memoRuleOf } from '../../core/destinationMemo';
import { addressProblem } from '../addresses';
import { heldAmountText, tokenAmountText } from '../amountText';
import { arrivesText } from '../arrives';
import { type Trouble, troubleOf } from '../call';
import { chainName, familyOf } from '../chains';
import { AmountField, readHeldAmount } from '../components/AmountField';
import { ContactPicker } from '../components/ContactPicker';
import { SelectField, TextField } from '../components/Field';
import { FailureAlert, StatusLine } from '../components/Notice';
import { PayFromIntents } from '../components/PayFromIntents';
import { Screen } from '../components/Screen';
import { focusFirstInvalidSoon } from '../focus';
import { t } from '../i18n';
import { said, saidIf } from '../phrase';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { Deposit } from './Deposit';

/** A withdrawal quote is good for this long: enough to review and pay. */
const DEADLINE_MS = 30 * 60_000;

export function Withdraw({ rows, accountId, onBack }: { rows: BalanceRow[]; accountId: string; onBack(): void }) {
  const [tokenId, setTokenId] = useState(rows[0]?.assetId ?? '');
  const [to, setTo] = useState('');
  const [memo, setMemo] = useState('');
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const [quote, setQuote] = useState<{ key: string; view: QuoteView } | { key: string; error: Trouble } | null>(null);
  /** Moved by Retry after a failed quote: the same fields are asked again. */
  const [requote, setRequote] = useState(0);
  const [started, setStarted] = useState<SwapRecordView | null>(null);
  /** Started and paid: its progress. Started, not yet paid: its one review. */
  const [paid, setPaid] = useState(false);
  const action = useAction();
  const token = rows.find((r) => r.assetId === tokenId);
  const chain = token?.blockchain ?? null;

  const toProblem = !chain
    ? t('withdraw_chooseToken')
    : !to.trim()
      ? t('withdraw_enterAddress', chainName(chain))
      : addressProblem(chain, to.trim());
  // The memo an exchange's address needs (an XRP destination tag); refused where no route carries one (core/destinationMemo).
  const family = chain ? familyOf(chain) : null;
  const memoRule = memoRuleOf(family);
  const memoText = memoRule ? memo : '';
  const memoError = saidIf(memoProblem(family, memoText, to.trim()));
  const { units, problem: amountProblem } = readHeldAmount(amount, token);

  const params = (): QuoteParams | null =>
    token && units !== null && !toProblem && !memoError && !amountProblem
      ? {
          swapType: 'EXACT_INPUT',
          slippageTolerance: 100,
          originAsset: token.assetId,
          depositType: 'INTENTS',
          destinationAsset: token.assetId,
          amount: units.toString(),
          refundTo: accountId,
          refundType: 'INTENTS',
          recipient: to.trim(),
          recipientType: 'DESTINATION_CHAIN',
          ...(memoText ? { recipientMemo: memoText } : {}),
          deadline: new Date(Date.now() + DEADLINE_MS).toISOString(),
        }
      : null;
  const key = `${tokenId}|${to.trim()}|${memoText}|${units ?? ''}`;

  // What arrives: the service's dry quote for these exact fields.
  useEffect(() => {
    const p = params();
    if (!p) return setQuote(null);
    let current = true;
    void swaps.quote(p).then(
      (view) => current && setQuote({ key, view }),
      (err: unknown) => current && setQuote({ key, error: troubleOf('quote', err) }),
    );
    return () => {
      current = false;
    };
  }, [key, requote]);

  if (started && paid) return <Deposit id={started.id} initial={started} onBack={onBack} />;

  const start = (p: QuoteParams) => void action.run(async () => setStarted(await swaps.start(p)));
  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    const p = params();
    if (!p) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    start(p);
  };
  const retryStart = () => {
    const p = params();
    if (p) start(p);
  };
  const shown = quote && quote.key === key ? quote : null;
  return (
    <Screen title={t('action_withdraw')} testid="withdraw" focusHeading>
      {started && (
        <PayFromIntents
          record={started}
          reviewNow
          arrives={token ? arrivesText(started, token, accountId) : null}
          onClosed={() => setStarted(null)}
          onPaid={(record) => {
            setStarted(record);
            setPaid(true);
          }}
        />
      )}
      <form onSubmit={submit} noValidate data-testid="withdraw-form">
        <SelectField
          label={t('send_token')}
          options={rows.map((r) => ({
            value: r.assetId,
            label: t('withdraw_tokenOption', r.symbol, chainName(r.blockchain), heldAmountText(r)),
          }))}
          value={tokenId}
          onValue={setTokenId}
          testid="withdraw-token"
        />
        <ContactPicker
          current={to}
          chain={chain}
          onPick={(c) => {
            setTo(c.address);
            setMemo(c.memo);
          }}
          testid="withdraw-contact"
        />
        <TextField
          label={chain ? t('withdraw_toChain', chainName(chain)) : t('withdraw_to')}
          value={to}
          onValue={setTo}
          verbatim
          testid="withdraw-to"
          error={tried || to ? toProblem : null}
        />
        {memoRule && (
          <TextField
            label={t('opt_memoIfAsked', said(memoLabel(memoRule.kind)))}
            value={memo}
            onValue={setMemo}
            verbatim
            testid="withdraw-memo"
            error={memoError}
          />
        )}
        <AmountField
          token={token}
          value={amount}
          onValue={setAmount}
          error={tried || amount ? amountProblem : null}
          testid="withdraw"
        />
        <StatusLine testid="withdraw-quote-status">{params() && !shown ? t('withdraw_asking') : ''}</StatusLine>
        {shown && 'view' in shown && token && (
          <p data-testid="withdraw-arrives">
            {shown.view.quote.withdrawFee && shown.view.quote.withdrawFee !== '0'
              ? t(
                  'withdraw_arrivesAfterFee',
                  tokenAmountText(BigInt(shown.view.quote.amountOut), token.assetId, token),
                  tokenAmountText(BigInt(shown.view.quote.withdrawFee), token.assetId, token),
                )
              : t('withdraw_arrives', tokenAmountText(BigInt(shown.view.quote.amountOut), token.assetId, token))}
          </p>
        )}
        {shown && 'error' in shown && (
          <FailureAlert
            trouble={shown.error}
            onRetry={() => {
              setQuote(null);
              setRequote((n) => n + 1);
            }}
            testid="withdraw-quote-error"
          />
        )}
        <FailureAlert
          trouble={action.trouble('withdraw')}
          onRetry={retryStart}
          retrying={action.busy}
          testid="withdraw-error"
        />
        <div class="actions">
          <button type="button" onClick={onBack} data-testid="withdraw-back">
            {t('withdraw_back')}
          </button>
          <button type="submit" class="primary" disabled={action.busy} data-testid="withdraw-continue">
            {t('withdraw_continue')}
          </button>
        </div>
      </form>
    </Screen>
  );
}
