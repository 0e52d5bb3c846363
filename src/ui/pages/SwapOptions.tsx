// The swap form's options, folded under one line that says what they are now: the swap type, where the
// tokens go (with the memo an address may need) and refunds return (this intents account unless changed), how the deposit is paid, the
// slippage and deadline, and the rarely used Advanced part. Folded so that amount, tokens, quote and
// the button fit a 600 px popup; opened by itself when a field inside needs attention.

import type { SwapType, TokenView } from '../../api/swapApi';
import { memoLabel, memoRuleOf } from '../../core/destinationMemo';
import { chainName, familyOf } from '../addresses';
import { ContactPicker } from '../components/ContactPicker';
import { type Choice, ChoiceGroup, TextField } from '../components/Field';
import { shortAccount } from '../format';
import { t } from '../i18n';
import { said } from '../phrase';
import {
  defaultDeadlineMinutes,
  depositModesFor,
  HIGH_SLIPPAGE_BPS,
  percentToBps,
  SLIPPAGE_PRESETS,
  type SwapField,
  type SwapForm,
} from '../swapForm';
import { AddressChoice } from './SwapAddress';
import { Advanced, type SwapFormParts } from './SwapAdvanced';

const mainSwapTypes = (): readonly Choice<SwapType>[] => [
  { value: 'EXACT_INPUT', label: t('opt_exactIn'), hint: t('opt_exactInHint') },
  { value: 'EXACT_OUTPUT', label: t('opt_exactOut'), hint: t('opt_exactOutHint') },
  { value: 'FLEX_INPUT', label: t('opt_flexIn'), hint: t('opt_flexInHint') },
];

const typeWords = (type: SwapType): string =>
  type === 'EXACT_INPUT'
    ? t('opt_wordExactIn')
    : type === 'EXACT_OUTPUT'
      ? t('opt_wordExactOut')
      : type === 'FLEX_INPUT'
        ? t('opt_wordFlexIn')
        : 'ANY_INPUT';

/** Fields that live under Options: a problem in one of them opens it. */
export const OPTION_FIELDS: readonly SwapField[] = [
  'recipient',
  'recipientMemo',
  'refundTo',
  'slippagePercent',
  'deadlineMinutes',
  'depositMode',
  'referral',
  'quoteWaitingMs',
  'virtualChainRecipient',
  'virtualChainRefundRecipient',
  'customMsgAccepted',
];

/** The summary of the folded options, short enough for one line at 360 px. */
export function optionsSummary(form: SwapForm, account: string | null): string {
  const to =
    form.recipientType === 'INTENTS'
      ? form.recipient === account
        ? t('opt_toYou')
        : form.recipient
          ? shortAccount(form.recipient)
          : t('opt_toNoOne')
      : t('opt_toAddress');
  const from =
    form.swapType === 'ANY_INPUT' || form.depositType === 'INTENTS' ? t('opt_fromBalance') : t('opt_fromWallet');
  return t('opt_summary', typeWords(form.swapType), form.slippagePercent.trim() || '?', from, to);
}

interface SwapOptionsProps extends SwapFormParts {
  account: string | null;
  open: boolean;
  onOpen(open: boolean): void;
  origin: TokenView | undefined;
  destination: TokenView | undefined;
}

