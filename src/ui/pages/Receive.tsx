// Receive into the intents account from any supported chain: pick the token (its chain comes with it)
// and the amount; the swap service gives a deposit address on that chain whose swap delivers the same
// token into this account (recipient type INTENTS, refunds to this account too). The deposit view that
// opens shows the address with its QR (the chain's payment request with the amount), and follows it.
import { useEffect, useState } from 'preact/hooks';
import type { QuoteParams, SwapRecordView, TokenView } from '../../api/swapApi';
import { parseAmountInput, unusableTokenText } from '../amountText';
import { TextField } from '../components/Field';
import { ErrorAlert } from '../components/Notice';
import { Screen } from '../components/Screen';
import { TokenPicker } from '../components/TokenPicker';
import { focusFirstInvalidSoon } from '../focus';
import { defaultDeadlineMinutes } from '../swapForm';
import { swaps } from '../swaps';
import { useAction } from '../useAction';
import { Deposit } from './Deposit';

export function Receive({ accountId, onBack }: { accountId: string; onBack(): void }) {
  const [tokens, setTokens] = useState<TokenView[]>([]);
  const [tokenId, setTokenId] = useState('');
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const [started, setStarted] = useState<SwapRecordView | null>(null);
  const action = useAction();
  useEffect(() => {
    swaps.tokensOnce().then(
      // Tokens of the home ledger are already where the intents account can take them.
      (all) => setTokens(all.filter((t) => t.blockchain !== 'home')),
      () => setTokens([]),
    );
  }, []);
  const token = tokens.find((t) => t.assetId === tokenId);
  const unusable = unusableTokenText(token);
  const read = unusable
    ? { problem: unusable }
    : token?.decimals != null
      ? parseAmountInput(amount, token.decimals)
      : ({ problem: 'Choose the token to receive' } as const);
  const amountProblem =
    'problem' in read
      ? read.problem.replace('This token', token?.symbol ?? 'This token')
      : read.units === 0n
        ? 'Enter an amount above zero'
        : null;

  if (started) return <Deposit id={started.id} initial={started} onBack={onBack} />;

  const submit = (e: Event) => {
    e.preventDefault();
    setTried(true);
    if (!token || amountProblem || !('units' in read)) return focusFirstInvalidSoon(e.currentTarget as HTMLFormElement);
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
    void action.run(async () => setStarted(await swaps.start(params)));
  };
  return (
    <Screen title="Receive" testid="receive" focusHeading>
      <form onSubmit={submit} noValidate data-testid="receive-form">
        <TokenPicker
          label="Token to receive"
          tokens={tokens}
          value={tokenId}
          onValue={setTokenId}
          testid="receive-token"
          error={tried && !token ? 'Choose the token to receive' : null}
        />
        <TextField
          label={`Amount${token ? ` (${token.symbol})` : ''}`}
          value={amount}
          onValue={setAmount}
          inputMode="decimal"
          verbatim
          testid="receive-amount"
          error={tried || amount ? amountProblem : null}
        />
        <p class="hint">
          It arrives in this intents account; if the deposit cannot be swapped, it is refunded here too.
        </p>
        <ErrorAlert message={action.error} testid="receive-error" />
        <div class="actions">
          <button type="button" onClick={onBack} data-testid="receive-back">
            Back
          </button>
          <button type="submit" class="primary" disabled={action.busy} data-testid="receive-continue">
            Get a deposit address
          </button>
        </div>
      </form>
    </Screen>
  );
}
