// signMessage (NEP-413): every field that is signed, the message exactly as it is, except that hidden
// characters are shown as escapes (with a warning), never as they are. The asking origin is printed
// beside the recipient: a signature for another site is that site's sign-in (docs/security.md).
import type { MessagePreview, OriginView } from '../../api/approvalApi';
import { Findings } from './Findings';
import { Shown } from './Shown';
import { messageFindings } from './view';

export function MessageBody({ message, origin }: { message: MessagePreview; origin: OriginView }) {
  const findings = messageFindings(message, origin.origin);
  const otherSite = findings.some((f) => f.code === 'recipient_other_site');
  return (
    <section class="req-body" aria-label="Message">
      <h2>Sign this message?</h2>
      {message.recipientIsVerifier && (
        <div class="flag bad" role="alert" data-testid="approval-verifier-warning">
          <strong>This message is addressed to the intents verifier: it may move funds like an intent.</strong>
          <p>Sign it only if you expected this site to trade or move tokens for you.</p>
        </div>
      )}
      <Findings findings={findings} />
      <dl class="facts">
        <dt>Account</dt>
        <dd class="mono">
          <Shown text={message.accountId} />
        </dd>
        <dt>Recipient</dt>
        <dd
          class={otherSite ? 'mono bad-text' : 'mono'}
          data-testid="approval-recipient"
          data-other-site={otherSite ? 'true' : undefined}
        >
          <Shown text={message.recipient} />
        </dd>
        <dt>Asked by</dt>
        <dd class="mono" data-testid="approval-message-origin">
          <Shown text={origin.origin} />
        </dd>
        <dt>Callback URL</dt>
        <dd class="mono">
          {message.callbackUrl !== null ? <Shown text={message.callbackUrl} /> : <span class="hint">none</span>}
        </dd>
        <dt>Nonce</dt>
        <dd class="mono">
          <Shown text={message.nonce} />
        </dd>
      </dl>
      <h3>Message</h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable) */}
      <pre class="message" tabIndex={0} data-testid="approval-message">
        <Shown text={message.message} multiline />
      </pre>
    </section>
  );
}
