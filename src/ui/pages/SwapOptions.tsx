// The swap form's options, folded under one line that says what they are now: the swap type, where the
// tokens go (with the memo an address may need) and refunds return (this intents account unless changed), how the deposit is paid, the
// slippage and deadline, and the rarely used Advanced part. Folded so that amount, tokens, quote and
// the button fit a 600 px popup; opened by itself when a field inside needs attention.

import type { SwapType, TokenView } from '../../api/swapApi';
import { memoRuleOf } from '../../core/destinationMemo';
import { chainName, familyOf } from '../addresses';
import { ContactPicker } from '../components/ContactPicker';
import { type Choice, ChoiceGroup, TextField } from '../components/Field';
import { shortAccount } from '../format';
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

const MAIN_SWAP_TYPES: readonly Choice<SwapType>[] = [
  { value: 'EXACT_INPUT', label: 'Exact amount in', hint: 'You send exactly this; the quote says what you get.' },
  { value: 'EXACT_OUTPUT', label: 'Exact amount out', hint: 'You get exactly this; the quote says what to send.' },
  {
    value: 'FLEX_INPUT',
    label: 'Flexible amount in',
    hint: 'Partial and varying deposits are swapped within your slippage.',
  },
];

const TYPE_WORDS: Record<SwapType, string> = {
  EXACT_INPUT: 'Exact in',
  EXACT_OUTPUT: 'Exact out',
  FLEX_INPUT: 'Flexible in',
  ANY_INPUT: 'ANY_INPUT',
};

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
        ? 'you'
        : form.recipient
          ? shortAccount(form.recipient)
          : 'no one yet'
      : 'an address';
  const from = form.swapType === 'ANY_INPUT' || form.depositType === 'INTENTS' ? 'your balance' : 'a wallet';
  return `${TYPE_WORDS[form.swapType]} · ${form.slippagePercent.trim() || '?'} % slippage · from ${from} · to ${to}`;
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
        Options{' '}
        <span class="hint" data-testid="swap-options-summary">
          {optionsSummary(form, account)}
        </span>
      </summary>
      <ChoiceGroup
        legend="Swap type"
        choices={MAIN_SWAP_TYPES}
        value={form.swapType}
        onValue={(v) => set('swapType', v)}
        testid="swap-type"
      />
      {anyInput && <p class="hint">ANY_INPUT is chosen under Advanced.</p>}
      <AddressChoice
        label="Receive to"
        chain={{
          value: 'DESTINATION_CHAIN',
          label: destination
            ? `An address on ${chainName(destination.blockchain)}`
            : 'An address on the destination chain',
        }}
        type={form.recipientType}
        onType={(v) => set('recipientType', v)}
        fieldLabels={{ intents: 'Recipient intents account', address: 'Recipient address' }}
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
          label={`${memoRule.label} (if the receiving address asks for one)`}
          {...bind('recipientMemo')}
          verbatim
          testid="swap-recipient-memo"
        />
      )}
      {anyInput ? (
        <TextField
          label="Refund intents account"
          {...bind('refundTo')}
          verbatim
          testid="swap-refund-any"
          hint="ANY_INPUT refunds, if any, stay in the intents ledger."
        />
      ) : (
        <AddressChoice
          label="Refunds go to"
          chain={{
            value: 'ORIGIN_CHAIN',
            label: origin ? `An address on ${chainName(origin.blockchain)}` : 'An address on the origin chain',
          }}
          type={form.refundType}
          onType={(v) => set('refundType', v)}
          fieldLabels={{ intents: 'Refund intents account', address: 'Refund address' }}
          {...bind('refundTo')}
          testid="swap-refund"
        />
      )}
      {!anyInput && (
        <ChoiceGroup
          legend="Deposit from"
          choices={[
            {
              value: 'ORIGIN_CHAIN',
              label: origin ? `A wallet on ${chainName(origin.blockchain)}` : 'A wallet on the origin chain',
              hint: 'You get an address to send to.',
            },
            { value: 'INTENTS', label: 'My intents account', hint: 'Paid by a transfer inside the intents system.' },
          ]}
          value={form.depositType}
          onValue={(v) => set('depositType', v)}
          testid="swap-deposit-type"
        />
      )}
      {!anyInput && form.depositType === 'ORIGIN_CHAIN' && modes.length > 1 && (
        <ChoiceGroup
          legend="Deposit mode"
          choices={modes.map((m) =>
            m === 'MEMO'
              ? { value: m, label: 'Shared address with a memo', hint: 'You must include the memo in the transfer.' }
              : { value: m, label: 'Own address' },
          )}
          value={form.depositMode}
          onValue={(v) => set('depositMode', v)}
          testid="swap-deposit-mode"
        />
      )}
      {!anyInput && form.depositType === 'ORIGIN_CHAIN' && modes.length === 1 && modes[0] === 'MEMO' && (
        <p class="hint" data-testid="swap-memo-required">
          Deposits on {origin ? chainName(origin.blockchain) : 'this chain'} need a memo: you will get one with the
          address.
        </p>
      )}
      <fieldset class="choices slippage">
        <legend>Slippage</legend>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons is a group, not a section of a form; a fieldset would need a legend no one reads */}
        <div class="actions start" role="group" aria-label="Slippage presets">
          {SLIPPAGE_PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={form.slippagePercent.trim() === p}
              onClick={() => set('slippagePercent', p)}
              data-testid={`swap-slippage-${p}`}
            >
              {p} %
            </button>
          ))}
        </div>
        <TextField
          label="Slippage tolerance (%)"
          {...bind('slippagePercent')}
          inputMode="decimal"
          verbatim
          testid="swap-slippage"
          hint={
            slippageBps !== null
              ? `${slippageBps} basis points${slippageBps > HIGH_SLIPPAGE_BPS ? ' (high)' : ''}`
              : undefined
          }
        />
      </fieldset>
      <TextField
        label="Deadline (minutes from now)"
        {...bind('deadlineMinutes')}
        inputMode="numeric"
        placeholder={String(minutesDefault)}
        testid="swap-deadline"
        hint={`Refunds begin if the swap is not done by then. Default ${minutesDefault} min${minutesDefault >= 60 ? ': deposits on this chain confirm slowly' : ''}.`}
      />
      <Advanced form={form} bind={bind} set={set} setForm={setForm} show={show} problems={problems} tried={tried} />
    </details>
  );
}
