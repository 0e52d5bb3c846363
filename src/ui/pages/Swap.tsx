// The Swap tab: the swap form (SwapForm.tsx), then the deposit and tracking view of a started swap (also
// reachable from the list of swaps in progress). A swap paid from the intents balance goes from the form
// to its one review and then to its progress, with no deposit screen; one paid from a wallet on another
// chain shows its deposit address.
import { useEffect, useState } from 'preact/hooks';
import type { SwapRecordView, TokenView } from '../../api/swapApi';
import { arrivesText } from '../arrives';
import { type Trouble, troubleOf } from '../call';
import { ActiveSwaps } from '../components/ActiveSwaps';
import { FailureAlert, StatusLine } from '../components/Notice';
import { PayFromIntents } from '../components/PayFromIntents';
import { Screen } from '../components/Screen';
import { t } from '../i18n';
import { emptyForm, type SwapForm } from '../swapForm';
import { swaps } from '../swaps';
import { useHeld } from '../useHeld';

import { Deposit } from './Deposit';
import { SwapFormView } from './SwapForm';

interface SwapTabProps {
  /** The selected wallet account: the default recipient and refund account in the intents system. */
  account: string | null;
}

export function SwapTab({ account }: SwapTabProps) {
  const [form, setForm] = useState<SwapForm>(() => emptyForm(account));
  const [openId, setOpenId] = useState<string | null>(null);
  const [started, setStarted] = useState<SwapRecordView | null>(null);
  /** A swap paid from the balance, started and waiting for its one review (no deposit screen). */
  const [paying, setPaying] = useState<SwapRecordView | null>(null);
  const [tokens, setTokens] = useState<TokenView[] | null>(null);
  const [tokensError, setTokensError] = useState<Trouble | null>(null);
  const held = useHeld(account);

  const loadTokens = () => {
    setTokensError(null);
    swaps.tokensOnce().then(setTokens, (err: unknown) => setTokensError(troubleOf('tokens', err)));
  };
  useEffect(loadTokens, []);

  if (openId) {
    return (
      <Deposit
        id={openId}
        initial={started?.id === openId ? started : null}
        onBack={() => {
          setOpenId(null);
          setStarted(null);
        }}
      />
    );
  }
  return (
    <Screen title={t('action_swap')} testid="swap" ready={tokens !== null || tokensError !== null} titleHidden>
      <StatusLine testid="swap-tokens-status">{!tokens && !tokensError ? t('swap_loadingTokens') : ''}</StatusLine>
      <FailureAlert trouble={tokensError} onRetry={loadTokens} testid="swap-tokens-error" />
      {tokens && (
        <SwapFormView
          form={form}
          setForm={setForm}
          tokens={tokens}
          held={held}
          account={account}
          onStarted={(record) => {
            if (record.request.depositType === 'INTENTS' && record.request.swapType !== 'ANY_INPUT')
              return setPaying(record);
            setStarted(record);
            setOpenId(record.id);
          }}
        />
      )}
      {paying && (
        <PayFromIntents
          record={paying}
          reviewNow
          arrives={arrivesText(
            paying,
            tokens?.find((t) => t.assetId === paying.request.destinationAsset),
            account,
          )}
          onClosed={() => setPaying(null)}
          onPaid={(record) => {
            setPaying(null);
            setStarted(record);
            setOpenId(record.id);
          }}
        />
      )}
      {/* Below the form, which must fit the popup's first screen. */}
      <ActiveSwaps onOpen={setOpenId} />
    </Screen>
  );
}
