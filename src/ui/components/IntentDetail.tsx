// One intent the wallet published, in full: what it did in plain words, its status, the site that asked
// for it, the account that signed it, its hash and the ledger transaction.
import type { ComponentChildren } from 'preact';
import { AS_SWAP_STATUS, type PublishedIntentView } from '../../api/activity';
import { historyDate, INTENT_STATUS_TEXT, intentKind } from '../activityText';
import { relativeTime } from '../format';
import { t } from '../i18n';
import { said } from '../phrase';
import { SaveContact } from './ContactPicker';
import { CopyButton } from './CopyButton';
import { Screen } from './Screen';

interface IntentDetailProps {
  intent: PublishedIntentView;
  onBack(): void;
}

/** The account a Send paid, as its record keeps it (src/background/activity/published.ts); null for anything else. */
const sendReceiver = (intent: PublishedIntentView): string | null =>
  intent.kind === 'send' ? (intent.receivers[0] ?? null) : null;

export function IntentDetail({ intent, onBack }: IntentDetailProps) {
  const status = INTENT_STATUS_TEXT[intent.status];
  const row = (label: string, value: ComponentChildren, testid?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testid}>{value}</dd>
    </>
  );
  return (
    <Screen title={intentKind(intent)} testid="intent-detail" focusHeading>
      <div class="actions start">
        <button type="button" onClick={onBack} data-testid="intent-detail-back">
          {t('intentDetail_back')}
        </button>
      </div>
      <dl class="facts stacked" data-testid="intent-detail-fields">
        {row(
          t('intentDetail_status'),
          <>
            <span class={`badge status-${AS_SWAP_STATUS[intent.status]}`} data-status={intent.status}>
              {status.label}
            </span>{' '}
            {status.explain}
            {intent.detail && <span class="hint"> ({intent.detail})</span>}
          </>,
          'intent-detail-status',
        )}
        {row(
          t('intentDetail_whatItDid'),
          <ul class="plain">
            {intent.summary.map((line, i) => (
              <li key={i}>{said(line)}</li>
            ))}
          </ul>,
          'intent-detail-summary',
        )}
        {sendReceiver(intent) &&
          row(
            t('intentDetail_receiver'),
            <SaveContact chains={['home']} address={sendReceiver(intent)!} testid="intent-save-contact" />,
          )}
        {intent.origin && row(t('intentDetail_site'), <code>{intent.origin}</code>, 'intent-detail-site')}
        {row(t('approve_account'), <code>{intent.accountId}</code>)}
        {row(
          t('intentDetail_published'),
          t('intentDetail_publishedAt', historyDate(intent.createdAt), relativeTime(intent.createdAt, Date.now())),
        )}
        {row(
          t('intentDetail_hash'),
          <>
            <code>{intent.intentHash}</code> <CopyButton text={intent.intentHash} label={t('intentDetail_copyHash')} />
          </>,
          'intent-detail-hash',
        )}
        {row(t('intentDetail_tx'), intent.txHash ? <code>{intent.txHash}</code> : '—', 'intent-detail-tx')}
      </dl>
    </Screen>
  );
}