export function SwapOptions({
  form,
  account,
  open,
  onOpen,
  origin,
  destination,
  bind,
  set,
  setForm,
  show,
  problems,
  tried,
}: SwapOptionsProps) {
  const anyInput = form.swapType === 'ANY_INPUT';
  const modes = depositModesFor(origin?.blockchain ?? null);
  const slippageBps = percentToBps(form.slippagePercent.trim());
  const minutesDefault = defaultDeadlineMinutes(origin?.blockchain ?? null, form.swapType);
  const memoRule =
    form.recipientType === 'DESTINATION_CHAIN' && destination ? memoRuleOf(familyOf(destination.blockchain)) : null;
  return (
    <details
      class="group options"
      open={open}
      onToggle={(e) => onOpen((e.currentTarget as HTMLDetailsElement).open)}
      data-testid="swap-options"
    >
      <summary data-testid="swap-options-toggle">
        {t('opt_options')}{' '}
        <span class="hint" data-testid="swap-options-summary">
          {optionsSummary(form, account)}
        </span>
      </summary>
      <ChoiceGroup
        legend={t('opt_swapType')}
        choices={mainSwapTypes()}
        value={form.swapType}
        onValue={(v) => set('swapType', v)}
        testid="swap-type"
      />
      {anyInput && <p class="hint">{t('opt_anyInputChosen')}</p>}
      <AddressChoice
        label={t('opt_receiveTo')}
        chain={{
          value: 'DESTINATION_CHAIN',
          label: destination ? t('opt_addressOn', chainName(destination.blockchain)) : t('opt_addressOnDestination'),
        }}
        type={form.recipientType}
        onType={(v) => set('recipientType', v)}
        fieldLabels={{ intents: t('opt_recipientAccount'), address: t('opt_recipientAddress') }}
        {...bind('recipient')}
        testid="swap-recipient"
      />
      <ContactPicker
        current={form.recipient}
        key={form.recipientType}
        chain={form.recipientType === 'INTENTS' ? 'home' : (destination?.blockchain ?? null)}
        onPick={(c) => {
          set('recipient', c.address);
          if (memoRule) set('recipientMemo', c.memo);
        }}
        testid="swap-recipient-contact"
      />
      {memoRule && (
        <TextField
          label={t('opt_memoIfAsked', said(memoLabel(memoRule.kind)))}
          {...bind('recipientMemo')}
          verbatim
          testid="swap-recipient-memo"
        />
      )}
      {anyInput ? (
        <TextField
          label={t('opt_refundAccount')}
          {...bind('refundTo')}
          verbatim
          testid="swap-refund-any"
          hint={t('opt_anyInputRefunds')}
        />
      ) : (
        <AddressChoice
          label={t('opt_refundsGoTo')}
          chain={{
            value: 'ORIGIN_CHAIN',
            label: origin ? t('opt_addressOn', chainName(origin.blockchain)) : t('opt_addressOnOrigin'),
          }}
          type={form.refundType}
          onType={(v) => set('refundType', v)}
          fieldLabels={{ intents: t('opt_refundAccount'), address: t('opt_refundAddress') }}
          {...bind('refundTo')}
          testid="swap-refund"
        />
      )}
      {!anyInput && (
        <ChoiceGroup
          legend={t('opt_depositFrom')}
          choices={[
            {
              value: 'ORIGIN_CHAIN',
              label: origin ? t('opt_walletOn', chainName(origin.blockchain)) : t('opt_walletOnOrigin'),
              hint: t('opt_walletHint'),
            },
            { value: 'INTENTS', label: t('opt_myAccount'), hint: t('opt_myAccountHint') },
          ]}
          value={form.depositType}
          onValue={(v) => set('depositType', v)}
          testid="swap-deposit-type"
        />
      )}
      {!anyInput && form.depositType === 'ORIGIN_CHAIN' && modes.length > 1 && (
        <ChoiceGroup
          legend={t('opt_depositMode')}
          choices={modes.map((m) =>
            m === 'MEMO'
              ? { value: m, label: t('opt_sharedMemo'), hint: t('opt_sharedMemoHint') }
              : { value: m, label: t('opt_ownAddress') },
          )}
          value={form.depositMode}
          onValue={(v) => set('depositMode', v)}
          testid="swap-deposit-mode"
        />
      )}
      {!anyInput && form.depositType === 'ORIGIN_CHAIN' && modes.length === 1 && modes[0] === 'MEMO' && (
        <p class="hint" data-testid="swap-memo-required">
          {t('opt_memoNeeded', origin ? chainName(origin.blockchain) : t('opt_thisChain'))}
        </p>
      )}
      <fieldset class="choices slippage">
        <legend>{t('opt_slippage')}</legend>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons is a group, not a section of a form; a fieldset would need a legend no one reads */}
        <div class="actions start" role="group" aria-label={t('opt_slippagePresets')}>
          {SLIPPAGE_PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={form.slippagePercent.trim() === p}
              onClick={() => set('slippagePercent', p)}
              data-testid={`swap-slippage-${p}`}
            >
              {t('opt_percent', p)}
            </button>
          ))}
        </div>
        <TextField
          label={t('opt_slippageTolerance')}
          {...bind('slippagePercent')}
          inputMode="decimal"
          verbatim
          testid="swap-slippage"
          hint={
            slippageBps !== null
              ? t(slippageBps > HIGH_SLIPPAGE_BPS ? 'opt_basisPointsHigh' : 'opt_basisPoints', String(slippageBps))
              : undefined
          }
        />
      </fieldset>
      <TextField
        label={t('opt_deadline')}
        {...bind('deadlineMinutes')}
        inputMode="numeric"
        placeholder={String(minutesDefault)}
        testid="swap-deadline"
        hint={t(minutesDefault >= 60 ? 'opt_deadlineHintSlow' : 'opt_deadlineHint', String(minutesDefault))}
      />
      <Advanced form={form} bind={bind} set={set} setForm={setForm} show={show} problems={problems} tried={tried} />
    </details>
  );
}
