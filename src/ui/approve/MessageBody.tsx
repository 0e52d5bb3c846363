// signMessage (NEP-413): every field that is signed, the message exactly as it is, except that hidden
// characters are shown as escapes (with a warning), never as they are. The asking origin is printed
// beside the recipient: a signature for another site is that site's sign-in (docs/security.md).
import type { MessagePreview, OriginView } from '../../api/approvalApi';
import { t } from '../i18n';
import { Findings } from './Findings';
import { Placed, SLOT } from './Placed';
import { Shown } from './Shown';
import { messageFindings } from './view';

export function MessageBody({ message, origin }: { message: MessagePreview; origin: OriginView }) {
  const findings = messageFindings(message, origin.origin);
  const otherSite = findings.some((f) => f.code === 'recipient_other_site');
  return (
    <section class="req-body" aria-label={t('approve_messageLabel')}>
      <h2>{t('approve_signMessage')}</h2>
      {/* The result first (docs/security.md, "What the window shows"): what the signature does and for whom. */}
      {!message.recipientIsVerifier && (
        <p data-testid="approval-message-result">
          <Placed text={t('approve_messageResult', SLOT)}>
            <strong>
              <Shown text={message.recipient} />
            </strong>
          </Placed>
        </p>
      )}
      {message.recipientIsVerifier && (
        <div class="flag bad" role="alert" data-testid="approval-verifier-warning">
          <strong>{t('approve_verifierMessage')}</strong>
          <p>{t('approve_verifierMessageHint')}</p>
        </div>
      )}
      <Findings findings={findings} />
      <dl class="facts">
        <dt>{t('approve_recipient')}</dt>
        <dd
          class={otherSite ? 'mono bad-text' : 'mono'}
          data-testid="approval-recipient"
          data-other-site={otherSite ? 'true' : undefined}
        >
          <Shown text={message.recipient} />
        </dd>
        <dt>{t('approve_askedBy')}</dt>
        <dd class="mono" data-testid="approval-message-origin">
          <Shown text={origin.origin} />
        </dd>
      </dl>
      <h3>{t('approve_messageLabel')}</h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable) */}
      <pre class="message" tabIndex={0} data-testid="approval-message">
        <Shown text={message.message} multiline />
      </pre>
      {/* What a person need not read to decide, one click away (as for intents, ./IntentsBody.tsx). */}
      <details class="technical" data-testid="approval-technical">
        <summary>{t('approve_technical')}</summary>
        <dl class="facts">
          <dt>{t('approve_account')}</dt>
          <dd class="mono" data-testid="approval-message-account">
            <Shown text={message.accountId} />
          </dd>
          <dt>{t('approve_callbackUrl')}</dt>
          <dd class="mono">
            {message.callbackUrl !== null ? (
              <Shown text={message.callbackUrl} />
            ) : (
              <span class="hint">{t('approve_none')}</span>
            )}
          </dd>
          <dt>{t('approve_nonce')}</dt>
          <dd class="mono">
            <Shown text={message.nonce} />
          </dd>
        </dl>
      </details>
    </section>
  );
}
