// The Advanced part of the swap form: ANY_INPUT, referral, app fees, quote waiting time, virtual-chain
// recipients and the custom recipient message.
import { useState } from 'preact/hooks';
import { ledgerName } from '../chains';
import { Checkbox, TextField } from '../components/Field';
import { Warning } from '../components/Notice';
import { t } from '../i18n';
import { bpsToPercent, MAX_APP_FEES, percentToBps, type SwapField, type SwapForm, withAnyInput } from '../swapForm';

/** Text-field props bound to one string field of the swap form: value, onValue and the error to show. */
export type FieldBinding = (key: TextKey) => { value: string; onValue(v: string): void; error: string | null };
export type TextKey = { [K in keyof SwapForm]: SwapForm[K] extends string ? K : never }[keyof SwapForm];

/** The swap form's state and its setters, as the parts of the form (Advanced, SwapOptions) take them. */
export interface SwapFormParts {
  form: SwapForm;
  /** The value, setter and shown error of a text field for this key of the form. */
  bind: FieldBinding;
  set<K extends keyof SwapForm>(key: K, value: SwapForm[K]): void;
  setForm(update: (old: SwapForm) => SwapForm): void;
  show(field: SwapField, value: string): string | null;
  problems: Partial<Record<SwapField, string>>;
  tried: boolean;
}

/** The swap form's rarely used options, folded away. */
export function Advanced({ form, bind, set, setForm, show, problems, tried }: SwapFormParts) {
  const setFee = (i: number, patch: Partial<{ recipient: string; bps: string }>) =>
    setForm((old) => ({ ...old, appFees: old.appFees.map((row, j) => (j === i ? { ...row, ...patch } : row)) }));
  // Open when something in it is set (the form came back from a deposit view), else closed.
  const [open, setOpen] = useState(
    () =>
      form.swapType === 'ANY_INPUT' ||
      !!form.referral ||
      form.appFees.length > 0 ||
      !!form.quoteWaitingMs ||
      !!form.virtualChainRecipient ||
      !!form.virtualChainRefundRecipient ||
      form.customMsgAccepted,
  );
  return (
    <details
      class="group advanced"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
      data-testid="swap-advanced"
    >
      <summary>{t('swapAdv_advanced')}</summary>
      <Checkbox
        label={t('swapAdv_anyInput')}
        checked={form.swapType === 'ANY_INPUT'}
        onChecked={(on) => setForm((old) => withAnyInput(old, on))}
        testid="swap-any-input"
      />
      <TextField
        label={t('swapAdv_referral')}
        value={form.referral}
        onValue={(v) => set('referral', v.toLowerCase())}
        verbatim
        testid="swap-referral"
        hint={t('swapAdv_referralHint')}
        error={show('referral', form.referral)}
      />
      <fieldset class="choices">
        <legend>{t('quote_appFees')}</legend>
        {form.appFees.length === 0 && <p class="hint">{t('swapAdv_noFees')}</p>}
        {form.appFees.map((row, i) => (
          // biome-ignore lint/a11y/useSemanticElements: one fee's fields are a group inside the form's own fieldset; a nested fieldset would need a legend no one reads
          <div
            class="fee-row"
            key={i}
            role="group"
            aria-label={t('swapAdv_feeGroup', String(i + 1))}
            data-testid="swap-fee-row"
          >
            <TextField
              label={t('swapAdv_feeRecipient', String(i + 1))}
              value={row.recipient}
              onValue={(v) => setFee(i, { recipient: v })}
              verbatim
              testid="swap-fee-recipient"
              error={show(`appFee${i}Recipient`, row.recipient)}
            />
            <TextField
              label={t('swapAdv_feeBps', String(i + 1))}
              value={row.bps}
              onValue={(v) => setFee(i, { bps: v })}
              inputMode="numeric"
              testid="swap-fee-bps"
              hint={
                percentToBps(row.bps) !== null && /^\d+$/.test(row.bps.trim())
                  ? `${bpsToPercent(Number(row.bps.trim()))}`
                  : undefined
              }
              error={show(`appFee${i}Bps`, row.bps)}
            />
            <button
              type="button"
              onClick={() => setForm((old) => ({ ...old, appFees: old.appFees.filter((_, j) => j !== i) }))}
              aria-label={t('swapAdv_removeFee', String(i + 1))}
              data-testid="swap-fee-remove"
            >
              {t('swapAdv_remove')}
            </button>
          </div>
        ))}
        {form.appFees.length < MAX_APP_FEES && (
          <button
            type="button"
            onClick={() => setForm((old) => ({ ...old, appFees: [...old.appFees, { recipient: '', bps: '' }] }))}
            data-testid="swap-fee-add"
          >
            {t('swapAdv_addFee')}
          </button>
        )}
      </fieldset>
      <TextField
        label={t('swapAdv_quoteWait')}
        {...bind('quoteWaitingMs')}
        inputMode="numeric"
        placeholder="3000"
        testid="swap-quote-wait"
        hint={t('swapAdv_quoteWaitHint')}
      />
      <TextField
        label={t('swapAdv_virtualRecipient')}
        {...bind('virtualChainRecipient')}
        verbatim
        testid="swap-virtual-recipient"
      />
      <TextField
        label={t('swapAdv_virtualRefund')}
        {...bind('virtualChainRefundRecipient')}
        verbatim
        testid="swap-virtual-refund"
      />
      <Warning testid="swap-custom-msg-warning">
        <p>
          <strong>{t('swapAdv_customTitle')}</strong> {t('swapAdv_customText', ledgerName())}
        </p>
        <Checkbox
          label={t('swapAdv_customAccept')}
          checked={form.customMsgAccepted}
          onChecked={(on) => set('customMsgAccepted', on)}
          testid="swap-custom-msg-accept"
        />
      </Warning>
      {problems.customMsgAccepted && (tried || form.customRecipientMsg) ? (
        <p class="field-error" data-testid="swap-custom-msg-error">
          {problems.customMsgAccepted}
        </p>
      ) : null}
      <TextField
        label={t('swapAdv_customMsg')}
        value={form.customRecipientMsg}
        onValue={(v) => set('customRecipientMsg', v)}
        multiline
        rows={2}
        verbatim
        disabled={!form.customMsgAccepted}
        testid="swap-custom-msg"
      />
    </details>
  );
}
