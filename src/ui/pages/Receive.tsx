// Receive into the intents account from another chain (docs/services.md, "Home: balances, receive, send, withdraw"): pick the token (its
// chain comes with it) and its address shows at once, with its QR and Copy: the PoA bridge's reusable
// deposit address for this account. No amount is needed; one may be added to make the QR a payment
// request. A token the bridge does not carry (another bridge's, or a chain whose deposits need a memo)
// falls back to a one-time deposit address from the swap service, which needs the amount: a quote from the
// token on its chain to the same token with this account as an INTENTS recipient (refunds here too).
import { useEffect, useState } from 'preact/hooks';
import type { QuoteParams, SwapRecordView, TokenView } from '../../api/swapApi';
import { poaChainOf } from '../../core/poaBridge';
import { chainName } from '../addresses';
import { parseAmountInput, unusableTokenText } from '../amountText';
import { TextField } from '../components/Field';
import { FailureAlert } from '../components/Notice';
import { ReceiveAddress } from '../components/ReceiveAddress';
import { Screen } from '../components/Screen';
import { TokenPicker } from '../components/TokenPicker';
import { focusFirstInvalidSoon } from '../focus';
import { t } from '../i18n';
import { defaultDeadlineMinutes } from '../swapForm';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { Deposit } from './Deposit';

export function Receive({ accountId, onBack }: { accountId: string; onBack(): void }) {
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [tokenId, setTokenId] = useState('');
  const [started, setStarted] = useState<SwapRecordView | null>(null);
  useEffect(() => {
    swaps.tokensOnce().then(
      // Tokens of the home ledger are already where the intents account can take them.
      (all) => setTokens(all.filter((t) => t.blockchain !== 'home')),
      () => setTokens([]),
    );
  }, []);
  const token = tokens.find((t) => t.assetId === tokenId);
  if (started) return <Deposit id={started.id} initial={started} onBack={onBack} />;
  const reusable = token && !unusableTokenText(token) && poaChainOf(token) !== null;
  const title = token ? t('receive_titleOf', token.symbol, chainName(token.blockchain)) : t('action_receive');
  return (
    <Screen title={title} testid="receive" focusHeading>
      <div class="actions start">
        <button type="button" onClick={onBack} data-testid="receive-back">
          {t('receive_back')}
        </button>
      </div>
      <div data-testid="receive-form">
        <TokenPicker
          label={t('receive_tokenAndChain')}
          tokens={tokens}
          value={tokenId}
          onValue={setTokenId}
          testid="receive-token"
          error={null}
        />
      </div>
      {!token && <p class="hint">{t('receive_choose')}</p>}
      {token && reusable && <ReceiveAddress key={token.assetId} token={token} />}
      {token && !reusable && (
        <OneTimeReceive key={token.assetId} token={token} accountId={accountId} onStarted={setStarted} />
      )}
    </Screen>
  );
}

/** A one-time deposit address from the swap service, for a token without a reusable one: it needs the amount. */
function OneTimeReceive({
  token,
  accountId,
  onStarted,
}: {
  token: TokenView;
  accountId: string;
  onStarted(record: SwapRecordView): void;
}) {
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const action = useAction();
  const unusable = unusableTokenText(token);
  const read = unusable
    ? { problem: unusable }
    : token.decimals != null
      ? parseAmountInput(amount, token.decimals, token.symbol)
      : { problem: t('receive_chooseToken') };
  const amountProblem = 'problem' in read ? read.problem : read.units === 0n ? t('amount_aboveZero') : null;
  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (amountProblem || !('units' in read)) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
    const params: QuoteParams = {
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: token.assetId,
      depositType: 'ORIGIN_CHAIN',
      destinationAsset: token.assetId,
      amount: read.units.toString(),
      refundTo: accountId,
      refundType: 'INTENTS',
      recipient: accountId,
      recipientType: 'INTENTS',
      deadline: new Date(Date.now() + defaultDeadlineMinutes(token.blockchain) * 60_000).toISOString(),
    };
    void action.run(async () => onStarted(await swaps.start(params)));
  };
  return (
    <form onSubmit={submit} noValidate data-testid="receive-once-form">
      <p class="hint">{t('receive_oneTimeHint', chainName(token.blockchain))}</p>
      <TextField
        label={t('amount_labelOf', token.symbol)}
        value={amount}
        onValue={setAmount}
        inputMode="decimal"
        verbatim
        testid="receive-amount"
        error={tried || amount ? amountProblem : null}
      />
      <FailureAlert trouble={action.trouble('address')} testid="receive-error" />
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy} data-testid="receive-continue">
          {t('receive_getAddress')}
        </button>
      </div>
    </form>
  );
}
